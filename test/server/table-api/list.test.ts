// The list protocol of /api/<resource>: both DataTables dialects, paging, search, sorting, grouping,
// totals, the All cap, store scoping, keyset cursors and clear refusals of bad requests.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { useTestApp, sameDatabaseApp, signIn, type SignedIn } from '../../support/app.ts';
import { defaultMessages as m } from '../../../server/messages.ts';
import type pg from 'pg';
import { salesDef } from '../../../server/resources/sales.ts';
import { countRows } from '../../../server/table-api/list/count.ts';
import { forgetResource } from '../../../server/table-api/cache/short-lived.ts';
import { defaultLimits } from '../../../server/limits.ts';
import { currentQuery, legacyQuery, url, type Row } from './support.ts';

const shared = useTestApp('admin', 'analyst');

const stateColumns = ['StateID', 'Code', 'Name', 'Region'];
const saleColumns = ['SaleID', 'StoreNumber', 'StoreName', 'SaleDate', 'Sales', 'Transactions', 'Margin'];

async function list(user: SignedIn, resource: string, query: Record<string, string | number>) {
  const res = await user.inject({ url: url(resource, query) });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> & { data: Row[]; aaData: Row[] } };
}

async function sql<T = Row>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await shared.t.db.pool.query(text, params)).rows as T[];
}

describe('the current dialect', () => {
  test('answers draw, recordsTotal, recordsFiltered and data rows keyed by column name', async () => {
    const { status, body } = await list(
      shared.admin,
      'states',
      currentQuery(stateColumns, { draw: 12, length: 5, 'order[0][column]': 2, 'order[0][dir]': 'desc' }),
    );
    assert.equal(status, 200);
    assert.equal(body.draw, 12);
    assert.equal(body.recordsTotal, 51);
    assert.equal(body.recordsFiltered, 51);
    assert.equal(body.countIsEstimate, false);
    assert.ok(!Number.isNaN(Date.parse(String(body.syncedAt))), 'syncedAt is a timestamp');
    const expected = await sql<{ name: string }>('select name from states order by name desc limit 5');
    assert.deepEqual(
      body.data.map((r) => r.Name),
      expected.map((r) => r.name),
    );
    assert.deepEqual(Object.keys(body.data[0]!).sort(), ['Code', 'Name', 'Region', 'StateID', 'Version']);
    assert.equal('sEcho' in body, false);
  });

  test('pages are consecutive slices of one order', async () => {
    const all = await list(
      shared.admin,
      'states',
      currentQuery(stateColumns, { length: -1, 'order[0][column]': 3, 'order[0][dir]': 'asc' }),
    );
    const names: unknown[] = [];
    for (let start = 0; start < 51; start += 20) {
      const page = await list(
        shared.admin,
        'states',
        currentQuery(stateColumns, { start, length: 20, 'order[0][column]': 3, 'order[0][dir]': 'asc' }),
      );
      names.push(...page.body.data.map((r) => r.Name));
    }
    assert.deepEqual(
      names,
      all.body.data.map((r) => r.Name),
    );
  });

  test('the draw comes back as the integer sent', async () => {
    const { body } = await list(shared.admin, 'states', currentQuery(stateColumns, { draw: '0042' }));
    assert.equal(body.draw, 42);
  });

  test('values keep their JSON types: exact decimals and dates as text, whole numbers as numbers, totals as counted', async () => {
    const { body } = await list(shared.admin, 'sales', currentQuery(saleColumns, { length: 1, totals: 'true' }));
    const [row] = body.data;
    assert.deepEqual(
      saleColumns.map((c) => typeof row![c]),
      ['number', 'number', 'string', 'string', 'string', 'number', 'string'],
    );
    assert.match(String(row!.SaleDate), /^\d{4}-\d{2}-\d{2}$/);
    const totals = body.totals as Record<string, unknown>;
    assert.deepEqual([typeof totals.Sales, typeof totals.Transactions], ['string', 'number']);
  });
});

describe('the legacy dialect', () => {
  test('answers sEcho, iTotalRecords, iTotalDisplayRecords and aaData', async () => {
    const { status, body } = await list(
      shared.admin,
      'states',
      legacyQuery(stateColumns, { sEcho: 9, iDisplayStart: 10, iDisplayLength: 5, iSortingCols: 1, iSortCol_0: 1, sSortDir_0: 'asc' }),
    );
    assert.equal(status, 200);
    assert.equal(body.sEcho, 9);
    assert.equal(body.iTotalRecords, 51);
    assert.equal(body.iTotalDisplayRecords, 51);
    const expected = await sql<{ code: string }>('select code from states order by code offset 10 limit 5');
    assert.deepEqual(
      body.aaData.map((r) => r.Code),
      expected.map((r) => r.code),
    );
    assert.equal('draw' in body, false);
    assert.equal('data' in body, false);
  });

  test('searches globally and per column', async () => {
    const global = await list(shared.admin, 'states', legacyQuery(stateColumns, { sSearch: 'new' }));
    assert.deepEqual(global.body.aaData.map((r) => r.Name).sort(), ['New Hampshire', 'New Jersey', 'New Mexico', 'New York']);
    assert.equal(global.body.iTotalDisplayRecords, 4);
    assert.equal(global.body.iTotalRecords, 51);
    const perColumn = await list(shared.admin, 'states', legacyQuery(stateColumns, { sSearch_3: 'MW', iDisplayLength: -1 }));
    const expected = await sql<{ n: number }>(`select count(*)::int as n from states where region = 'MW'`);
    assert.equal(perColumn.body.iTotalDisplayRecords, expected[0]!.n);
    assert.ok(perColumn.body.aaData.every((r) => r.Region === 'MW'));
  });
});

describe('search, sort, grouping and totals', () => {
  test('every word of a search must match some searchable column; wildcards are literal', async () => {
    const both = await list(shared.admin, 'states', currentQuery(stateColumns, { 'search[value]': 'new  york' }));
    assert.deepEqual(
      both.body.data.map((r) => r.Name),
      ['New York'],
    );
    const percent = await list(shared.admin, 'states', currentQuery(stateColumns, { 'search[value]': '%' }));
    assert.equal(percent.body.recordsFiltered, 0);
  });

  test('a column the table excludes from its search is not searched', async () => {
    const query = currentQuery(stateColumns, { 'search[value]': 'NE' });
    const all = await list(shared.admin, 'states', query);
    const withoutRegion = await list(shared.admin, 'states', { ...query, 'columns[3][searchable]': 'false' });
    assert.ok(Number(withoutRegion.body.recordsFiltered) < Number(all.body.recordsFiltered));
  });

  test('several sort columns apply in the order given', async () => {
    const { body } = await list(
      shared.admin,
      'sales',
      currentQuery(saleColumns, {
        length: 200,
        'order[0][column]': 1,
        'order[0][dir]': 'desc',
        'order[1][column]': 4,
        'order[1][dir]': 'asc',
      }),
    );
    const expected = await sql<{ sale_id: number }>(
      `select sa.sale_id from sales sa join stores s using (store_id) order by s.store_number desc, sa.sales asc, sa.sale_id asc limit 200`,
    );
    assert.deepEqual(
      body.data.map((r) => r.SaleID),
      expected.map((r) => r.sale_id),
    );
  });

  test("daily sales sort by state, a state's rows store by store (its stores' index order), and the next-page cursor reads on as the offset does", async () => {
    const columns = [...saleColumns, 'StateCode'];
    const query = currentQuery(columns, { length: 40, 'order[0][column]': columns.indexOf('StateCode'), 'order[0][dir]': 'desc' });
    const first = await list(shared.admin, 'sales', query);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    const byCursor = await list(shared.admin, 'sales', { ...query, start: 40, after: String(first.body.next) });
    const byOffset = await list(shared.admin, 'sales', { ...query, start: 40 });
    const expected = await sql<{ sale_id: number; code: string }>(
      `select sa.sale_id, st.code from sales sa join stores s using (store_id) join states st using (state_id)
       order by st.code desc, s.store_number desc, sa.sale_id desc limit 80`,
    );
    const ids = (rows: Row[]) => rows.map((r) => r.SaleID);
    assert.deepEqual([...ids(first.body.data), ...ids(byCursor.body.data)], ids(expected.map((r) => ({ SaleID: r.sale_id }))));
    assert.deepEqual(ids(byOffset.body.data), ids(byCursor.body.data));
    assert.deepEqual(
      first.body.data.map((r) => r.StateCode),
      expected.slice(0, 40).map((r) => r.code),
    );
  });

  test('a grouped list pages through its groups; inside a group, through its sub groups, then their rows in the sort', async () => {
    const columns = ['StoreNumber', 'Name', 'GroupName', 'StateCode'];
    const grouped = (extra: Record<string, string | number>) =>
      list(
        shared.admin,
        'stores',
        currentQuery(columns, { maingroup: 'GroupName', subgroup: 'StateCode', 'order[0][column]': 1, 'order[0][dir]': 'desc', ...extra }),
      );
    const mains: unknown[] = [];
    for (let start = 0; start < 12; start += 2)
      mains.push(...((await grouped({ start, length: 2 })).body.groups as Array<{ values: unknown[] }>).map((g) => g.values[0]));
    const expected = await sql<{ name: string }>(`select distinct g.name from stores s join groups g using (group_id) order by 1`);
    assert.deepEqual(mains, expected.map((r) => r.name).slice(0, 12), 'each group once, in ascending order');
    const main = mains[0];
    const subs = (await grouped({ length: 100, group: JSON.stringify([main]) })).body.groups as Array<{ values: unknown[]; count: number }>;
    assert.ok(subs.length > 0 && subs.every((g) => g.values[0] === main));
    const inside = await grouped({ length: 1000, group: JSON.stringify(subs[0]!.values) });
    assert.equal(inside.body.data.length, subs[0]!.count);
    const order = await sql<{ name: string }>(
      `select s.name from stores s join groups g using (group_id) where g.name = $1 and s.state_code = $2 order by s.name desc, s.store_id desc`,
      subs[0]!.values,
    );
    assert.deepEqual(
      inside.body.data.map((r) => r.Name),
      order.map((r) => r.name),
      'the rows in the sort asked for',
    );
  });

  test('footer totals cover the whole filtered set, not just the page', async () => {
    const { body } = await list(shared.admin, 'sales', currentQuery(saleColumns, { length: 5, 'search[value]': 'downtown' }));
    const [expected] = await sql<{ n: number; sales: string; tx: number; margin: string }>(
      `select count(*)::int as n, sum(sa.sales)::text as sales, sum(sa.transactions)::int as tx, avg(sa.margin)::text as margin
       from sales sa join stores s using (store_id) join states st on st.state_id = s.state_id
       where s.name ilike '%downtown%' or st.code ilike '%downtown%' or s.store_number::text ilike '%downtown%'`,
    );
    assert.ok(expected!.n > 5);
    assert.equal(body.recordsFiltered, expected!.n);
    const totals = body.totals as Row;
    assert.equal(totals.Sales, expected!.sales);
    assert.equal(totals.Transactions, expected!.tx);
    assert.equal(totals.Margin, expected!.margin);
    assert.equal(totals.SaleDate, expected!.n);
  });

  test('All (-1) returns at most 1000 rows', async () => {
    const { body } = await list(shared.admin, 'sales', currentQuery(saleColumns, { length: -1 }));
    assert.ok(Number(body.recordsFiltered) > 1000);
    assert.equal(body.data.length, 1000);
  });
});

describe('deep pages', () => {
  test('the next-page cursor reads the same rows as an offset', async () => {
    const query = currentQuery(saleColumns, { length: 50, 'order[0][column]': 4, 'order[0][dir]': 'desc' });
    const first = await list(shared.admin, 'sales', query);
    assert.equal(typeof first.body.next, 'string');
    const byCursor = await list(shared.admin, 'sales', { ...query, start: 50, after: String(first.body.next) });
    const byOffset = await list(shared.admin, 'sales', { ...query, start: 50 });
    assert.deepEqual(
      byCursor.body.data.map((r) => r.SaleID),
      byOffset.body.data.map((r) => r.SaleID),
    );
  });

  test('the previous-page cursor reads the same rows as an offset', async () => {
    const query = currentQuery(saleColumns, {
      length: 50,
      'order[0][column]': 1,
      'order[0][dir]': 'asc',
      'order[1][column]': 4,
      'order[1][dir]': 'desc',
    });
    const third = await list(shared.admin, 'sales', { ...query, start: 100 });
    assert.equal(typeof third.body.prev, 'string');
    const byCursor = await list(shared.admin, 'sales', { ...query, start: 50, before: String(third.body.prev) });
    const byOffset = await list(shared.admin, 'sales', { ...query, start: 50 });
    assert.deepEqual(
      byCursor.body.data.map((r) => r.SaleID),
      byOffset.body.data.map((r) => r.SaleID),
    );
  });

  test('paging on by cursor neither repeats nor skips a row when rows are added meanwhile', async () => {
    const query = currentQuery(saleColumns, { length: 10, 'order[0][column]': 0, 'order[0][dir]': 'desc' });
    const first = await list(shared.admin, 'sales', query);
    await shared.t.db.pool.query(
      `insert into sales (store_id, sale_date, sales, transactions, margin) select min(store_id), '1990-01-01', 1, 1, 0.1 from stores`,
    );
    const byCursor = await list(shared.admin, 'sales', { ...query, start: 10, after: String(first.body.next) });
    const byOffset = await list(shared.admin, 'sales', { ...query, start: 10 });
    const lastSeen = Number(first.body.data.at(-1)!.SaleID);
    assert.ok(Number(byCursor.body.data[0]!.SaleID) < lastSeen, 'the cursor page starts after the last row seen');
    assert.equal(byOffset.body.data[0]!.SaleID, lastSeen, 'an offset page would show that row again');
    await shared.t.db.pool.query(`delete from sales where sale_date = '1990-01-01'`);
  });

  test('a cursor sent for another page or filter is ignored, not trusted', async () => {
    const query = currentQuery(saleColumns, { length: 50 });
    const first = await list(shared.admin, 'sales', query);
    const elsewhere = await list(shared.admin, 'sales', { ...query, start: 500, after: String(first.body.next) });
    const byOffset = await list(shared.admin, 'sales', { ...query, start: 500 });
    assert.deepEqual(
      elsewhere.body.data.map((r) => r.SaleID),
      byOffset.body.data.map((r) => r.SaleID),
    );
  });

  test('a cursor made for one store range is ignored under another, however often either is listed', async () => {
    const stores = (await sql<{ store_id: number }>('select store_id from stores order by store_id limit 6')).map((r) => r.store_id);
    const query = (range: number[]) =>
      currentQuery(saleColumns, { length: 10, 'order[0][column]': 0, 'order[0][dir]': 'desc', stores: range.join(',') });
    const [one, five] = [stores.slice(0, 1), stores.slice(1)];
    const first = await list(shared.admin, 'sales', query(one));
    const lastSeen = Number(first.body.data.at(-1)!.SaleID);
    const ids = (page: { body: { data: Row[] } }) => page.body.data.map((r) => r.SaleID);
    const byOffset = ids(await list(shared.admin, 'sales', { ...query(five), start: 10 }));
    // Honoured, the cursor would read on from the one store's last row seen: another page.
    const honoured = ids(await list(shared.admin, 'sales', { ...query(five), length: 1000 }))
      .filter((id) => Number(id) < lastSeen)
      .slice(0, 10);
    assert.notDeepEqual(honoured, byOffset);
    for (let i = 0; i < 2; i++) {
      await list(shared.admin, 'sales', { ...query(one), start: 10, after: String(first.body.next) });
      assert.deepEqual(ids(await list(shared.admin, 'sales', { ...query(five), start: 10, after: String(first.body.next) })), byOffset);
    }
  });

  test('a cursor whose values or position a client edited is ignored: the page is the offset page', async () => {
    const query = currentQuery(saleColumns, { length: 20, 'order[0][column]': 0, 'order[0][dir]': 'desc' });
    const first = await list(shared.admin, 'sales', query);
    const cursor = JSON.parse(Buffer.from(String(first.body.next), 'base64url').toString()) as { p: number; v: unknown[] };
    // A row added in front shifts the offset page by one: a cursor honoured and one ignored then differ.
    await shared.t.db.pool.query(
      `insert into sales (store_id, sale_date, sales, transactions, margin) select min(store_id), '1990-01-02', 1, 1, 0.1 from stores`,
    );
    try {
      const byOffset = (await list(shared.admin, 'sales', { ...query, start: 20 })).body.data.map((r) => r.SaleID);
      const lastSeen = first.body.data.at(-1)!.SaleID;
      assert.equal(byOffset[0], lastSeen);
      const forge = (edit: object) => Buffer.from(JSON.stringify({ ...cursor, ...edit })).toString('base64url');
      for (const forged of [
        forge({ v: [1] }),
        forge({ v: ['999999999999999999'] }),
        forge({ p: 40 }),
        forge({ m: undefined }),
        forge({ m: 'AAAAAAAAAAAAAAAAAAAAAA' }),
      ]) {
        const page = await list(shared.admin, 'sales', { ...query, start: 20, after: forged });
        assert.equal(page.status, 200);
        assert.deepEqual(
          page.body.data.map((r) => r.SaleID),
          byOffset,
        );
      }
      const honoured = (await list(shared.admin, 'sales', { ...query, start: 20, after: String(first.body.next) })).body.data.map(
        (r) => r.SaleID,
      );
      assert.deepEqual(honoured, [...byOffset.slice(1), honoured.at(-1)], 'the cursor reads on after the last row seen');
    } finally {
      await shared.t.db.pool.query(`delete from sales where sale_date = '1990-01-02'`);
    }
    // The key is the database's, so every app instance on it accepts the others' cursors.
    assert.match((await sql<{ value: string }>(`select value from meta where key = 'cursor_key'`))[0]!.value, /^[0-9a-f]{64}$/);
  });

  // Deep pages are read from the end past the middle, or in date and amount orders from their month or
  // value range (positions.ts, which starts at 20k rows by default and at every page here, in the second
  // run, on an app configured so).
  for (const from of [defaultLimits.lists.countedRangesFrom, 0])
    test(`any deep page holds the rows at its position (ranges counted from row ${from})`, async (t) => {
      const app = await sameDatabaseApp(shared.t, { limits: { lists: { countedRangesFrom: from } } });
      t.after(() => app.close());
      const users = { admin: await signIn(app, 'admin'), analyst: await signIn(app, 'analyst') };
      const analystGroup = (await sql<{ group_id: number }>(`select group_id from groups where code = 'NE'`))[0]!.group_id;
      const sorts = {
        SaleDate: 'sa.sale_date',
        Sales: 'sa.sales',
        Transactions: 'sa.transactions',
        Margin: 'sa.margin',
        StoreName: 's.name',
      } as const;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('admin' as const, 'analyst' as const),
          fc.constantFrom(...(Object.keys(sorts) as Array<keyof typeof sorts>)),
          fc.constantFrom('asc', 'desc'),
          fc.constantFrom('', 'a', 'Mall'),
          fc.integer({ min: from ? 500 : 0, max: 2500 }),
          fc.integer({ min: 1, max: 60 }),
          async (who, sort, dir, name, start, length) => {
            const query = currentQuery(saleColumns, {
              start,
              length,
              'order[0][column]': saleColumns.indexOf(sort),
              'order[0][dir]': dir,
              'columns[2][search][value]': name,
            });
            const page = await list(users[who], 'sales', query);
            assert.equal(page.status, 200);
            const expected = await sql<{ sale_id: number }>(
              `select sa.sale_id from sales sa join stores s on s.store_id = sa.store_id
             where ($1::int is null or s.group_id = $1) and s.name ilike $2
             order by ${sorts[sort]} ${dir}, sa.sale_id ${dir} offset $3 limit $4`,
              [who === 'analyst' ? analystGroup : null, `%${name}%`, start, length],
            );
            assert.deepEqual(
              page.body.data.map((r) => r.SaleID),
              expected.map((r) => r.sale_id),
              JSON.stringify({ who, sort, dir, name, start, length }),
            );
          },
        ),
        { numRuns: 80 },
      );
    });

  test('a deep page jumped to after a change through the table API holds the rows at its position then', async (t) => {
    // The counts a deep page starts from are kept a while (as footer totals): a change must forget them.
    const app = await sameDatabaseApp(shared.t, { limits: { lists: { countedRangesFrom: 0 } } });
    t.after(() => app.close());
    const users = { admin: await signIn(app, 'admin'), analyst: await signIn(app, 'analyst') };
    const ne = (await sql<{ group_id: number }>(`select group_id from groups where code = 'NE'`))[0]!.group_id;
    const query = currentQuery(saleColumns, { start: 1000, length: 10, 'order[0][column]': 3, 'order[0][dir]': 'desc' });
    const holdsItsRows = async (who: keyof typeof users) => {
      const page = await list(users[who], 'sales', query);
      const expected = await sql<{ sale_id: number }>(
        `select sa.sale_id from sales sa join stores s using (store_id) where $1::int is null or s.group_id = $1
         order by sa.sale_date desc, sa.sale_id desc offset 1000 limit 10`,
        [who === 'analyst' ? ne : null],
      );
      assert.deepEqual(
        page.body.data.map((r) => r.SaleID),
        expected.map((r) => r.sale_id),
        who,
      );
    };
    await holdsItsRows('admin');
    await holdsItsRows('analyst');
    // A sale before both pages in that order (one of the region's, among the newest) goes.
    const [gone] = await sql<Row & { sale_id: number; version: number }>(
      `select sa.sale_id, sa.version, sa.store_id as "StoreID", to_char(sa.sale_date, 'YYYY-MM-DD') as "SaleDate", sa.sales::text as "Sales",
              sa.transactions as "Transactions", sa.margin::text as "Margin"
       from sales sa join stores s using (store_id) where s.group_id = $1 order by sa.sale_date desc, sa.sale_id desc offset 20 limit 1`,
      [ne],
    );
    const removed = await users.admin.inject({ method: 'DELETE', url: `/api/sales?SaleID=${gone!.sale_id}&Version=${gone!.version}` });
    assert.deepEqual(removed.json().Succeed, [gone!.sale_id]);
    try {
      await holdsItsRows('admin');
      await holdsItsRows('analyst');
    } finally {
      const { sale_id: _, version: __, ...values } = gone!;
      const restored = await users.admin.inject({ method: 'POST', url: '/api/sales', payload: values });
      assert.equal(restored.json().Succeed.length, 1, restored.body);
    }
  });

  test('a deep page holds the rows at that position of the whole order', async () => {
    const query = currentQuery(saleColumns, { 'order[0][column]': 3, 'order[0][dir]': 'asc' });
    const deep = await list(shared.admin, 'sales', { ...query, start: 1510, length: 10 });
    const expected = await sql<{ sale_id: number }>(`select sale_id from sales order by sale_date, sale_id offset 1510 limit 10`);
    assert.deepEqual(
      deep.body.data.map((r) => r.SaleID),
      expected.map((r) => r.sale_id),
    );
  });
});

describe('store scope', () => {
  test('a user sees only the sales of their group stores, and of those only the selected ones', async () => {
    const { body } = await list(shared.analyst, 'sales', currentQuery(saleColumns, { length: -1 }));
    const [ne] = await sql<{ n: number }>(
      `select count(*)::int as n from sales sa join stores s using (store_id) join groups g on g.group_id = s.group_id where g.code = 'NE'`,
    );
    assert.equal(body.recordsTotal, ne!.n);
    const storeIds = await sql<{ store_id: number }>(
      `select store_id from stores s join groups g using (group_id) where g.code = 'NE' order by store_id limit 2`,
    );
    const selected = storeIds.map((r) => r.store_id);
    const narrowed = await list(shared.analyst, 'sales', currentQuery(saleColumns, { length: -1, stores: selected.join(',') }));
    assert.ok(narrowed.body.data.length > 0);
    const shown = await sql<{ store_number: number }>('select store_number from stores where store_id = any($1::int[])', [selected]);
    assert.deepEqual([...new Set(narrowed.body.data.map((r) => r.StoreNumber))].sort(), shown.map((r) => r.store_number).sort());
  });

  test('selecting a store outside the user group shows nothing of it', async () => {
    const [other] = await sql<{ store_id: number }>(
      `select store_id from stores s join groups g using (group_id) where g.code <> 'NE' limit 1`,
    );
    const { body } = await list(shared.analyst, 'sales', currentQuery(saleColumns, { stores: other!.store_id }));
    assert.equal(body.recordsFiltered, 0);
  });

  test('the inbox lists only the signed-in user own rows', async () => {
    const { body } = await list(shared.analyst, 'messages', currentQuery(['MessageID', 'Title'], { length: -1 }));
    const [me] = await sql<{ user_id: number }>(`select user_id from users where user_name = 'analyst'`);
    const [n] = await sql<{ n: number }>(`select count(*)::int as n from inbox where kind = 'message' and user_id = $1`, [me!.user_id]);
    assert.ok(n!.n > 0);
    assert.equal(body.recordsTotal, n!.n);
    assert.ok(body.data.every((r) => r.UserID === me!.user_id));
  });
});

describe('permissions', () => {
  test('a user without the list right gets 403 with the spec message', async () => {
    const trainee = await signIn(shared.t.app, 'trainee');
    for (const resource of ['sales', 'stores', 'users', 'audit', 'user-errors', 'menus', 'groups']) {
      const res = await trainee.inject({ url: `/api/${resource}` });
      assert.equal(res.statusCode, 403, resource);
      assert.deepEqual(res.json(), { error: m.forbidden });
    }
    assert.equal((await trainee.inject({ url: '/api/states' })).statusCode, 200);
  });

  test('a request is read while the session is looked up, but judged only after the access checks', async () => {
    // Unknown column and bad start: a 400 for a user who may list, never before the 401 or 403.
    const bad = url('sales', { draw: 2, start: 'abc', 'columns[0][data]': 'Nope' });
    const trainee = await signIn(shared.t.app, 'trainee');
    const signedOut = await shared.t.app.inject({ url: bad });
    assert.equal(signedOut.statusCode, 401);
    assert.deepEqual(signedOut.json(), { error: m.unauthenticated });
    const expired = await shared.t.app.inject({ url: bad, headers: { cookie: 'backroom_sid=not-a-session' } });
    assert.equal(expired.statusCode, 401);
    const forbidden = await trainee.inject({ url: bad });
    assert.equal(forbidden.statusCode, 403);
    assert.deepEqual(forbidden.json(), { error: m.forbidden });
    const byPost = await trainee.inject({ method: 'POST', url: '/api/sales', payload: { draw: 2, start: 'abc' } });
    assert.equal(byPost.statusCode, 403);
    const allowed = await shared.admin.inject({ url: bad });
    assert.equal(allowed.statusCode, 400);
    assert.equal(allowed.json().draw, 2);
  });

  test('the user list never carries a password hash', async () => {
    const res = await shared.admin.inject({ url: '/api/users?length=-1' });
    assert.equal(res.statusCode, 200);
    const [hash] = await sql<{ password_hash: string }>(`select password_hash from users limit 1`);
    assert.ok(!res.body.includes(hash!.password_hash));
    assert.doesNotMatch(res.body, /scrypt|password_?hash/i);
    // The temporary password an edit may set is write-only: every row reads it empty.
    assert.ok((res.json().data as Array<{ TemporaryPassword: string }>).every((row) => row.TemporaryPassword === ''));
  });
});

describe('refusals', () => {
  const cases: Array<[string, Record<string, string | number>, string]> = [
    ['an unknown column', { 'columns[0][data]': 'Nope' }, 'This table has no column "Nope".'],
    ['a non-numeric start', { start: 'abc' }, 'The parameter "start" must be a whole number.'],
    ['a negative length', { length: -5 }, 'The parameter "length" must be from -1 to 9007199254740991.'],
    ['a sort on a non-sortable column', { 'columns[0][data]': 'Version', 'order[0][column]': 0 }, 'The column "Version" cannot be sorted.'],
    ['a 10 KB search', { 'search[value]': 'x'.repeat(10_240) }, 'The search text is too long: at most 200 characters.'],
    ['a bad sort direction', { 'order[0][column]': 0, 'order[0][dir]': 'sideways' }, m.tableBadSortDir],
    ['a store list of words', { stores: '1,two' }, m.tableBadStores],
    ['a search of more words than are searched', { 'search[value]': 'a b c d e f g h i' }, 'The search has too many words: at most 8.'],
    [
      'a search of 201 characters, emoji counted as one',
      { 'search[value]': '\u{1F600}'.repeat(201) },
      'The search text is too long: at most 200 characters.',
    ],
  ];
  for (const [what, query, message] of cases) {
    test(`${what} gets a 400 with a clear message and no SQL`, async () => {
      const res = await shared.admin.inject({ url: url('sales', { draw: 5, ...query }) });
      assert.equal(res.statusCode, 400);
      const body = res.json();
      assert.equal(body.error, message);
      assert.equal(body.draw, 5);
      assert.deepEqual(body.data, []);
      assert.doesNotMatch(res.body, /select |from sales|sale_id/i);
    });
  }

  test('a search of 200 emoji is not too long', async () => {
    const res = await shared.admin.inject({ url: url('sales', { draw: 5, 'search[value]': '\u{1F600}'.repeat(200) }) });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().recordsFiltered, 0);
  });

  test('a legacy request is refused in its own dialect (sError)', async () => {
    const res = await shared.admin.inject({ url: url('sales', { sEcho: 3, iDisplayStart: -1 }) });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(Object.keys(res.json()).sort(), ['aaData', 'iTotalDisplayRecords', 'iTotalRecords', 'sEcho', 'sError']);
    assert.equal(res.json().sEcho, 3);
  });

  test('a legacy request promising more sort columns than it sends is refused, not sorted by the first column', async () => {
    const res = await shared.admin.inject({
      url: url('states', legacyQuery(stateColumns, { sEcho: 4, iSortingCols: 2, iSortCol_0: 2, sSortDir_0: 'asc' })),
    });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().sError, 'The sort has 2 columns but "iSortCol_1" names none.');
  });

  test('a request too big or too deep to read is still refused in its own dialect, with its echo', async () => {
    const many = new URLSearchParams({ sEcho: '7', iDisplayStart: '0' });
    for (let i = 0; i <= 2000; i++) many.set(`x${i}`, '1');
    const legacy = await shared.admin.inject({ url: `/api/stores?${many}` });
    assert.equal(legacy.statusCode, 400);
    assert.equal(legacy.json().sEcho, 7);
    assert.equal(legacy.json().sError, m.tableTooManyParams);
    const deep = await shared.admin.inject({
      method: 'POST',
      url: '/api/stores',
      payload: { draw: 9, start: 0, a: { b: { c: { d: { e: { f: { g: 1 } } } } } } },
    });
    assert.equal(deep.statusCode, 400);
    assert.deepEqual([deep.json().draw, deep.json().error], [9, m.tableTooManyParams]);
  });
});

describe('the list by POST', () => {
  test('a form-encoded DataTables body is a list request, not an add', async () => {
    const res = await shared.admin.inject({
      method: 'POST',
      url: '/api/states',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(
        Object.entries(currentQuery(stateColumns, { draw: 4, length: 3 })).map(([k, v]) => [k, String(v)]),
      ).toString(),
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().draw, 4);
    assert.equal(res.json().data.length, 3);
  });

  test('a JSON body with nested columns and order is read like the query string', async () => {
    const res = await shared.admin.inject({
      method: 'POST',
      url: '/api/states',
      payload: {
        draw: 6,
        start: 0,
        length: 4,
        search: { value: 'north', regex: false },
        columns: stateColumns.map((data) => ({ data, searchable: true, orderable: true, search: { value: '' } })),
        order: [{ column: 2, dir: 'desc' }],
      },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().draw, 6);
    assert.deepEqual(
      res.json().data.map((r: Row) => r.Name),
      ['North Dakota', 'North Carolina'],
    );
  });
});

describe('counts at scale', () => {
  test('above the exact-count limit the count is the planner estimate, flagged, kept briefly, asked afresh after a change', async () => {
    await shared.t.db.pool.query('analyze sales');
    // The same database, with its statements counted: what the counts ask of it.
    let statements = 0;
    const pool = Object.create(shared.t.db.pool) as pg.Pool;
    pool.query = ((...args: Parameters<pg.Pool['query']>) => (statements++, shared.t.db.pool.query(...args))) as pg.Pool['query'];
    const estimated = await countRows(pool, salesDef, 'from sales sa where true', [], 10);
    assert.equal(estimated.estimate, true);
    assert.ok(estimated.count > 1000);
    assert.equal(statements, 2, 'the table size, then the planner');
    assert.deepEqual(await countRows(pool, salesDef, 'from sales sa where true', [], 10), estimated);
    assert.equal(statements, 2, 'the estimate is kept');
    forgetResource(pool, 'sales');
    await countRows(pool, salesDef, 'from sales sa where true', [], 10);
    assert.equal(statements, 4, 'a change to the rows sends both questions again');

    const exact = await countRows(pool, salesDef, 'from sales sa where sa.sale_id <= $1', [5], 10);
    assert.deepEqual(exact, { count: 5, estimate: false });
    const before = statements;
    assert.deepEqual(await countRows(pool, salesDef, 'from sales sa where sa.sale_id <= $1', [5], 10), exact);
    assert.equal(statements, before + 1, 'a count below the limit is made afresh every time');
  });

  test('each count says whether it is an estimate: a few rows counted among millions estimated', async () => {
    const { reltuples } = (await sql<{ reltuples: number }>(`select reltuples from pg_class where relname = 'sales'`))[0]!;
    await sql(`update pg_class set reltuples = 5000000 where relname = 'sales'`);
    forgetResource(shared.t.db.pool, 'sales');
    try {
      const [sale] = await sql<{ number: number; day: string }>(
        `select s.store_number as number, to_char(sa.sale_date, 'DD/MM/YYYY') as day from sales sa join stores s using (store_id) limit 1`,
      );
      const columns = ['SaleID', 'StoreNumber', 'SaleDate'];
      const { body } = await list(
        shared.admin,
        'sales',
        currentQuery(columns, { 'columns[1][search][value]': `${sale!.number}~${sale!.number}`, 'columns[2][search][value]': sale!.day }),
      );
      assert.equal(body.recordsFiltered, 1);
      assert.equal(body.filteredIsEstimate, false, 'the one row found is counted');
      assert.equal(body.totalIsEstimate, true, 'the millions are estimated');
      assert.equal(body.countIsEstimate, true, 'either is');
    } finally {
      await sql(`update pg_class set reltuples = $1 where relname = 'sales'`, [reltuples]);
      forgetResource(shared.t.db.pool, 'sales');
    }
  });

  test("a small table's page carries its exact counts in its own statement, made afresh; an empty page counts apart", async (t) => {
    // Without footer totals, which are kept, and count the rows they sum.
    const query = (extra: Record<string, string | number>) => currentQuery(stateColumns, { totals: 'false', ...extra });
    // Known small once analysed (never analysed, a table's size is unknown, and it is counted apart).
    await sql('analyze states');
    forgetResource(shared.t.db.pool, 'states');
    await list(shared.admin, 'states', query({}));
    // The statements that read the states, as the app sends them.
    const pool = shared.t.db.pool;
    const sent: string[] = [];
    const query0 = pool.query;
    pool.query = ((...args: Parameters<pg.Pool['query']>) => {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text: string }).text;
      if (/\bstates st\b/.test(text)) sent.push(text);
      return query0.apply(pool, args);
    }) as pg.Pool['query'];
    t.after(() => {
      pool.query = query0;
    });
    const states = async () => (await sql<{ n: number }>('select count(*)::int as n from states'))[0]!.n;

    const page = (await list(shared.admin, 'states', query({ length: 5 }))).body;
    assert.equal(sent.length, 1, 'one statement: the page and its count');
    assert.deepEqual([page.data.length, page.recordsTotal, page.recordsFiltered], [5, await states(), await states()]);
    sent.length = 0;
    const searched = (await list(shared.admin, 'states', query({ 'search[value]': 'north' }))).body;
    assert.equal(sent.length, 1, 'one statement: the page and both counts');
    assert.deepEqual([searched.recordsFiltered, searched.recordsTotal], [2, await states()]);
    sent.length = 0;
    const past = (await list(shared.admin, 'states', query({ start: 10_000 }))).body;
    assert.deepEqual([past.data.length, past.recordsTotal], [0, await states()], 'an empty page is still counted');

    // Made afresh: a row added outside the app is counted on the next page.
    await sql(`insert into states (code, name, region) values ('QQ', 'Qqland', 'West')`);
    try {
      assert.equal((await list(shared.admin, 'states', query({ length: 5 }))).body.recordsTotal, await states());
    } finally {
      await sql(`delete from states where code = 'QQ'`);
    }
  });
});

describe('counts and totals after a change', () => {
  async function versionOf(table: string, key: string, id: number): Promise<number> {
    return (await sql<{ version: number }>(`select version from ${table} where ${key} = $1`, [id]))[0]!.version;
  }

  test('a change through the table API shows at once in every table that reads what it changed, the audit log too', async () => {
    const audit = async () => (await list(shared.admin, 'audit', currentQuery(['AuditID', 'At', 'Action'], { length: 1 }))).body;
    const stores = async (search: string) =>
      (await list(shared.admin, 'stores', currentQuery(['StoreID', 'Name', 'StateCode'], { 'search[value]': search }))).body;
    const wyoming = (await sql<{ state_id: number }>(`select state_id from states where code = 'WY'`))[0]!.state_id;
    const wyomingStores = (await sql<{ n: number }>('select count(*)::int as n from stores where state_id = $1', [wyoming]))[0]!.n;
    assert.ok(wyomingStores > 0);
    // Both answers (and their footer totals) are now kept for a while.
    const auditBefore = await audit();
    assert.equal((await stores('QZ')).recordsFiltered, 0);
    const rename = async (code: string) => {
      const res = await shared.admin.inject({
        method: 'PATCH',
        url: '/api/states',
        payload: { StateID: wyoming, Version: await versionOf('states', 'state_id', wyoming), Code: code },
      });
      assert.deepEqual(res.json().Succeed, [wyoming]);
    };
    await rename('QZ');
    try {
      const auditAfter = await audit();
      assert.equal(auditAfter.recordsTotal, Number(auditBefore.recordsTotal) + 1, 'the audit entry is counted');
      assert.equal(auditAfter.recordsTotal, (await sql<{ n: number }>('select count(*)::int as n from audit_log'))[0]!.n);
      // Stores join the states: a search on the state code finds the renamed state's stores at once.
      const found = await stores('QZ');
      assert.equal(found.recordsFiltered, wyomingStores);
      assert.equal((found.totals as Row).StoreNumber, wyomingStores);
    } finally {
      await rename('WY');
    }
  });

  test('a store renamed or moved through the table API changes at once which sales a search and a region user reach', async () => {
    // Both lists resolve the stores first (the ids a search or a region reaches), and those ids are kept a while.
    const [store] = await sql<{ store_id: number; name: string; group_id: number; n: number }>(
      `select s.store_id, s.name, s.group_id, count(*)::int as n from stores s join groups g using (group_id) join sales sa using (store_id)
       where g.code = 'NE' group by s.store_id order by s.store_id limit 1`,
    );
    const [other] = await sql<{ group_id: number }>(`select group_id from groups where code <> 'NE' order by group_id limit 1`);
    const searched = async () => (await list(shared.admin, 'sales', currentQuery(saleColumns, { 'search[value]': 'Qzqzville' }))).body;
    const regional = async () => (await list(shared.analyst, 'sales', currentQuery(saleColumns, { length: 1 }))).body;
    const patch = async (fields: Record<string, unknown>) => {
      const res = await shared.admin.inject({
        method: 'PATCH',
        url: '/api/stores',
        payload: { StoreID: store!.store_id, Version: await versionOf('stores', 'store_id', store!.store_id), ...fields },
      });
      assert.deepEqual(res.json().Succeed, [store!.store_id]);
    };
    assert.equal((await searched()).recordsFiltered, 0);
    const regionBefore = Number((await regional()).recordsTotal);
    try {
      await patch({ Name: 'Qzqzville' });
      assert.equal((await searched()).recordsFiltered, store!.n, 'the renamed store is found at once');
      await patch({ GroupID: other!.group_id });
      assert.equal(Number((await regional()).recordsTotal), regionBefore - store!.n, 'the moved store leaves the region at once');
    } finally {
      await patch({ Name: store!.name, GroupID: store!.group_id });
    }
    assert.equal((await searched()).recordsFiltered, 0);
    assert.equal(Number((await regional()).recordsTotal), regionBefore);
  });

  test("an error report is counted in IT's list at once", async () => {
    const itdesk = await signIn(shared.t.app, 'itdesk');
    const errors = async () => (await list(itdesk, 'user-errors', currentQuery(['ErrorID', 'Message'], { length: 1 }))).body;
    const before = await errors();
    const report = await itdesk.inject({
      method: 'POST',
      url: '/api/admin/user-error',
      payload: { Page: '/stores', Url: '/stores', Message: 'counted at once' },
    });
    assert.equal(report.statusCode, 201);
    const after = await errors();
    assert.equal(after.recordsTotal, Number(before.recordsTotal) + 1);
    assert.equal(after.recordsFiltered, after.recordsTotal);
  });

  test('HEAD of a list answers as its GET does, without the rows', async () => {
    for (const query of ['', '?draw=3&start=0&length=5']) {
      const head = await shared.admin.inject({ method: 'HEAD', url: `/api/stores${query}` });
      assert.equal(head.statusCode, 200, query);
      assert.equal(head.body, '');
      assert.match(String(head.headers['content-type']), /application\/json/);
    }
    const refused = await shared.admin.inject({ method: 'HEAD', url: '/api/stores?start=abc' });
    assert.equal(refused.statusCode, 400);
  });
});
