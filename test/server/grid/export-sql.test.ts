// The export's cells are formatted by the database (server/grid/export-sql.ts); they must read exactly as
// the table shows the same values (formatValue in common/format.ts), for each format a column may declare
// over each value type it may hold. Values go through the database as the table reads them: the expected
// text is formatValue of what `pg` hands back for the raw value.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type pg from 'pg';
import { formatValue, type FormatName } from '../../../common/format.ts';
import type { ValueType } from '../../../common/resources/types.ts';
import { formatSettings, formattedSql } from '../../../server/grid/export-sql.ts';
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
  fc.tuple(fc.boolean(), digits(1, maxInt), digits(0, decimals))
    .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}`);
// Amounts near the rounding edges (x.xx5, -0.005, -0.0049) as well as anything up to 10^20.
const edges = fc.constantFrom('0', '-0', '0.005', '-0.005', '-0.0049', '-0.0051', '2.345', '-2.345', '999.995', '-999.995', '0.00005', '-0.00005', '-0.00004999');
const numeric = fc.oneof(decimal(20, 6), decimal(3, 4), edges);
const safeInteger = fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.constantFrom(0, -1, 999, 1000, -1000, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER));
const day = fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-30T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
const moment = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
// Formula starts, quotes, separators, line breaks and any Unicode (PostgreSQL text holds no NUL).
const text = fc.oneof(fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '"', ',', "'", 'a', ' ', 'é', '€') }), fc.string({ unit: 'grapheme' }))
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

async function agrees(format: FormatName, type: ValueType) {
  const { sql, arbitrary } = values[type];
  const expression = formattedSql({ sql: 'v.x', type, format });
  await fc.assert(
    fc.asyncProperty(fc.array(fc.option(arbitrary, { freq: 20 }), { minLength: 1, maxLength: 150 }), async (list) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(formatSettings.text, formatSettings.params);
        const { rows } = await client.query<{ raw: unknown; cell: string | null }>(
          `select v.x as raw, ${expression} as cell from unnest($1::${sql}[]) with ordinality v(x, i) order by v.i`,
          [list],
        );
        for (const { raw, cell } of rows) assert.equal(cell, shown(raw, format), `${format} of ${type} ${JSON.stringify(raw)}`);
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
