// The totals of a grouped page's groups (`maingroup`, `subgroup`): each group on the page with its row
// count and footer totals over all of its filtered rows, not only the page's, checked against sums the
// database makes on its own; only the groups on the page; a NULL group; both totals paths (the totals
// table and the base table); a change seen at once.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { useTestApp, type SignedIn } from '../../support/app.ts';
import type { GroupTotals } from '../../../common/table-config.ts';
import { currentQuery, legacyQuery, url, type Row } from './support.ts';

const shared = useTestApp('admin', 'analyst');

const saleColumns = ['SaleID', 'StoreNumber', 'StoreName', 'StateCode', 'SaleDate', 'Sales', 'Transactions', 'Margin'];
const storeColumns = ['StoreID', 'StoreNumber', 'Name', 'City', 'StateCode', 'GroupName'];

interface Answer {
  data: Row[];
  aaData: Row[];
  groups: GroupTotals[] | null;
  recordsFiltered: number;
}

async function list(user: SignedIn, resource: string, query: Record<string, string | number>): Promise<Answer> {
  const res = await user.inject({ url: url(resource, query) });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as Answer;
}

async function sql<T = Row>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await shared.t.db.pool.query(text, params)).rows as T[];
}

/**
 * The sales figures of each (main) and (main, sub) group, summed by the database from the sales rows with
 * their store and state; `main` and `sub` are expressions over them (sa, s, st).
 */
async function salesFigures(main: string, sub: string, where = 'true'): Promise<Map<string, Row>> {
  const rows = await sql<Row>(
    `select ${main} as main, ${sub} as sub, grouping(${sub}) as whole,
            count(*)::int as n, sum(sa.sales)::text as sales, sum(sa.transactions)::int as tx, avg(sa.margin)::float8 as margin
     from sales sa join stores s on s.store_id = sa.store_id join states st on st.state_id = s.state_id
     where ${where}
     group by grouping sets ((${main}), (${main}, ${sub}))`,
  );
  return new Map(rows.map((r) => [JSON.stringify(r.whole ? [r.main] : [r.main, r.sub]), r]));
}

/** A group's answer against the database's own figures (the average to 12 digits: it is a quotient). */
function assertSalesGroup(group: GroupTotals, expected: Row | undefined) {
  assert.ok(expected, `the group ${JSON.stringify(group.values)} exists`);
  assert.equal(group.count, expected.n);
  assert.equal(group.totals.SaleDate, expected.n);
  assert.equal(Number(group.totals.Sales).toFixed(2), Number(expected.sales).toFixed(2));
  assert.equal(group.totals.Transactions, expected.tx);
  assert.equal(Number(group.totals.Margin).toFixed(12), Number(expected.margin).toFixed(12));
}

/** The distinct group paths of a page: [main] and, with a sub group, [main, sub]. */
function pathsOnPage(rows: Row[], main: string, sub?: string): string[] {
  const paths = rows.flatMap((r) => [JSON.stringify([r[main]]), ...(sub ? [JSON.stringify([r[main], r[sub]])] : [])]);
  return [...new Set(paths)].sort();
}

const keys = (groups: GroupTotals[] | null) => (groups ?? []).map((g) => JSON.stringify(g.values)).sort();

describe('group totals', () => {
  test('an ungrouped list carries no group totals', async () => {
    const body = await list(shared.admin, 'sales', currentQuery(saleColumns, { length: 5 }));
    assert.equal(body.groups, null);
  });

  test('each main and sub group on the page has its row count and totals over all its rows, across two pages', async () => {
    // Two pages that straddle the end of the first store name: the first ends inside a store's rows.
    const [first] = await sql<{ n: number }>(
      `select count(*)::int as n from sales sa join stores s using (store_id) where s.name = (select min(name) from stores)`,
    );
    const length = 30;
    const start = first!.n - 40;
    const query = (at: number) =>
      currentQuery(saleColumns, {
        start: at,
        length,
        maingroup: 'StoreName',
        subgroup: 'StoreNumber',
        'order[0][column]': 4,
        'order[0][dir]': 'desc',
      });
    const expected = await salesFigures('s.name', 's.store_number');
    const pageOne = await list(shared.admin, 'sales', query(start));
    const pageTwo = await list(shared.admin, 'sales', query(start + length));
    for (const page of [pageOne, pageTwo]) {
      assert.deepEqual(keys(page.groups), pathsOnPage(page.data, 'StoreName', 'StoreNumber'), 'exactly the groups on the page');
      for (const group of page.groups!) assertSalesGroup(group, expected.get(JSON.stringify(group.values)));
    }
    assert.equal(new Set(pageTwo.data.map((r) => r.StoreName)).size, 2, 'the second page starts the next name');
    // The group whose rows run across the two pages has the same totals on both.
    const last = pageOne.data.at(-1)!;
    assert.equal(pageTwo.data[0]!.StoreNumber, last.StoreNumber);
    const across = JSON.stringify([last.StoreName, last.StoreNumber]);
    const sameGroup = (page: Answer) => page.groups!.find((g) => JSON.stringify(g.values) === across);
    assert.deepEqual(sameGroup(pageOne), sameGroup(pageTwo));
    assert.ok(sameGroup(pageOne)!.count > length, 'the group is larger than a page');
  });

  test('daily sales grouped by state: each state on the page has its figures over all its rows, and its rows come store by store, across two pages', async () => {
    // Two pages that straddle the end of the first state's rows.
    const firstState = `(select min(st.code) from sales sa join stores s using (store_id) join states st using (state_id))`;
    const [first] = await sql<{ n: number }>(
      `select count(*)::int as n from sales sa join stores s using (store_id) join states st using (state_id) where st.code = ${firstState}`,
    );
    const length = 30;
    const start = first!.n - 20;
    const query = (at: number) =>
      currentQuery(saleColumns, { start: at, length, maingroup: 'StateCode', 'order[0][column]': 4, 'order[0][dir]': 'desc' });
    const pages = [await list(shared.admin, 'sales', query(start)), await list(shared.admin, 'sales', query(start + length))];
    // Within a state, each store's rows in the order asked for (by date, newest first).
    const order = await sql<{ sale_id: number }>(
      `select sa.sale_id from sales sa join stores s using (store_id) join states st using (state_id)
       order by st.code, s.store_number, sa.sale_date desc, sa.sale_id desc offset $1 limit $2`,
      [start, 2 * length],
    );
    assert.deepEqual(
      pages.flatMap((p) => p.data.map((r) => r.SaleID)),
      order.map((r) => r.sale_id),
    );
    assert.equal(new Set(pages[0]!.data.map((r) => r.StateCode)).size, 2, 'the first page ends the first state and starts the next');
    const expected = await salesFigures('st.code', 's.store_number');
    for (const page of pages) {
      assert.deepEqual(keys(page.groups), pathsOnPage(page.data, 'StateCode'), 'exactly the states on the page');
      for (const group of page.groups!) assertSalesGroup(group, expected.get(JSON.stringify(group.values)));
    }
  });

  test("a store moved to another state, and a state's new code, show in the sales grouped by state at once", async () => {
    const columns = ['SaleID', 'StoreID', 'StoreNumber', 'StateCode', 'SaleDate', 'Sales'];
    const [store] = await sql<{ store_id: number; store_number: number; version: number; code: string }>(
      `select s.store_id, s.store_number, s.version, st.code from stores s join states st using (state_id)
       where exists (select 1 from sales where store_id = s.store_id) order by s.store_id limit 1`,
    );
    const [other] = await sql<{ state_id: number; code: string; name: string; region: string; version: number }>(
      `select state_id, code, name, region, version from states where code <> $1 and code <> 'QQ' order by code limit 1`,
      [store!.code],
    );
    // The store's sales (a search on its number, which other regions' stores may share), grouped by state.
    const query = currentQuery(columns, { length: 1000, maingroup: 'StateCode', 'columns[2][search][value]': store!.store_number });
    const grouped = () => list(shared.admin, 'sales', query);
    const stateOf = async () => new Set((await grouped()).data.filter((r) => r.StoreID === store!.store_id).map((r) => r.StateCode));
    assert.deepEqual(await stateOf(), new Set([store!.code]));
    const moved = await shared.admin.inject({
      method: 'PATCH',
      url: '/api/stores',
      payload: { StoreID: store!.store_id, Version: store!.version, StateID: other!.state_id },
    });
    assert.equal(moved.statusCode, 200, moved.body);
    assert.deepEqual(moved.json().Failed, []);
    assert.deepEqual(await stateOf(), new Set([other!.code]));
    const renamed = await shared.admin.inject({
      method: 'PATCH',
      url: '/api/states',
      payload: { StateID: other!.state_id, Version: other!.version, Code: 'QQ' },
    });
    assert.deepEqual(renamed.json().Failed, [], renamed.body);
    assert.deepEqual(await stateOf(), new Set(['QQ']));
    assert.ok(
      (await grouped()).groups!.some((g) => g.values[0] === 'QQ'),
      'the group of the new code, its totals read afresh',
    );
  });

  test('group totals count only the rows the search finds', async () => {
    const body = await list(
      shared.admin,
      'sales',
      currentQuery(saleColumns, { length: 50, maingroup: 'StoreNumber', 'search[value]': 'downtown' }),
    );
    const expected = await salesFigures(
      's.store_number',
      'st.code',
      `s.name ilike '%downtown%' or st.code ilike '%downtown%' or s.store_number::text ilike '%downtown%'`,
    );
    assert.ok(body.groups!.length > 0);
    assert.deepEqual(keys(body.groups), pathsOnPage(body.data, 'StoreNumber'));
    for (const group of body.groups!) assertSalesGroup(group, expected.get(JSON.stringify(group.values)));
  });

  test('a store-scoped user gets the totals of the stores they may see only', async () => {
    const body = await list(shared.analyst, 'sales', currentQuery(saleColumns, { length: 25, maingroup: 'StoreName' }));
    const expected = await salesFigures('s.name', 's.store_number', `s.group_id = (select group_id from groups where code = 'NE')`);
    assert.ok(body.groups!.length > 0);
    for (const group of body.groups!) assertSalesGroup(group, expected.get(JSON.stringify(group.values)));
  });

  test('groups by a column the totals table does not keep are summed from the sales rows', async () => {
    const body = await list(
      shared.admin,
      'sales',
      currentQuery(saleColumns, { length: 40, maingroup: 'SaleDate', subgroup: 'StoreNumber' }),
    );
    const dates = [...new Set(body.data.map((r) => String(r.SaleDate)))];
    assert.ok(dates.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d)));
    const expected = await salesFigures(
      'sa.sale_date::text',
      's.store_number',
      `sa.sale_date in (${dates.map((d) => `'${d}'`).join(', ')})`,
    );
    assert.deepEqual(keys(body.groups), pathsOnPage(body.data, 'SaleDate', 'StoreNumber'));
    for (const group of body.groups!) assertSalesGroup(group, expected.get(JSON.stringify(group.values)));
  });

  test('stores grouped by state count each state stores; the legacy dialect carries them too', async () => {
    const query = legacyQuery(storeColumns, { iDisplayLength: 15, maingroup: 'StateCode', subgroup: 'GroupName' });
    const body = await list(shared.admin, 'stores', query);
    const expected = await sql<{ code: string; n: number }>(
      `select st.code, count(*)::int as n from stores s join states st using (state_id) group by st.code`,
    );
    assert.deepEqual(keys(body.groups), pathsOnPage(body.aaData, 'StateCode', 'GroupName'));
    for (const group of body.groups!.filter((g) => g.values.length === 1)) {
      assert.equal(group.count, expected.find((e) => e.code === group.values[0])!.n);
      assert.equal(group.totals.StoreNumber, group.count, "the Store # column's footer total is a count");
    }
  });

  test('rows with no value form one group whose value is null', async () => {
    await sql(`update users set group_id = null where user_name in ('clerk', 'trainee')`);
    const body = await list(
      shared.admin,
      'users',
      currentQuery(['UserID', 'UserName', 'GroupName'], { length: -1, maingroup: 'GroupName' }),
    );
    const [expected] = await sql<{ n: number }>(`select count(*)::int as n from users where group_id is null`);
    const empty = body.groups!.find((g) => g.values[0] === null);
    assert.ok(empty, 'the group of no name is there');
    assert.equal(empty.count, expected!.n);
    assert.equal(body.data.filter((r) => r.GroupName === null).length, expected!.n);
  });

  test('a change through the table shows in the group totals at once', async () => {
    const query = currentQuery(saleColumns, { length: 5, maingroup: 'StoreNumber', 'order[0][column]': 0, 'order[0][dir]': 'asc' });
    const before = await list(shared.admin, 'sales', query);
    const row = before.data[0]!;
    const [stored] = await sql<{ version: number }>(`select version from sales where sale_id = $1`, [row.SaleID]);
    const res = await shared.admin.inject({
      method: 'PATCH',
      url: '/api/sales',
      payload: {
        SaleID: row.SaleID,
        Version: stored!.version,
        Sales: String(Number(row.Sales) + 1000),
        Transactions: row.Transactions,
        Margin: row.Margin,
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    const after = await list(shared.admin, 'sales', query);
    const total = (page: Answer) => Number(page.groups!.find((g) => g.values[0] === row.StoreNumber)!.totals.Sales);
    assert.equal((total(after) - total(before)).toFixed(2), '1000.00');
  });
});
