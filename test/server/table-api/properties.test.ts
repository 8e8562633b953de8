// Property tests: thousands of random and hostile parameter sets against the table API. Whatever is sent,
// the answer is never a 5xx, never carries SQL text, and is a well-formed answer in the request's dialect
// (rows, or a refusal with its reason); changes answer { Succeed, Failed, Data, Error } or a clear refusal.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { useTestApp } from '../../support/app.ts';
import { resources } from '../../../server/resources/index.ts';
import { changeStatus } from './support.ts';
import { hostileDate, hostileDayRange, inRangeInstant, outOfRangeInstant, outOfRangeTypedDay } from '../../support/hostile-dates.ts';

const shared = useTestApp('admin');

// What our SQL or the database's errors would look like if any leaked into an answer.
const sqlLeak =
  /syntax error|relation "|column "\w+" does not exist|\bselect\s[\s\S]*\sfrom\s|\bilike\b|\border by\b|pg_catalog|\$\d+::|sale_id|store_id|at character \d/i;

const columnNames = [...new Set(resources.flatMap((r) => r.columns.map((c) => c.name)))];

const hostileText = fc.oneof(
  fc.constantFrom(
    "'; drop table stores; --",
    '1 or 1=1',
    '%',
    '_',
    '\\',
    '%_\\%',
    '"',
    '\u0000',
    '$1',
    '1e999',
    '-0',
    'NaN',
    'Infinity',
    '0x10',
    ' 12 ',
    '١٢',
    '𝟙𝟚',
    '😀',
    '<script>alert(1)</script>',
    'null',
    'undefined',
    '[]',
    '{}',
    'asc',
    'desc',
    'DESC',
    'true',
    'false',
    '-1',
    '9007199254740993',
    '2147483648',
    '1.5',
    '',
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer({ min: -5, max: 3000 }).map(String),
  fc.constantFrom(...columnNames),
  fc.constant('x'.repeat(250)),
);

const indexedKeys = (i: number) => [
  `columns[${i}][data]`,
  `columns[${i}][searchable]`,
  `columns[${i}][orderable]`,
  `columns[${i}][search][value]`,
  `order[${i}][column]`,
  `order[${i}][dir]`,
  `mDataProp_${i}`,
  `bSearchable_${i}`,
  `bSortable_${i}`,
  `sSearch_${i}`,
  `iSortCol_${i}`,
  `sSortDir_${i}`,
];
const paramKeys = fc.oneof(
  fc.constantFrom(
    'draw',
    'start',
    'length',
    'search[value]',
    'search[regex]',
    'sEcho',
    'iDisplayStart',
    'iDisplayLength',
    'iColumns',
    'sSearch',
    'bRegex',
    'iSortingCols',
    'maingroup',
    'subgroup',
    'group',
    'stores',
    'after',
    'totals',
    'format',
  ),
  fc.integer({ min: 0, max: 3 }).chain((i) => fc.constantFrom(...indexedKeys(i))),
  fc.string({ maxLength: 12 }),
);

const paramSet = fc.array(fc.tuple(paramKeys, hostileText), { maxLength: 14 });
const legacyMarkers = /^(sEcho|iDisplayStart|iDisplayLength|iSortingCols|sSearch|iColumns|mDataProp_\d+)$/;

function assertListAnswer(status: number, text: string, pairs: Array<[string, string]>) {
  assert.ok(status < 500, `status ${status}: ${text.slice(0, 200)}`);
  assert.doesNotMatch(text, sqlLeak);
  const body = JSON.parse(text) as Record<string, unknown>;
  if (status === 403) return assert.equal(typeof body.error, 'string');
  const legacy = pairs.some(([k]) => legacyMarkers.test(k));
  const [echo, total, filtered, rows, error] = legacy
    ? ['sEcho', 'iTotalRecords', 'iTotalDisplayRecords', 'aaData', 'sError']
    : ['draw', 'recordsTotal', 'recordsFiltered', 'data', 'error'];
  assert.ok(Number.isInteger(body[echo]), `${echo} is an integer`);
  assert.ok(Number.isInteger(body[total]) && Number.isInteger(body[filtered]));
  assert.ok(Array.isArray(body[rows]));
  assert.ok((body[rows] as unknown[]).length <= 1000);
  if (status === 400) assert.equal(typeof body[error], 'string');
  else assert.equal(status, 200);
}

describe('the list under random and hostile parameters', () => {
  test('GET: never a 5xx, never SQL text, always the asked dialect', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...resources.map((r) => r.name)), paramSet, async (resource, pairs) => {
        const query = new URLSearchParams(pairs).toString();
        const res = await shared.admin.inject({ url: `/api/${resource}?${query}` });
        assertListAnswer(res.statusCode, res.body, pairs);
      }),
      { numRuns: 1000 },
    );
  });

  test('POST with nested JSON: never a 5xx, never SQL text, always the asked dialect', async () => {
    const nested = fc.record(
      {
        draw: hostileText,
        start: hostileText,
        length: hostileText,
        search: fc.record({ value: hostileText, regex: hostileText }),
        columns: fc.array(
          fc.record({ data: hostileText, searchable: hostileText, orderable: hostileText, search: fc.record({ value: hostileText }) }),
          { maxLength: 4 },
        ),
        order: fc.array(fc.record({ column: hostileText, dir: hostileText }), { maxLength: 3 }),
        stores: fc.oneof(hostileText, fc.array(hostileText, { maxLength: 3 })),
      },
      { requiredKeys: ['draw'] },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('sales', 'stores', 'users', 'messages'), nested, async (resource, body) => {
        const res = await shared.admin.inject({ method: 'POST', url: `/api/${resource}`, payload: body });
        assertListAnswer(res.statusCode, res.body, []);
      }),
      { numRuns: 600 },
    );
  });

  test('export: never a 5xx; a refusal is a sentence, an answer is UTF-16 CSV', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('states', 'stores', 'groups', 'cycles'), paramSet, async (resource, pairs) => {
        const res = await shared.admin.inject({ url: `/api/${resource}/export?${new URLSearchParams(pairs).toString()}` });
        assert.ok(res.statusCode === 200 || res.statusCode === 400, `status ${res.statusCode}`);
        if (res.statusCode === 400) {
          assert.equal(typeof res.json().error, 'string');
          assert.doesNotMatch(res.body, sqlLeak);
        } else {
          assert.deepEqual([...res.rawPayload.subarray(0, 2)], [0xff, 0xfe]);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('changes under random and hostile bodies', () => {
  test('add, edit and delete never give a 5xx or SQL text, and answer the change envelope', async () => {
    const fieldNames = fc.constantFrom(
      'Code',
      'Name',
      'Region',
      'Description',
      'GroupID',
      'GroupIDs',
      'StateID',
      'StateIDs',
      'Version',
      'Versions',
      'Nope',
      '_csrf',
    );
    const value = fc.oneof(
      hostileText,
      fc.integer({ min: -3, max: 60 }),
      fc.array(fc.oneof(hostileText, fc.integer({ min: 0, max: 60 })), { maxLength: 4 }),
      fc.boolean(),
      fc.constant(null),
      fc.object({ maxDepth: 1 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST', 'PATCH', 'DELETE'),
        fc.constantFrom('states', 'groups'),
        fc.dictionary(fieldNames, value, { maxKeys: 5 }),
        async (method, resource, body) => {
          const res = await shared.admin.inject({ method, url: `/api/${resource}`, payload: body });
          assert.ok(res.statusCode < 500, `status ${res.statusCode}: ${res.body.slice(0, 200)}`);
          assert.doesNotMatch(res.body, sqlLeak);
          const answer = res.json() as Record<string, unknown>;
          if ('Succeed' in answer) {
            assert.ok(Array.isArray(answer.Succeed) && Array.isArray(answer.Failed) && Array.isArray(answer.Data));
            // A refusal of every row says why in its status too (server/routes/api/resource/changes.ts).
            if (res.statusCode !== 400) assert.equal(res.statusCode, changeStatus(answer), res.body);
            for (const failure of answer.Failed as Array<{ error: unknown }>) assert.equal(typeof failure.error, 'string');
          } else {
            assert.equal(typeof answer.error, 'string');
          }
        },
      ),
      { numRuns: 400 },
    );
    const stores = await shared.t.db.pool.query('select count(*)::int as n from stores');
    assert.ok(stores.rows[0].n > 0, 'the tables are all still there');
  });
});

// Every parameter that carries a date or a time: a date or time column's group value, its column filter (both
// dialects) and the global search's day, on every table that has one, for its list (both dialects), its CSV
// and Excel exports and its PDF. What both sides of the server hold is read; the rest is refused with a 400
// and the reason, a download before its first byte (light-my-request fails a stream cut short).
const datedColumns = resources.flatMap((r) =>
  r.columns.filter((c) => c.type === 'date' || c.type === 'datetime').map((c) => ({ resource: r.name, column: c.name, type: c.type })),
);

type Dated = (typeof datedColumns)[number];

/** The list parameters putting `value` where `where` says, in `dialect`. */
function datedQuery(
  { column }: Dated,
  where: 'group' | 'filter' | 'search',
  value: string,
  dialect: 'current' | 'legacy',
): Array<[string, string]> {
  const legacy = dialect === 'legacy';
  const pairs: Array<[string, string]> = legacy ? [['sEcho', '3']] : [['draw', '3']];
  if (where === 'group') pairs.push(['maingroup', column], ['group', JSON.stringify([value])]);
  if (where === 'filter')
    pairs.push(
      ...((legacy
        ? [
            ['iColumns', '1'],
            ['mDataProp_0', column],
            ['sSearch_0', value],
          ]
        : [
            ['columns[0][data]', column],
            ['columns[0][search][value]', value],
          ]) as Array<[string, string]>),
    );
  if (where === 'search') pairs.push([legacy ? 'sSearch' : 'search[value]', value]);
  return pairs;
}

/** A download's answer: the file (UTF-16 CSV with its byte-order mark, or a zip) or a 400 refusal with its reason, never a file cut short. */
function assertDownload(
  res: { statusCode: number; rawPayload: Buffer; headers: Record<string, unknown>; body: string },
  format: 'csv' | 'xlsx',
) {
  assert.ok(res.statusCode === 200 || res.statusCode === 400, `status ${res.statusCode}: ${res.body.slice(0, 200)}`);
  if (res.statusCode === 400) {
    assert.equal(res.headers['content-disposition'], undefined, 'refused before the download began');
    assert.equal(typeof JSON.parse(res.body).error, 'string');
    assert.doesNotMatch(res.body, sqlLeak);
  } else {
    assert.deepEqual([...res.rawPayload.subarray(0, 2)], format === 'csv' ? [0xff, 0xfe] : [0x50, 0x4b]);
  }
}

describe('dates and times in every date-bearing parameter', () => {
  const user = () => shared.admin;

  test('whatever date or time is sent: never a 5xx, never a download cut short, always the asked dialect', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...datedColumns),
        fc.constantFrom('group', 'filter', 'search'),
        fc.oneof(hostileDate, hostileDayRange, inRangeInstant),
        fc.constantFrom('current', 'legacy'),
        async (dated, where, value, dialect) => {
          const pairs = datedQuery(dated, where as 'group', value, dialect as 'current');
          const query = new URLSearchParams(pairs).toString();
          const list = await user().inject({ url: `/api/${dated.resource}?${query}` });
          assertListAnswer(list.statusCode, list.body, pairs);
          for (const format of ['csv', 'xlsx'] as const) {
            const res = await user().inject({ url: `/api/${dated.resource}/export?format=${format}&${query}` });
            assertDownload(res, format);
            assert.equal(res.statusCode, list.statusCode, 'the export reads the request as the list does');
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  test('a time out of range as a group value: a 400 naming the column, in the list (both dialects), the exports and the PDF', async () => {
    const timeColumns = datedColumns.filter((d) => d.type === 'datetime');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...timeColumns),
        outOfRangeInstant,
        fc.constantFrom('current', 'legacy'),
        async (dated, value, dialect) => {
          const pairs = datedQuery(dated, 'group', value, dialect as 'current');
          const query = new URLSearchParams(pairs).toString();
          const list = await user().inject({ url: `/api/${dated.resource}?${query}` });
          assert.equal(list.statusCode, 400, `${value}: ${list.body.slice(0, 200)}`);
          assertListAnswer(list.statusCode, list.body, pairs);
          assert.match(list.json()[dialect === 'legacy' ? 'sError' : 'error'], new RegExp(`"${dated.column}" is not a time`));
          for (const format of ['csv', 'xlsx'] as const) {
            const res = await user().inject({ url: `/api/${dated.resource}/export?format=${format}&${query}` });
            assert.equal(res.statusCode, 400, value);
            assertDownload(res, format);
          }
          const pdf = await user().inject({
            url: `/api/common/report?filename=${dated.resource}&stream=true&format=pdf&${query}`,
            headers: { accept: 'application/json' },
          });
          assert.equal(pdf.statusCode, 400, value);
          assert.match(pdf.json().error, new RegExp(`"${dated.column}" is not a time`));
        },
      ),
      { numRuns: 150 },
    );
  });

  test('a time within range, in any zone up to ±15:59, is read the same by both databases: a 200', async () => {
    const timeColumns = datedColumns.filter((d) => d.type === 'datetime');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...timeColumns),
        inRangeInstant,
        fc.constantFrom('current', 'legacy'),
        async (dated, value, dialect) => {
          const pairs = datedQuery(dated, 'group', value, dialect as 'current');
          const res = await user().inject({ url: `/api/${dated.resource}?${new URLSearchParams(pairs)}` });
          assert.equal(res.statusCode, 200, `${value}: ${res.body.slice(0, 200)}`);
          assertListAnswer(res.statusCode, res.body, pairs);
        },
      ),
      { numRuns: 150 },
    );
  });

  test('a day out of range in a date filter or a date group value: a 400 with the reason, in the list and the exports', async () => {
    const dayColumns = datedColumns.filter((d) => d.type === 'date');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...datedColumns),
        outOfRangeTypedDay,
        fc.constantFrom('from', 'to', 'one'),
        fc.constantFrom('current', 'legacy'),
        async (dated, day, end, dialect) => {
          const filter = end === 'one' ? day : end === 'from' ? `${day}~01/01/2026` : `01/01/2026~${day}`;
          const pairs = datedQuery(dated, 'filter', filter, dialect as 'current');
          const query = new URLSearchParams(pairs).toString();
          const list = await user().inject({ url: `/api/${dated.resource}?${query}` });
          assert.equal(list.statusCode, 400, `${filter}: ${list.body.slice(0, 200)}`);
          assertListAnswer(list.statusCode, list.body, pairs);
          const res = await user().inject({ url: `/api/${dated.resource}/export?${query}` });
          assert.equal(res.statusCode, 400, filter);
          assertDownload(res, 'csv');
          if (dayColumns.includes(dated)) {
            const [d, m, y] = day.split('/');
            const grouped = datedQuery(dated, 'group', `${y}-${m!.padStart(2, '0')}-${d!.padStart(2, '0')}`, dialect as 'current');
            const group = await user().inject({ url: `/api/${dated.resource}?${new URLSearchParams(grouped)}` });
            assert.equal(group.statusCode, 400, `${day}: ${group.body.slice(0, 200)}`);
            assert.match(group.json()[dialect === 'legacy' ? 'sError' : 'error'], new RegExp(`"${dated.column}" is not a day`));
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
