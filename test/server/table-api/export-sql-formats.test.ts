// The export's cells are formatted by the database (server/table-api/export/sql-formats.ts); they must read exactly as
// the table shows the same values (formatValue in common/format.ts), for each format a column may declare
// over each value type it may hold. Values go through the database as the table reads them: the expected
// text is formatValue of what `pg` hands back for the raw value.
import { after, before, describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type pg from 'pg';
import { formatValue, type FormatName } from '../../../common/format.ts';
import type { ValueType } from '../../../common/resources/types.ts';
import { formatSettings, formattedSql } from '../../../server/table-api/export/sql-formats.ts';
import { openTestDatabase } from '../../support/app.ts';

let pool: pg.Pool;
let drop: () => Promise<void>;
before(async () => {
  const opened = await openTestDatabase();
  pool = opened.db.pool;
  drop = opened.drop;
});
after(() => drop());

const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const decimal = (maxInt: number, decimals: number) =>
  fc
    .tuple(fc.boolean(), digits(1, maxInt), digits(0, decimals))
    .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`);
// Amounts near the rounding edges (x.xx5, -0.005, -0.0049) as well as anything up to 10^20.
const edges = fc.constantFrom(
  '0',
  '-0',
  '0.005',
  '-0.005',
  '-0.0049',
  '-0.0051',
  '2.345',
  '-2.345',
  '999.995',
  '-999.995',
  '0.00005',
  '-0.00005',
  '-0.00004999',
);
const numeric = fc.oneof(decimal(20, 6), decimal(3, 4), edges);
const safeInteger = fc.oneof(
  fc.integer(),
  fc.maxSafeInteger(),
  fc.constantFrom(0, -1, 999, 1000, -1000, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER),
);
const day = fc
  .date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-30T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const moment = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());
// Formula starts, quotes, separators, line breaks and any Unicode (PostgreSQL text holds no NUL).
const text = fc
  .oneof(
    fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', "'", 'a', ' ', 'é', '€') }),
    fc.string({ unit: 'grapheme' }),
  )
  .map((s) => s.replaceAll('\u0000', ''));

const values: Record<ValueType, { sql: string; arbitrary: fc.Arbitrary<unknown> }> = {
  text: { sql: 'text', arbitrary: text },
  integer: { sql: 'bigint', arbitrary: safeInteger },
  number: { sql: 'numeric', arbitrary: numeric },
  boolean: { sql: 'boolean', arbitrary: fc.boolean() },
  date: { sql: 'date', arbitrary: day },
  datetime: { sql: 'timestamptz', arbitrary: moment },
};

/** What the table writes for a raw value: formatValue, and a 'text' cell defused like the export's. */
function shown(raw: unknown, format: FormatName): string | null {
  const out = formatValue(raw, format);
  const defused = format === 'text' && /^[=+\-@\t\r]/.test(out) ? `'${out}` : out;
  return defused === '' ? null : defused;
}

/** A column of a sized type (ColumnDef `digits`): its SQL type and values that fit it. */
interface Sized {
  sql: string;
  arbitrary: fc.Arbitrary<unknown>;
  digits: { whole: number; decimals: number };
}

async function agrees(format: FormatName, type: ValueType, sized?: Sized) {
  const { sql, arbitrary } = sized ?? values[type];
  const expression = formattedSql({ sql: 'v.x', type, format, digits: sized?.digits });
  const from = `from unnest($1::${sql}[]) with ordinality v(x, i) order by v.i`;
  await fc.assert(
    fc.asyncProperty(fc.array(fc.option(arbitrary, { freq: 20 }), { minLength: 1, maxLength: 150 }), async (list) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        // The raw values as the table reads them, before the export's settings (its datestyle) apply.
        const raws = (await client.query<{ raw: unknown }>(`select v.x as raw ${from}`, [list])).rows;
        await client.query(formatSettings.text, formatSettings.params);
        const cells = (await client.query<{ cell: string | null }>(`select ${expression} as cell ${from}`, [list])).rows;
        assert.equal(cells.length, raws.length);
        for (const [i, { raw }] of raws.entries())
          assert.equal(cells[i]!.cell, shown(raw, format), `${format} of ${type} ${JSON.stringify(raw)}`);
      } finally {
        await client.query('rollback');
        client.release();
      }
    }),
    { numRuns: 25 },
  );
}

const declared: Array<[FormatName, ValueType[]]> = [
  ['text', ['text', 'integer', 'number', 'boolean', 'date', 'datetime']],
  ['integer', ['integer', 'number']],
  ['number', ['number', 'integer']],
  ['currency', ['number', 'integer']],
  ['percent', ['number', 'integer']],
  ['date', ['date', 'datetime']],
  ['datetime', ['datetime', 'date']],
  ['boolean', ['boolean']],
];

describe('exported cells read as the table shows them', () => {
  for (const [format, types] of declared) {
    for (const type of types) test(`${format} of ${type} values`, () => agrees(format, type));
  }
});

// Columns that declare their type's size are formatted within it, without rounding where none is needed.
const sized: Array<[FormatName, ValueType, Sized]> = [
  [
    'currency',
    'number',
    {
      sql: 'numeric(14,2)',
      arbitrary: fc.oneof(
        decimal(12, 2),
        edges.filter((e) => e.split('.')[1] === undefined || e.split('.')[1]!.length <= 2),
      ),
      digits: { whole: 12, decimals: 2 },
    },
  ],
  ['number', 'number', { sql: 'numeric(14,2)', arbitrary: decimal(12, 2), digits: { whole: 12, decimals: 2 } }],
  [
    'percent',
    'number',
    {
      sql: 'numeric(6,4)',
      arbitrary: fc.oneof(decimal(2, 4), fc.constantFrom('0', '-0', '0.0001', '-0.0001', '-0.00005', '99.9999', '-99.9999')),
      digits: { whole: 2, decimals: 4 },
    },
  ],
  ['percent', 'number', { sql: 'numeric(8,6)', arbitrary: decimal(2, 6), digits: { whole: 2, decimals: 6 } }],
  ['integer', 'integer', { sql: 'int4', arbitrary: fc.integer(), digits: { whole: 10, decimals: 0 } }],
  ['integer', 'number', { sql: 'numeric(14,2)', arbitrary: decimal(12, 2), digits: { whole: 12, decimals: 2 } }],
];

describe('exported cells of sized columns read as the table shows them', () => {
  for (const [format, type, size] of sized) test(`${format} of ${size.sql} values`, () => agrees(format, type, size));

  test('every column that declares its size has exactly that size in the database', async () => {
    const { resources } = await import('../../../server/resources/index.ts');
    let checked = 0;
    for (const def of resources) {
      for (const column of def.columns) {
        if (!column.digits) continue;
        const name = /^\w+\.(\w+)$/.exec(column.sql)?.[1];
        assert.ok(name, `${def.name}.${column.name}: a sized column reads one base column`);
        const { rows } = await pool.query<{ data_type: string; numeric_precision: number; numeric_scale: number }>(
          `select data_type, numeric_precision, numeric_scale from information_schema.columns where table_name = $1 and column_name = $2`,
          [def.table, name],
        );
        const [type] = rows;
        assert.ok(type, `${def.name}.${column.name}`);
        const whole = type.data_type === 'integer' ? 10 : type.data_type === 'smallint' ? 5 : type.numeric_precision - type.numeric_scale;
        assert.deepEqual(
          column.digits,
          { whole, decimals: type.numeric_scale },
          `${def.name}.${column.name} is ${type.data_type}(${type.numeric_precision}, ${type.numeric_scale})`,
        );
        checked++;
      }
    }
    assert.ok(checked >= 3);
  });
});
