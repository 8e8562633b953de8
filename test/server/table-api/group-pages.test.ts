// A grouped list pages through groups (`maingroup`, `subgroup`): each group one line with its row count
// and footer totals over all of its filtered rows, checked against sums the database makes on its own;
// paging of groups; a group's rows (`group`) page by page; sub groups inside a group; the search, the
// column search, the store selection and a user's scope honoured; groups summed from the totals tables (per
// store, per day) and from the sales rows; a NULL group; a group with no rows; a wrong `group` refused; a change seen at once.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { useTestApp, type SignedIn } from '../../support/app.ts';
import type { GroupTotals } from '../../../common/table-config.ts';
import { forgetResource } from '../../../server/table-api/cache/short-lived.ts';
import { currentQuery, legacyQuery, url, type Query, type Row } from './support.ts';

const shared = useTestApp('admin', 'analyst');

const saleColumns = ['SaleID', 'StoreNumber', 'StoreName', 'StateCode', 'SaleDate', 'Sales', 'Transactions', 'Margin'];
const storeColumns = ['StoreID', 'StoreNumber', 'Name', 'City', 'StateCode', 'GroupName'];
/** The sales columns' indexes in `saleColumns`, for `order[i][column]`. */
const col = (name: string) => saleColumns.indexOf(name);

interface Answer {
  data: Row[];
  aaData: Row[];
  groups: GroupTotals[] | null;
  recordsFiltered: number;
  recordsTotal: number;
  iTotalDisplayRecords: number;
  totals: Row | null;
  countIsEstimate: boolean;
  error?: string;
}

async function list(user: SignedIn, resource: string, query: Query, status = 200): Promise<Answer> {
  const res = await user.inject({ url: url(resource, query) });
  assert.equal(res.statusCode, status, res.body);
  return res.json() as Answer;
}

const sales = (query: Query, user = shared.admin) => list(user, 'sales', currentQuery(saleColumns, query));

async function sql<T = Row>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await shared.t.db.pool.query(text, params)).rows as T[];
}

interface Figures {
  value: unknown;
  n: number;
  sales: string;
  tx: number;
  margin: number;
}

/** Each group of `by` (an expression over sa, s, st), its figures summed by the database, in `by`'s order. */
function salesFigures(by: string, where = 'true', order = 'asc'): Promise<Figures[]> {
  return sql<Figures>(
    `select ${by} as value, count(*)::int as n, sum(sa.sales)::text as sales, sum(sa.transactions)::int as tx, avg(sa.margin)::float8 as margin
     from sales sa join stores s on s.store_id = sa.store_id join states st on st.state_id = s.state_id
     where ${where} group by ${by} order by ${by} ${order}`,
  );
}

/** A group's answer against the database's own figures (the average to 12 digits: it is a quotient). */
function assertSalesGroup(group: GroupTotals, expected: Figures | undefined) {
  assert.ok(expected, `the group ${JSON.stringify(group.values)} exists`);
  assert.equal(group.count, expected.n);
  assert.equal(group.totals.SaleDate, expected.n);
  assert.equal(Number(group.totals.Sales).toFixed(2), Number(expected.sales).toFixed(2));
  assert.equal(group.totals.Transactions, expected.tx);
  assert.equal(Number(group.totals.Margin).toFixed(12), Number(expected.margin).toFixed(12));
}

const values = (groups: GroupTotals[] | null) => (groups ?? []).map((g) => g.values);

describe('group pages', () => {
  test('an ungrouped list carries rows and no groups', async () => {
    const body = await sales({ length: 5 });
    assert.equal(body.groups, null);
    assert.equal(body.data.length, 5);
  });

  test('daily sales grouped by state: one line per state, with its count and totals, paged through the states', async () => {
    const expected = await salesFigures('s.state_code');
    const first = await sales({ maingroup: 'StateCode', length: 10 });
    assert.deepEqual(first.data, [], 'a page of groups has no rows');
    assert.equal(first.recordsFiltered, expected.length, 'counted in groups');
    assert.deepEqual(
      values(first.groups),
      expected.slice(0, 10).map((e) => [e.value]),
    );
    for (const [i, group] of first.groups!.entries()) assertSalesGroup(group, expected[i]);
    const second = await sales({ maingroup: 'StateCode', length: 10, start: 10 });
    assert.deepEqual(
      values(second.groups),
      expected.slice(10, 20).map((e) => [e.value]),
    );
    for (const [i, group] of second.groups!.entries()) assertSalesGroup(group, expected[10 + i]);
    // The footer totals are over every row, as ungrouped.
    assert.equal(
      first.totals!.SaleDate,
      expected.reduce((n, e) => n + e.n, 0),
    );
    // Past the last group: none, and still the count.
    const past = await sales({ maingroup: 'StateCode', length: 10, start: 1000 });
    assert.deepEqual(past.groups, []);
    assert.equal(past.recordsFiltered, expected.length);
  });

  test('the groups come in the order the sort gives the grouping column', async () => {
    const expected = await salesFigures('s.name', 'true', 'desc');
    const body = await sales({ maingroup: 'StoreName', length: 25, 'order[0][column]': col('StoreName'), 'order[0][dir]': 'desc' });
    assert.deepEqual(
      values(body.groups),
      expected.slice(0, 25).map((e) => [e.value]),
    );
    for (const [i, group] of body.groups!.entries()) assertSalesGroup(group, expected[i]);
  });

  test("a group's rows, page by page, in the sort's order, are the group's rows only", async () => {
    const [state] = await sql<{ code: string; n: number }>(
      `select s.state_code as code, count(*)::int as n from sales sa join stores s using (store_id) group by 1 order by 2 limit 1 offset 3`,
    );
    const query = (start: number) =>
      sales({
        maingroup: 'StateCode',
        group: JSON.stringify([state!.code]),
        start,
        length: 25,
        'order[0][column]': col('SaleDate'),
        'order[0][dir]': 'desc',
      });
    const [one, two] = [await query(0), await query(25)];
    assert.equal(one.groups, null, 'a page of rows');
    assert.equal(one.recordsFiltered, state!.n);
    const order = await sql<{ sale_id: number }>(
      `select sa.sale_id from sales sa join stores s using (store_id) where s.state_code = $1
       order by s.store_number, sa.sale_date desc, sa.sale_id desc limit 50`,
      [state!.code],
    );
    assert.deepEqual(
      [...one.data, ...two.data].map((r) => r.SaleID),
      order.map((r) => r.sale_id),
    );
    assert.ok([...one.data, ...two.data].every((r) => r.StateCode === state!.code));
    // The last page of the group: what is left of it.
    const last = await query(state!.n - 3);
    assert.equal(last.data.length, 3);
  });

  test('sub groups: inside a state, a page of its stores, each with its figures; inside a store, its rows', async () => {
    const [state] = await sql<{ code: string }>(
      `select min(state_code) as code from stores s where exists (select 1 from sales where store_id = s.store_id)`,
    );
    const group = JSON.stringify([state!.code]);
    const expected = await salesFigures('s.store_number', `s.state_code = '${state!.code}'`);
    const subs = await sales({ maingroup: 'StateCode', subgroup: 'StoreNumber', group, length: 3 });
    assert.deepEqual(subs.data, []);
    assert.equal(subs.recordsFiltered, expected.length);
    assert.deepEqual(
      values(subs.groups),
      expected.slice(0, 3).map((e) => [state!.code, e.value]),
    );
    for (const [i, sub] of subs.groups!.entries()) assertSalesGroup(sub, expected[i]);
    const more = await sales({ maingroup: 'StateCode', subgroup: 'StoreNumber', group, length: 3, start: 3 });
    assert.deepEqual(
      values(more.groups),
      expected.slice(3, 6).map((e) => [state!.code, e.value]),
    );
    const store = subs.groups![0]!;
    const rows = await sales({ maingroup: 'StateCode', subgroup: 'StoreNumber', group: JSON.stringify(store.values), length: 1000 });
    assert.equal(rows.recordsFiltered, store.count);
    assert.equal(rows.data.length, Math.min(store.count, 1000));
    assert.ok(rows.data.every((r) => r.StateCode === state!.code && r.StoreNumber === store.values[1]));
  });

  test('the search, a column search and the store selection narrow the groups and their rows', async () => {
    const where = `(s.name ilike '%downtown%' or s.state_code ilike '%downtown%' or s.store_number::text ilike '%downtown%')`;
    const expected = await salesFigures('s.store_number', where);
    assert.ok(expected.length > 0, 'some stores are called downtown');
    const body = await sales({ maingroup: 'StoreNumber', length: 50, 'search[value]': 'downtown' });
    assert.deepEqual(
      values(body.groups),
      expected.slice(0, 50).map((e) => [e.value]),
    );
    for (const [i, group] of body.groups!.entries()) assertSalesGroup(group, expected[i]);
    const inside = await sales({
      maingroup: 'StoreNumber',
      group: JSON.stringify([expected[0]!.value]),
      length: 10,
      'search[value]': 'downtown',
    });
    assert.equal(inside.recordsFiltered, expected[0]!.n);

    // A column search on the store's name.
    const named = await sales({ maingroup: 'StateCode', length: 100, [`columns[${col('StoreName')}][search][value]`]: 'downtown' });
    const byState = await salesFigures('s.state_code', `s.name ilike '%downtown%'`);
    assert.deepEqual(
      values(named.groups),
      byState.map((e) => [e.value]),
    );
    for (const [i, group] of named.groups!.entries()) assertSalesGroup(group, byState[i]);

    // Two stores selected: only their states, only their rows.
    const two = await sql<{ store_id: number }>(
      `select store_id from stores s where exists (select 1 from sales where store_id = s.store_id) order by store_id limit 2`,
    );
    const ids = two.map((r) => r.store_id);
    const selected = await sales({ maingroup: 'StateCode', length: 100, stores: ids.join(',') });
    const bySelection = await salesFigures('s.state_code', `s.store_id in (${ids.join(',')})`);
    assert.deepEqual(
      values(selected.groups),
      bySelection.map((e) => [e.value]),
    );
    for (const [i, group] of selected.groups!.entries()) assertSalesGroup(group, bySelection[i]);
  });

  test("a store-scoped user's groups hold the stores they may see only", async () => {
    const where = `s.group_id = (select group_id from groups where code = 'NE')`;
    const expected = await salesFigures('s.state_code', where);
    const body = await sales({ maingroup: 'StateCode', length: 100 }, shared.analyst);
    assert.deepEqual(
      values(body.groups),
      expected.map((e) => [e.value]),
    );
    for (const [i, group] of body.groups!.entries()) assertSalesGroup(group, expected[i]);
    // A state the user cannot see has no rows for them, even named.
    const [hidden] = await sql<{ code: string }>(`select min(state_code) as code from stores s where not (${where})`);
    const none = await sales({ maingroup: 'StateCode', group: JSON.stringify([hidden!.code]), length: 10 }, shared.analyst);
    assert.equal(none.recordsFiltered, 0);
    assert.deepEqual(none.data, []);
  });

  /** A few stores' ids, a selection that names stores: the per-day totals (all stores) cannot answer it. */
  const someStores = async () =>
    (await sql<{ id: number }>('select store_id as id from stores order by store_id limit 3')).map((r) => r.id);

  test('groups by date of some stores are summed from the sales rows', async () => {
    const ids = await someStores();
    const expected = await salesFigures('sa.sale_date::text', `sa.store_id in (${ids.join(',')})`, 'desc');
    const byDate = { maingroup: 'SaleDate', length: 20, 'order[0][column]': col('SaleDate'), 'order[0][dir]': 'desc' };
    const body = await sales({ ...byDate, stores: ids.join(',') });
    assert.equal(body.recordsFiltered, expected.length);
    assert.deepEqual(
      values(body.groups),
      expected.slice(0, 20).map((e) => [e.value]),
    );
    for (const [i, group] of body.groups!.entries()) assertSalesGroup(group, expected[i]);
  });

  test('groups by date over all stores are summed from the per-day totals, in either order', async () => {
    for (const dir of ['asc', 'desc']) {
      const expected = await salesFigures('sa.sale_date::text', 'true', dir);
      const body = await sales({ maingroup: 'SaleDate', start: 3, length: 7, 'order[0][column]': col('SaleDate'), 'order[0][dir]': dir });
      assert.equal(body.recordsFiltered, expected.length);
      assert.deepEqual(
        values(body.groups),
        expected.slice(3, 10).map((e) => [e.value]),
      );
      for (const [i, group] of body.groups!.entries()) assertSalesGroup(group, expected[i + 3]);
    }
  });

  test('on a large table, groups by an indexed column are counted by the planner, flagged, and still exact in themselves', async () => {
    // The table as the planner would see a large one (count.ts reads its size from pg_class).
    const [{ reltuples } = { reltuples: 0 }] = await sql<{ reltuples: number }>(
      `select reltuples::float8 as reltuples from pg_class where relname = 'sales'`,
    );
    await sql(`update pg_class set reltuples = 5000000 where relname = 'sales'`);
    forgetResource(shared.t.db.pool, 'sales');
    try {
      const ids = await someStores();
      const expected = await salesFigures('sa.sale_date::text', `sa.store_id in (${ids.join(',')})`, 'desc');
      const byDate = { maingroup: 'SaleDate', length: 20, 'order[0][column]': col('SaleDate'), 'order[0][dir]': 'desc' };
      const body = await sales({ ...byDate, stores: ids.join(',') });
      assert.equal(body.countIsEstimate, true);
      assert.ok(body.recordsFiltered > 0);
      assert.deepEqual(
        values(body.groups),
        expected.slice(0, 20).map((e) => [e.value]),
      );
      for (const [i, group] of body.groups!.entries()) assertSalesGroup(group, expected[i]);
      // By state the totals table counts them exactly.
      const states = await sales({ maingroup: 'StateCode', length: 5 });
      assert.equal(states.countIsEstimate, false);
      assert.equal(states.recordsFiltered, (await salesFigures('s.state_code')).length);
      // And by date over all stores, the per-day totals.
      const days = await sales(byDate);
      assert.equal(days.countIsEstimate, false);
      assert.equal(days.recordsFiltered, (await salesFigures('sa.sale_date')).length);
    } finally {
      await sql(`update pg_class set reltuples = $1 where relname = 'sales'`, [reltuples]);
      forgetResource(shared.t.db.pool, 'sales');
    }
  });

  test('a group with no rows answers none; a page of groups inside it too', async () => {
    const rows = await sales({ maingroup: 'StateCode', group: JSON.stringify(['ZZ']), length: 10 });
    assert.equal(rows.recordsFiltered, 0);
    assert.deepEqual(rows.data, []);
    const subs = await sales({ maingroup: 'StateCode', subgroup: 'StoreNumber', group: JSON.stringify(['ZZ']), length: 10 });
    assert.equal(subs.recordsFiltered, 0);
    assert.deepEqual(subs.groups, []);
  });

  test('rows with no value form one group whose value is null, which opens to those rows', async () => {
    await sql(`update users set group_id = null where user_name in ('clerk', 'trainee')`);
    const query = (extra: Query) =>
      list(shared.admin, 'users', currentQuery(['UserID', 'UserName', 'GroupName'], { length: -1, maingroup: 'GroupName', ...extra }));
    const [expected] = await sql<{ n: number }>(`select count(*)::int as n from users where group_id is null`);
    const empty = (await query({})).groups!.find((g) => g.values[0] === null);
    assert.ok(empty, 'the group of no name is there');
    assert.equal(empty.count, expected!.n);
    const inside = await query({ group: '[null]' });
    assert.equal(inside.recordsFiltered, expected!.n);
    assert.ok(inside.data.every((r) => r.GroupName === null));
  });

  test('a group of a point in time (to the millisecond, as the API writes times) opens to its rows', async () => {
    // Audited changes, their times kept to the microsecond.
    for (const store of await sql<{ store_id: number; version: number; city: string }>(
      `select store_id, version, city from stores order by store_id limit 3`,
    )) {
      const res = await shared.admin.inject({
        method: 'PATCH',
        url: '/api/stores',
        payload: { StoreID: store.store_id, Version: store.version, City: `${store.city} Town` },
      });
      assert.equal(res.statusCode, 200, res.body);
    }
    // Two of them in one millisecond, apart by microseconds.
    const ids = (await sql<{ audit_id: number }>(`select audit_id from audit_log order by audit_id desc limit 2`)).map((r) => r.audit_id);
    await sql(
      `update audit_log set at = case audit_id when $1 then '2026-01-02 10:00:00.123456+00'::timestamptz else '2026-01-02 10:00:00.123789+00' end where audit_id = any($2)`,
      [ids[0], ids],
    );
    const query = (extra: Query) =>
      list(
        shared.admin,
        'audit',
        currentQuery(['AuditID', 'At', 'Action'], {
          maingroup: 'At',
          length: 100,
          'order[0][column]': 1,
          'order[0][dir]': 'desc',
          ...extra,
        }),
      );
    const page = await query({});
    assert.ok(page.groups!.length > 0);
    const millisecond = page.groups!.find((g) => g.values[0] === '2026-01-02T10:00:00.123Z');
    assert.equal(millisecond?.count, 2, 'one group for the millisecond');
    for (const group of [millisecond!, ...page.groups!.slice(0, 3)]) {
      const inside = await query({ group: JSON.stringify(group.values) });
      assert.equal(inside.recordsFiltered, group.count, `the rows at ${group.values[0]}`);
      assert.ok(inside.data.every((r) => r.At === group.values[0]));
    }
  });

  test('stores grouped by state and group, in the legacy dialect', async () => {
    const body = await list(
      shared.admin,
      'stores',
      legacyQuery(storeColumns, { iDisplayLength: 15, maingroup: 'StateCode', subgroup: 'GroupName' }),
    );
    const expected = await sql<{ code: string; n: number }>(
      `select state_code as code, count(*)::int as n from stores group by 1 order by 1`,
    );
    assert.deepEqual(body.aaData, []);
    assert.equal(body.iTotalDisplayRecords, expected.length);
    assert.deepEqual(
      values(body.groups),
      expected.slice(0, 15).map((e) => [e.code]),
    );
    for (const [i, group] of body.groups!.entries()) {
      assert.equal(group.count, expected[i]!.n);
      assert.equal(group.totals.StoreNumber, group.count, "the Store # column's footer total is a count");
    }
  });

  test('a group that cannot be read is refused with the reason', async () => {
    const refused = async (query: Query, text: RegExp) => {
      const body = await sales(query).catch(() => null);
      assert.equal(body, null, 'not answered 200');
      const res = await shared.admin.inject({ url: url('sales', currentQuery(saleColumns, query)) });
      assert.equal(res.statusCode, 400);
      assert.match(res.json().error, text);
    };
    await refused({ group: '["AK"]' }, /grouped table/);
    await refused({ maingroup: 'StateCode', group: 'AK' }, /JSON list/);
    await refused({ maingroup: 'StateCode', group: '["AK","x"]' }, /JSON list/);
    await refused({ maingroup: 'SaleDate', group: '["31/02/2026"]' }, /"SaleDate" is not a day: a day is written yyyy-mm-dd/);
    await refused({ maingroup: 'SaleDate', group: '["2026-02-31"]' }, /"SaleDate" is not a day: it names no day of the calendar/);
    await refused({ maingroup: 'SaleDate', group: '["0000-01-01"]' }, /"SaleDate" is not a day: it names no day of the calendar/);
    await refused({ maingroup: 'StoreName', group: '["a\\u0000b"]' }, /not a value of that column/);
    await refused({ maingroup: 'Sales', group: '[1e400]' }, /not a value of that column/);
    await refused({ maingroup: 'StoreNumber', group: '[{"a":1}]' }, /not a value of that column/);
  });

  test('a change through the table shows in the groups at once', async () => {
    const query = { maingroup: 'StoreNumber', length: 5 };
    const before = await sales(query);
    const number = before.groups![0]!.values[0];
    const [row] = await sales({ ...query, group: JSON.stringify([number]), length: 1 }).then((b) => b.data);
    const [stored] = await sql<{ version: number }>(`select version from sales where sale_id = $1`, [row!.SaleID]);
    const res = await shared.admin.inject({
      method: 'PATCH',
      url: '/api/sales',
      payload: {
        SaleID: row!.SaleID,
        Version: stored!.version,
        Sales: String(Number(row!.Sales) + 1000),
        Transactions: row!.Transactions,
        Margin: row!.Margin,
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    const after = await sales(query);
    const total = (page: Answer) => Number(page.groups!.find((g) => g.values[0] === number)!.totals.Sales);
    assert.equal((total(after) - total(before)).toFixed(2), '1000.00');
  });
});
