// Column filters of the list API (common/table-filters.ts, server/table-api/query/column-condition.ts): each
// column's per-column search read by its type, in both DataTables dialects; refusals of values that cannot
// be read, with their message; the same filter in counts, footer totals, group totals, CSV, Excel and the
// table's PDF; a day typed in the global search; and the values a choice column's filter offers.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { useTestApp, type SignedIn } from '../../support/app.ts';
import { msg } from '../../../server/messages.ts';
import { salesDef } from '../../../server/resources/sales.ts';
import { tableReport, tableReportRequest } from '../../../server/reports/table-pdf/table-report.ts';
import { loadActiveUsers } from '../../../server/users/current-user.ts';
import { currentQuery, legacyQuery, url, type Query, type Row } from './support.ts';

const shared = useTestApp('admin', 'analyst');

const saleColumns = ['SaleID', 'StoreNumber', 'StoreName', 'StateCode', 'SaleDate', 'Sales', 'Transactions', 'Margin'];
const col = (name: string) => saleColumns.indexOf(name);
const current = (filters: Record<string, string>, extra: Query = {}) =>
  currentQuery(saleColumns, {
    length: 1000,
    ...Object.fromEntries(Object.entries(filters).map(([name, value]) => [`columns[${col(name)}][search][value]`, value])),
    ...extra,
  });
const legacy = (filters: Record<string, string>, extra: Query = {}) =>
  legacyQuery(saleColumns, {
    iDisplayLength: 1000,
    ...Object.fromEntries(Object.entries(filters).map(([name, value]) => [`sSearch_${col(name)}`, value])),
    ...extra,
  });

interface Answer {
  status: number;
  body: Record<string, unknown> & { data: Row[]; aaData: Row[]; recordsFiltered: number; iTotalDisplayRecords: number };
}

async function list(user: SignedIn, resource: string, query: Query): Promise<Answer> {
  const res = await user.inject({ url: url(resource, query) });
  return { status: res.statusCode, body: res.json() };
}

async function count(where: string, params: unknown[] = []): Promise<number> {
  const { rows } = await shared.t.db.pool.query<{ n: number }>(
    `select count(*)::int as n from sales sa join stores s on s.store_id = sa.store_id where ${where}`,
    params,
  );
  return rows[0]!.n;
}

async function adminId(): Promise<number> {
  return (await shared.t.db.pool.query<{ user_id: number }>(`select user_id from users where user_name = 'admin'`)).rows[0]!.user_id;
}

/** dd/MM/yyyy of a yyyy-mm-dd date. */
const dmy = (iso: string) => iso.split('-').reverse().join('/');

async function saleDays(): Promise<{ last: string; first: string; middle: string }> {
  const { rows } = await shared.t.db.pool.query<{ last: string; first: string; middle: string }>(
    `select max(sale_date)::text as last, min(sale_date)::text as first,
            (min(sale_date) + (max(sale_date) - min(sale_date)) / 2)::text as middle from sales`,
  );
  return rows[0]!;
}

/** The same filters asked in both dialects find the same rows, as many as `expected`. */
async function bothDialects(filters: Record<string, string>, expected: number, check?: (row: Row) => boolean) {
  const a = await list(shared.admin, 'sales', current(filters));
  assert.equal(a.status, 200, JSON.stringify(a.body.error));
  assert.equal(a.body.recordsFiltered, expected);
  const b = await list(shared.admin, 'sales', legacy(filters));
  assert.equal(b.status, 200, JSON.stringify(b.body.sError));
  assert.equal(b.body.iTotalDisplayRecords, expected);
  if (check) assert.ok(a.body.data.every(check), 'every row fits the filter');
  return a.body;
}

describe('each kind of column filter, in both dialects', () => {
  test('a date column: one day, a range, and a range open at either end', async () => {
    const { last, first, middle } = await saleDays();
    await bothDialects({ SaleDate: dmy(middle) }, await count('sa.sale_date = $1', [middle]), (r) => r.SaleDate === middle);
    await bothDialects(
      { SaleDate: `${dmy(first)}~${dmy(middle)}` },
      await count('sa.sale_date between $1 and $2', [first, middle]),
      (r) => String(r.SaleDate) <= middle,
    );
    await bothDialects({ SaleDate: `${dmy(middle)}~` }, await count('sa.sale_date >= $1', [middle]));
    await bothDialects({ SaleDate: `~${dmy(middle)}` }, await count('sa.sale_date <= $1', [middle]));
    // A day without sales, and single-digit day and month as people type them.
    await bothDialects({ SaleDate: '1/2/2001' }, 0);
    assert.ok((await count('sa.sale_date = $1', [last])) > 0);
  });

  test('a number column: min~max, either side empty, one number alone', async () => {
    await bothDialects({ Sales: '1000~5000' }, await count('sa.sales between 1000 and 5000'), (r) => Number(r.Sales) >= 1000);
    await bothDialects({ Sales: '10000~' }, await count('sa.sales >= 10000'));
    await bothDialects({ Margin: '~0.1' }, await count('sa.margin <= 0.1'));
    await bothDialects({ Transactions: '100~200' }, await count('sa.transactions between 100 and 200'));
    const { rows } = await shared.t.db.pool.query<{ n: number }>('select store_number as n from stores order by store_id limit 1');
    await bothDialects({ StoreNumber: String(rows[0]!.n) }, await count('s.store_number = $1', [rows[0]!.n]));
  });

  test('a choice column from another table: one state or several, matched exactly', async () => {
    const { rows } = await shared.t.db.pool.query<{ code: string }>(
      'select distinct state_code as code from stores where exists (select 1 from sales where store_id = stores.store_id) order by 1 limit 2',
    );
    const [one, two] = rows.map((r) => r.code) as [string, string];
    await bothDialects({ StateCode: one }, await count('s.state_code = $1', [one]), (r) => r.StateCode === one);
    await bothDialects(
      { StateCode: `${one}|${two}` },
      await count('s.state_code in ($1, $2)', [one, two]),
      (r) => r.StateCode === one || r.StateCode === two,
    );
    // Exact, not "contains": one letter of a code finds nothing.
    await bothDialects({ StateCode: one.slice(0, 1) }, 0);
  });

  test('a text column: contains, literally', async () => {
    const { rows } = await shared.t.db.pool.query<{ name: string }>('select name from stores order by store_id limit 1');
    const part = rows[0]!.name.slice(1, 4);
    await bothDialects({ StoreName: part }, await count('s.name ilike $1', [`%${part}%`]));
    await bothDialects({ StoreName: '%' }, await count(`s.name like '%\\%%'`));
  });

  test('a fixed set and a yes/no column', async () => {
    const regions = await list(
      shared.admin,
      'states',
      currentQuery(['StateID', 'Code', 'Name', 'Region'], { length: -1, 'columns[3][search][value]': 'MW|NE' }),
    );
    const { rows } = await shared.t.db.pool.query<{ n: number }>(`select count(*)::int as n from states where region in ('MW', 'NE')`);
    assert.equal(regions.body.recordsFiltered, rows[0]!.n);
    assert.ok(regions.body.data.every((r) => r.Region === 'MW' || r.Region === 'NE'));
    const storeColumns = ['StoreID', 'StoreNumber', 'Name', 'IsActive'];
    for (const [word, active] of [
      ['yes', true],
      ['no', false],
    ] as const) {
      const answer = await list(shared.admin, 'stores', legacyQuery(storeColumns, { iDisplayLength: -1, sSearch_3: word }));
      const expected = await shared.t.db.pool.query<{ n: number }>('select count(*)::int as n from stores where is_active = $1', [active]);
      assert.equal(answer.body.iTotalDisplayRecords, expected.rows[0]!.n);
      assert.ok(answer.body.aaData.every((r) => r.IsActive === active));
    }
    const both = await list(shared.admin, 'stores', currentQuery(storeColumns, { length: -1, 'columns[3][search][value]': 'yes|no' }));
    assert.equal(both.body.recordsFiltered, both.body.recordsTotal);
  });

  test('filters on several columns all hold, with a sort', async () => {
    const { first, middle } = await saleDays();
    const answer = await list(
      shared.admin,
      'sales',
      current({ SaleDate: `${dmy(first)}~${dmy(middle)}`, Sales: '5000~' }, { 'order[0][column]': col('Sales'), 'order[0][dir]': 'desc' }),
    );
    assert.equal(answer.body.recordsFiltered, await count('sa.sale_date between $1 and $2 and sa.sales >= 5000', [first, middle]));
    const amounts = answer.body.data.map((r) => Number(r.Sales));
    assert.deepEqual(
      amounts,
      [...amounts].sort((a, b) => b - a),
    );
  });

  test('the audit log by table, by user and by a range of days', async () => {
    const today = new Date().toISOString().slice(0, 10);
    // A change made now, so the log has an entry of today by admin on cycles.
    const [cycle] = (
      await shared.t.db.pool.query<{ cycle_id: number; version: number; name: string }>(
        'select cycle_id, version, name from cycles order by cycle_id limit 1',
      )
    ).rows;
    const changed = await shared.admin.inject({
      method: 'PATCH',
      url: '/api/cycles',
      payload: { CycleID: cycle!.cycle_id, Version: cycle!.version, Name: `${cycle!.name} (filtered)` },
    });
    assert.equal(changed.statusCode, 200, changed.body);
    const auditColumns = ['AuditID', 'At', 'UserName', 'Resource', 'Action', 'RowKey'];
    const answer = await list(
      shared.admin,
      'audit',
      currentQuery(auditColumns, {
        length: -1,
        'columns[1][search][value]': `${dmy(today)}~${dmy(today)}`,
        'columns[2][search][value]': 'admin',
        'columns[3][search][value]': 'cycles|stores',
      }),
    );
    assert.equal(answer.status, 200, JSON.stringify(answer.body.error));
    const expected = await shared.t.db.pool.query<{ n: number }>(
      `select count(*)::int as n from audit_log where at >= $1::date and at < $1::date + 1 and user_name = 'admin' and resource in ('cycles', 'stores')`,
      [today],
    );
    assert.ok(expected.rows[0]!.n > 0);
    assert.equal(answer.body.recordsFiltered, expected.rows[0]!.n);
    assert.ok(answer.body.data.some((r) => r.Resource === 'cycles' && r.RowKey === `${cycle!.name} (filtered)`));
  });
});

describe('a value that cannot be read is refused with its reason', () => {
  const cases: Array<[string, string, string]> = [
    ['SaleDate', '31/02/2026', msg('filterBadDate', 'Date', '31/02/2026')],
    ['SaleDate', '2026-02-01', msg('filterBadDate', 'Date', '2026-02-01')],
    ['SaleDate', '01/03/2026~01/02/2026', msg('filterBackwards', 'Date', '01/03/2026~01/02/2026')],
    ['SaleDate', '~', msg('filterNoEnds', 'Date', '~')],
    ['SaleDate', '1/1/2026~2/1/2026~3/1/2026', msg('filterBadDate', 'Date', '1/1/2026~2/1/2026~3/1/2026')],
    ['Sales', 'abc', msg('filterBadNumber', 'Sales', 'abc')],
    ['Sales', '500~100', msg('filterBackwards', 'Sales', '500~100')],
    ['Transactions', '1.5', msg('filterBadWholeNumber', 'Transactions', '1.5')],
    ['StateCode', 'TX||CA', msg('filterEmptyChoice', 'State', 'TX||CA')],
  ];
  for (const [column, value, message] of cases) {
    test(`${column} "${value}": 400 in either dialect`, async () => {
      const a = await list(shared.admin, 'sales', current({ [column]: value }, { draw: 7 }));
      assert.equal(a.status, 400);
      assert.equal(a.body.error, message);
      assert.equal(a.body.draw, 7);
      const b = await list(shared.admin, 'sales', legacy({ [column]: value }, { sEcho: 8 }));
      assert.equal(b.status, 400);
      assert.equal(b.body.sError, message);
    });
  }

  test('a value outside a fixed set, and a yes/no column given another word', async () => {
    const cycles = await list(shared.admin, 'cycles', currentQuery(['CycleID', 'Kind'], { 'columns[1][search][value]': 'weekly|yearly' }));
    assert.equal(cycles.status, 400);
    assert.equal(cycles.body.error, msg('filterNotAChoice', 'Kind', 'yearly', 'weekly, monthly'));
    const stores = await list(shared.admin, 'stores', currentQuery(['StoreID', 'IsActive'], { 'columns[1][search][value]': 'maybe' }));
    assert.equal(stores.status, 400);
    assert.equal(stores.body.error, msg('filterNotAChoice', 'Active', 'maybe', 'yes, no'));
  });

  test('a NUL byte in a filter or the search is refused, not dropped: the search would mean another', async () => {
    const column = `columns[${col('StoreName')}][search][value]`;
    const a = await list(shared.admin, 'sales', current({ StoreName: 'Spring\u0000field' }, { draw: 3 }));
    assert.equal(a.status, 400);
    assert.equal(a.body.error, msg('tableBadCharacter', column));
    assert.equal(a.body.draw, 3);
    const b = await list(shared.admin, 'sales', legacy({}, { sEcho: 4, sSearch: 'a\u0000' }));
    assert.equal(b.status, 400);
    assert.equal(b.body.sError, msg('tableBadCharacter', 'sSearch'));
    const exported = await shared.admin.inject({ url: url('sales/export', { ...current({ StoreName: 'a\u0000b' }), format: 'csv' }) });
    assert.equal(exported.statusCode, 400);
    assert.equal(exported.json().error, msg('tableBadCharacter', column));
  });

  test('the exports refuse it too, before the first byte', async () => {
    for (const format of ['csv', 'xlsx']) {
      const res = await shared.admin.inject({ url: url('sales/export', { ...current({ SaleDate: '31/02/2026' }), format }) });
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().error, msg('filterBadDate', 'Date', '31/02/2026'));
    }
  });
});

describe('totals, groups and every export follow the filters', () => {
  test('footer totals: a date filter (off the totals table) and a state filter (on it)', async () => {
    const { middle, last } = await saleDays();
    const sums = async (where: string, params: unknown[]) =>
      (
        await shared.t.db.pool.query<{ n: number; sales: string; transactions: number }>(
          `select count(*)::int as n, sum(sa.sales)::text as sales, sum(sa.transactions)::int8 as transactions
           from sales sa join stores s on s.store_id = sa.store_id where ${where}`,
          params,
        )
      ).rows[0]!;
    for (const [filters, where, params] of [
      [{ SaleDate: `${dmy(middle)}~${dmy(last)}` }, 'sa.sale_date between $1 and $2', [middle, last]],
      [{ StateCode: 'NY|TX' }, `s.state_code in ('NY', 'TX')`, []],
      [{ StateCode: 'NY|TX', Sales: '~3000' }, `s.state_code in ('NY', 'TX') and sa.sales <= 3000`, []],
    ] as Array<[Record<string, string>, string, unknown[]]>) {
      const answer = await list(shared.admin, 'sales', current(filters, { totals: 'true', length: 10 }));
      const expected = await sums(where, params);
      const totals = answer.body.totals as Row;
      assert.equal(answer.body.recordsFiltered, expected.n, JSON.stringify(filters));
      assert.equal(Number(totals.SaleDate), expected.n);
      assert.equal(Number(totals.Sales).toFixed(2), Number(expected.sales ?? 0).toFixed(2));
      assert.equal(Number(totals.Transactions), Number(expected.transactions ?? 0));
    }
  });

  test("grouped by state, each group's count is over the filtered rows", async () => {
    const { middle, last } = await saleDays();
    const answer = await list(
      shared.admin,
      'sales',
      current({ SaleDate: `${dmy(middle)}~${dmy(last)}`, Sales: '2000~' }, { maingroup: 'StateCode', length: 1000 }),
    );
    assert.equal(answer.status, 200, JSON.stringify(answer.body.error));
    const expected = new Map(
      (
        await shared.t.db.pool.query<{ code: string; n: number }>(
          `select s.state_code as code, count(*)::int as n from sales sa join stores s on s.store_id = sa.store_id
           where sa.sale_date between $1 and $2 and sa.sales >= 2000 group by 1`,
          [middle, last],
        )
      ).rows.map((r) => [r.code, r.n]),
    );
    const groups = (answer.body.groups ?? []) as Array<{ values: unknown[]; count: number }>;
    assert.ok(groups.length > 0);
    for (const g of groups) assert.equal(g.count, expected.get(String(g.values[0])), JSON.stringify(g.values));
  });

  test('CSV, Excel and the PDF hold the filtered rows only', async () => {
    const { middle } = await saleDays();
    const filters = { SaleDate: dmy(middle), StateCode: 'NY|TX|CA' };
    const expected = await count(`sa.sale_date = $1 and s.state_code in ('NY', 'TX', 'CA')`, [middle]);
    assert.ok(expected > 0);
    const csv = await shared.admin.inject({ url: url('sales/export', { ...current(filters), format: 'csv' }) });
    assert.equal(csv.statusCode, 200);
    const lines = csv.rawPayload.subarray(2).toString('utf16le').split('\r\n').slice(1, -1);
    assert.equal(lines.length, expected);
    assert.ok(lines.every((l) => l.includes(dmy(middle))));

    const xlsx = await shared.admin.inject({ url: url('sales/export', { ...current(filters), format: 'xlsx' }) });
    assert.equal(xlsx.statusCode, 200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    assert.equal(book.worksheets[0]!.actualRowCount, expected + 1);

    // The PDF's rows are drawn from the same request (printing them needs Chromium, which is beside the point here).
    const [user] = await loadActiveUsers(shared.t.db.pool, [await adminId()]);
    const report = await tableReport(shared.t.app, salesDef, tableReportRequest(salesDef, current(filters)), user!);
    // Each row shows the day once, and the caption says the filter once.
    assert.equal(report.html.split(`>${dmy(middle)}<`).length - 1, expected);
    const caption = report.html.match(/Filter: [^<]*/)?.[0];
    assert.equal(caption, `Filter: State: NY, TX, CA; Date: ${dmy(middle)}`);
  });
});

describe('the global search', () => {
  test('finds a day typed as dd/MM/yyyy in the date column, beside the words that match stores', async () => {
    const { middle } = await saleDays();
    const expected = await count('sa.sale_date = $1', [middle]);
    const answer = await list(shared.admin, 'sales', current({}, { 'search[value]': dmy(middle) }));
    assert.equal(answer.body.recordsFiltered, expected);
    assert.ok(answer.body.data.every((r) => r.SaleDate === middle));
    const legacyAnswer = await list(shared.admin, 'sales', legacy({}, { sSearch: dmy(middle).replace(/^0/, '') }));
    assert.equal(legacyAnswer.body.iTotalDisplayRecords, expected);
    // With a store's name: that store's sales of that day.
    const { rows } = await shared.t.db.pool.query<{ name: string }>(
      'select s.name from stores s join sales sa using (store_id) where sa.sale_date = $1 order by s.store_id limit 1',
      [middle],
    );
    const both = await list(shared.admin, 'sales', current({}, { 'search[value]': `${dmy(middle)} ${rows[0]!.name}` }));
    assert.equal(both.body.recordsFiltered, await count('sa.sale_date = $1 and s.name ilike $2', [middle, `%${rows[0]!.name}%`]));
    // Not a day that exists: an ordinary word, found nowhere.
    const impossible = await list(shared.admin, 'sales', current({}, { 'search[value]': '31/02/2026' }));
    assert.equal(impossible.status, 200);
    assert.equal(impossible.body.recordsFiltered, 0);
  });

  test('a scoped user finds only their stores on that day', async () => {
    const { middle } = await saleDays();
    const answer = await list(shared.analyst, 'sales', current({}, { 'search[value]': dmy(middle) }));
    const all = await list(shared.admin, 'sales', current({}, { 'search[value]': dmy(middle) }));
    assert.ok(answer.body.recordsFiltered > 0);
    assert.ok(answer.body.recordsFiltered < all.body.recordsFiltered);
  });
});

describe('the values a choice filter offers', () => {
  test("a sale's state: the states' codes; an audit entry's table and user: those the log holds", async () => {
    const states = await shared.admin.inject({ url: '/api/sales/filter-values?column=StateCode' });
    assert.equal(states.statusCode, 200);
    const codes = (await shared.t.db.pool.query<{ code: string }>('select code from states order by 1')).rows.map((r) => r.code);
    assert.deepEqual(states.json().values, codes);
    const tables = await shared.admin.inject({ url: '/api/audit/filter-values?column=Resource' });
    assert.equal(tables.statusCode, 200);
    assert.ok((tables.json().values as string[]).includes('cycles'));
    const users = await shared.admin.inject({ url: '/api/audit/filter-values?column=UserName' });
    assert.ok((users.json().values as string[]).includes('admin'));
  });

  test('a column without such values is refused; a user who may not list the table is too', async () => {
    const res = await shared.admin.inject({ url: '/api/sales/filter-values?column=SaleDate' });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().error, msg('tableNoFilterValues', 'SaleDate'));
    const refused = await shared.analyst.inject({ url: '/api/audit/filter-values?column=Resource' });
    assert.equal(refused.statusCode, 403);
  });
});
