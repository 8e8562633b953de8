// Footer totals of sales come from the per-store totals table (migration 016; per store and month: 003;
// per day: 017; per amount range: 034) when the filter allows. Two promises hold that up: the triggers keep the tables equal to the sums over
// sales after any change, and the totals the API answers equal the same aggregates computed over sales
// directly, for any scope, store selection and search.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { sameDatabaseApp, signIn, useTestApp } from '../../support/app.ts';
import { defaultLimits } from '../../../server/limits.ts';
import { forgetTotals } from '../../../server/table-api/cache/totals-cache.ts';
import { currentQuery, url, type Row } from './support.ts';

const shared = useTestApp('admin', 'analyst');

const perStoreFromSales = `select store_id, date_trunc('month', sale_date)::date::text as month, count(*)::int8 as row_count, sum(sales) as sales,
                             sum(transactions)::int8 as transactions, sum(margin) as margin_sum
                           from sales group by 1, 2 order by 1, 2`;
const perStoreKept = `select store_id, month::text, row_count, sales, transactions::int8, margin_sum from sales_store_month_totals order by 1, 2`;
// The same per store over all days (migration 016), which counts, footer totals and groups read.
const allDaysFromSales = `select store_id, count(*)::int8 as row_count, sum(sales) as sales, sum(transactions)::int8 as transactions, sum(margin) as margin_sum
                          from sales group by 1 order by 1`;
const allDaysKept = `select store_id, row_count, sales, transactions::int8, margin_sum from sales_store_totals order by 1`;
// The same per day over all stores (migration 017) and shard of stores (030), which deep pages in date order
// and groups by date read.
const perDayFromSales = `select sale_date::text, sales_kept_shard(store_id) as shard, count(*)::int8 as row_count, sum(sales) as sales,
                           sum(transactions)::int8 as transactions, sum(margin) as margin_sum
                         from sales group by 1, 2 order by 1, 2`;
const perDayKept = `select sale_date::text, shard, row_count, sales, transactions::int8, margin_sum from sales_day_totals order by 1, 2`;
// The value counts (migration 005), recounted from sales: each row in the range of each amount it holds.
const rangesFromSales = `select m.measure, s.store_id, floor(m.value / m.width) * m.width as bucket, count(*)::int8 as row_count
                         from sales s cross join lateral (values ('margin', s.margin, 0.005), ('sales', s.sales, 250), ('transactions', s.transactions, 6)) m(measure, value, width)
                         group by 1, 2, 3 order by 1, 2, 3`;
const rangesKept = `select measure, store_id, bucket, row_count from sales_store_value_counts order by 1, 2, 3`;
const rangesMisshaped = `select count(*)::int as n from sales_store_value_counts
                         where bucket_end <> bucket + case measure when 'sales' then 250 when 'transactions' then 6 else 0.005 end`;
// The same over all stores in finer ranges (migration 018), which unscoped deep pages in amount order read.
const fineRangesFromSales = `select m.measure, floor(m.value / m.width) * m.width as bucket, count(*)::int8 as row_count
                             from sales s cross join lateral (values ('margin', s.margin, 0.0001), ('sales', s.sales, 5), ('transactions', s.transactions, 1)) m(measure, value, width)
                             group by 1, 2 order by 1, 2`;
const fineRangesKept = `select measure, bucket, row_count from sales_value_counts order by 1, 2`;
const fineRangesMisshaped = `select count(*)::int as n from sales_value_counts
                             where bucket_end <> bucket + case measure when 'sales' then 5 when 'transactions' then 1 else 0.0001 end`;
// The sums in the same finer ranges per shard of stores (migration 034), which footer totals of a range filter read.
const rangeSumsFromSales = `select m.measure, floor(m.value / m.width) * m.width as bucket, s.store_id % 8 as shard, count(*)::int8 as row_count,
                              sum(s.sales) as sales, sum(s.transactions)::int8 as transactions, sum(s.margin) as margin_sum
                            from sales s cross join lateral (values ('margin', s.margin, 0.0001), ('sales', s.sales, 5), ('transactions', s.transactions, 1)) m(measure, value, width)
                            group by 1, 2, 3 order by 1, 2, 3`;
const rangeSumsKept = `select measure, bucket, shard, row_count, sales, transactions::int8, margin_sum from sales_value_sums order by 1, 2, 3`;
const rangeSumsMisshaped = `select count(*)::int as n from sales_value_sums
                            where bucket_end <> bucket + case measure when 'sales' then 5 when 'transactions' then 1 else 0.0001 end`;
const sameSums = (rows: Array<Record<string, unknown>>) =>
  rows.map(
    (r) => `${r.measure} ${Number(r.bucket)} ${r.shard} ${r.row_count} ${Number(r.sales)} ${r.transactions} ${Number(r.margin_sum)}`,
  );
const sameRanges = (rows: Array<Record<string, unknown>>) =>
  rows.map((r) => `${r.measure} ${r.store_id ?? 'all stores'} ${Number(r.bucket)} ${r.row_count}`);

describe('the per-store-and-month, per-store and per-day totals tables, the value counts (per store and over all) and the value sums', () => {
  test('equal the sums and counts over sales after any inserts, updates (store moves included), deletes and a truncate', async () => {
    const stores = (await shared.t.db.pool.query<{ store_id: number }>('select store_id from stores order by store_id limit 6')).rows.map(
      (r) => r.store_id,
    );
    const storeId = fc.constantFrom(...stores);
    const change = fc.oneof(
      fc.record({
        kind: fc.constant('insert' as const),
        store: storeId,
        days: fc.integer({ min: 1, max: 5 }),
        amount: fc.integer({ min: -500, max: 50_000 }),
      }),
      fc.record({ kind: fc.constant('update' as const), store: storeId, to: storeId, amount: fc.integer({ min: 0, max: 99_999 }) }),
      // Several stores' sales of one day (the per-day table sums across stores), and a sale moved to another day.
      fc.record({
        kind: fc.constant('same day' as const),
        stores: fc.subarray(stores, { minLength: 1 }),
        day: fc.integer({ min: 0, max: 2 }),
      }),
      fc.record({ kind: fc.constant('move day' as const), store: storeId }),
      fc.record({ kind: fc.constant('delete' as const), store: storeId, share: fc.constantFrom(2, 3, 1) }),
      fc.record({ kind: fc.constant('truncate' as const) }),
    );
    let day = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 6 }), async (changes) => {
        const client = await shared.t.db.pool.connect();
        try {
          await client.query('begin');
          for (const c of changes) {
            if (c.kind === 'insert') {
              // Far-future days never used before, so each (store, day) pair is new.
              await client.query(
                `insert into sales (store_id, sale_date, sales, transactions, margin)
                 select $1, date '2200-01-01' + $4::int + n, $2::numeric / 100 + n, n * 7, 0.1234 from generate_series(1, $3) n`,
                [c.store, c.amount, c.days, day],
              );
              day += 10;
            } else if (c.kind === 'update') {
              await client.query(
                `update sales set sales = sales + $2::numeric / 100, transactions = transactions + 1, margin = -margin,
                   store_id = case when exists (select 1 from sales o where o.store_id = $3 and o.sale_date = sales.sale_date) then store_id else $3 end
                 where sale_id in (select sale_id from sales where store_id = $1 order by sale_id limit 3)`,
                [c.store, c.amount, c.to],
              );
            } else if (c.kind === 'same day') {
              // A store that has this day's sale already keeps it: only the new rows reach the triggers.
              await client.query(
                `insert into sales (store_id, sale_date, sales, transactions, margin)
                 select store_id, date '2150-01-01' + $2::int, store_id * 3.25, store_id, 0.05 from unnest($1::int[]) store_id
                 on conflict (store_id, sale_date) do nothing`,
                [c.stores, c.day],
              );
            } else if (c.kind === 'move day') {
              await client.query(
                `update sales set sale_date = date '2300-01-01' + $2::int where sale_id = (select max(sale_id) from sales where store_id = $1)`,
                [c.store, day],
              );
              day += 10;
            } else if (c.kind === 'delete') {
              await client.query(`delete from sales where store_id = $1 and sale_id % $2 = 0`, [c.store, c.share]);
            } else {
              await client.query('truncate sales');
            }
          }
          const [kept, summed] = [(await client.query(perStoreKept)).rows, (await client.query(perStoreFromSales)).rows];
          assert.deepEqual(kept, summed);
          assert.deepEqual((await client.query(allDaysKept)).rows, (await client.query(allDaysFromSales)).rows);
          assert.deepEqual((await client.query(perDayKept)).rows, (await client.query(perDayFromSales)).rows);
          const [ranges, counted] = [(await client.query(rangesKept)).rows, (await client.query(rangesFromSales)).rows];
          assert.deepEqual(sameRanges(ranges), sameRanges(counted));
          assert.equal((await client.query(rangesMisshaped)).rows[0].n, 0);
          const [fineRanges, fineCounted] = [(await client.query(fineRangesKept)).rows, (await client.query(fineRangesFromSales)).rows];
          assert.deepEqual(sameRanges(fineRanges), sameRanges(fineCounted));
          assert.equal((await client.query(fineRangesMisshaped)).rows[0].n, 0);
          const [rangeSums, summedRanges] = [(await client.query(rangeSumsKept)).rows, (await client.query(rangeSumsFromSales)).rows];
          assert.deepEqual(sameSums(rangeSums), sameSums(summedRanges));
          assert.equal((await client.query(rangeSumsMisshaped)).rows[0].n, 0);
        } finally {
          await client.query('rollback');
          client.release();
        }
      }),
      { numRuns: 40 },
    );
  });
});

/** The list's count and footer totals are those summed over sales (`expected`: n, sales, tx, margin). */
function assertTotalsOf(body: { totals: Row; recordsFiltered: number }, expected: Row): void {
  assert.deepEqual(
    {
      n: body.recordsFiltered,
      sales: body.totals.Sales,
      tx: body.totals.Transactions,
      margin: body.totals.Margin,
      count: body.totals.SaleDate,
    },
    { n: expected.n, sales: expected.sales, tx: expected.tx, margin: expected.margin, count: expected.n },
  );
}

describe('footer totals and counts of a filtered sales list', () => {
  const columns = ['SaleID', 'StoreNumber', 'StoreName', 'StateCode', 'SaleDate', 'Sales', 'Transactions', 'Margin'];

  // Store-level conditions are resolved to store ids first (server/table-api/query/filter.ts); past a limit they stay a
  // subquery. Both ways must find the same rows (the second on an app configured to list at most one id).
  for (const maxIds of [defaultLimits.lists.dimensionMaxIds, 1])
    test(`equal the aggregates over sales for any scope, store selection and search (store ids listed up to ${maxIds})`, async (t) => {
      const app = await sameDatabaseApp(shared.t, { limits: { lists: { dimensionMaxIds: maxIds } } });
      t.after(() => app.close());
      const users = { admin: await signIn(app, 'admin'), analyst: await signIn(app, 'analyst') };
      const pool = shared.t.db.pool;
      const stores = (await pool.query<{ store_id: number; name: string }>('select store_id, name from stores order by store_id')).rows;
      const analystGroup = (await pool.query<{ group_id: number }>(`select group_id from groups where code = 'NE'`)).rows[0]!.group_id;
      const words = ['', 'down', 'mall', 'an', 'TX', 'zzz', '10', ...stores.slice(0, 5).map((s) => s.name.slice(2, 6))];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('admin' as const, 'analyst' as const),
          fc.subarray(
            stores.slice(0, 40).map((s) => s.store_id),
            { maxLength: 5 },
          ),
          fc.constantFrom(...words),
          fc.constantFrom(...words),
          async (who, selected, search, nameSearch) => {
            forgetTotals(pool, 'sales');
            const query = currentQuery(columns, { totals: 'true', 'search[value]': search, 'columns[2][search][value]': nameSearch });
            if (selected.length) query.stores = selected.join(',');
            const res = await users[who].inject({ url: url('sales', query) });
            assert.equal(res.statusCode, 200, res.body);
            const body = res.json() as { totals: Row; recordsFiltered: number };
            const like = (w: string) => `%${w}%`;
            const [expected] = (
              await pool.query(
                `select count(*)::int8 as n, sum(sa.sales) as sales, sum(sa.transactions) as tx, avg(sa.margin) as margin
             from sales sa join stores s on s.store_id = sa.store_id join states st on st.state_id = s.state_id
             where ($1::int is null or s.group_id = $1) and (cardinality($2::int[]) = 0 or sa.store_id = any($2))
               and coalesce((select bool_and(s.store_number::text ilike w or s.name ilike w or st.code ilike w) from unnest($3::text[]) w), true)
               and s.name ilike $4`,
                // The global search matches word by word (each word in some searchable column); a column search is one phrase.
                [who === 'analyst' ? analystGroup : null, selected, search.split(/\s+/).filter(Boolean).map(like), like(nameSearch)],
              )
            ).rows as Row[];
            assertTotalsOf(body, expected!);
          },
        ),
        { numRuns: 60 },
      );
    });
});

describe('footer totals of a sales list filtered by ranges of amounts and days', () => {
  const columns = ['SaleID', 'StoreNumber', 'StoreName', 'StateCode', 'SaleDate', 'Sales', 'Transactions', 'Margin'];
  const sql: Record<string, string> = { SaleDate: 'sa.sale_date', Sales: 'sa.sales', Transactions: 'sa.transactions', Margin: 'sa.margin' };

  test('equal the aggregates over sales, for each range alone (read on the kept sums) and two together, admin or scoped', async () => {
    const pool = shared.t.db.pool;
    const users = { admin: shared.admin, analyst: shared.analyst };
    const analystGroup = (await pool.query<{ group_id: number }>(`select group_id from groups where code = 'NE'`)).rows[0]!.group_id;
    const [days] = (
      await pool.query<{ first: string; last: string }>('select min(sale_date)::text as first, max(sale_date)::text as last from sales')
    ).rows;
    const day = (n: number) => new Date(Date.parse(days!.first) + n * 86_400_000).toISOString().slice(0, 10);
    const span = Math.round((Date.parse(days!.last) - Date.parse(days!.first)) / 86_400_000);
    // Bounds on and between the kept ranges' edges (Sales: 5 wide), and past every value.
    const bounds: Record<string, fc.Arbitrary<string>> = {
      Sales: fc.oneof(
        fc.integer({ min: 0, max: 40_000 }).map(String),
        fc.integer({ min: 0, max: 4_000_000 }).map((c) => (c / 100).toFixed(2)),
      ),
      Transactions: fc.integer({ min: 0, max: 3_000 }).map(String),
      Margin: fc.integer({ min: -3_000, max: 6_000 }).map((m) => (m / 10_000).toFixed(4)),
      SaleDate: fc.integer({ min: -5, max: span + 5 }).map(day),
    };
    // Two bounds the wrong way round are refused: they are put in order.
    const ordered = (name: string, a: string | null, b: string | null) =>
      a !== null && b !== null && (name === 'SaleDate' ? a > b : Number(a) > Number(b)) ? { min: b, max: a } : { min: a, max: b };
    const range = fc.constantFrom(...Object.keys(bounds)).chain((name) =>
      fc
        .tuple(fc.option(bounds[name]!), fc.option(bounds[name]!))
        // A range names at least one end.
        .filter(([a, b]) => a !== null || b !== null)
        .map(([a, b]) => ({ name, ...ordered(name, a, b) })),
    );
    // A day is typed as the table shows it (dd/mm/yyyy).
    const typed = (name: string, bound: string | null) =>
      bound === null ? '' : name === 'SaleDate' ? bound.split('-').reverse().join('/') : bound;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('admin' as const, 'analyst' as const),
        fc.uniqueArray(range, { minLength: 1, maxLength: 2, selector: (r) => r.name }),
        async (who, ranges) => {
          forgetTotals(pool, 'sales');
          const query = currentQuery(columns, { totals: 'true' });
          for (const r of ranges)
            query[`columns[${columns.indexOf(r.name)}][search][value]`] = `${typed(r.name, r.min)}~${typed(r.name, r.max)}`;
          const res = await users[who].inject({ url: url('sales', query) });
          assert.equal(res.statusCode, 200, res.body);
          const body = res.json() as { totals: Row; recordsFiltered: number };
          const params: unknown[] = [who === 'analyst' ? analystGroup : null];
          const conditions = ranges.flatMap((r) => [
            ...(r.min === null ? [] : [`${sql[r.name]} >= $${params.push(r.min)}`]),
            ...(r.max === null ? [] : [`${sql[r.name]} <= $${params.push(r.max)}`]),
          ]);
          const [expected] = (
            await pool.query(
              `select count(*)::int8 as n, sum(sa.sales) as sales, sum(sa.transactions) as tx, avg(sa.margin) as margin
               from sales sa join stores s on s.store_id = sa.store_id
               where ($1::int is null or s.group_id = $1) ${conditions.map((c) => `and ${c}`).join(' ')}`,
              params,
            )
          ).rows as Row[];
          assertTotalsOf(body, expected!);
        },
      ),
      { numRuns: 80 },
    );
  });

  test('asked apart (rows=false), come without rows and with the same totals and counts; asked without totals, the rows come alone', async () => {
    const query = currentQuery(columns, { 'columns[6][search][value]': '20~30' });
    const both = (await shared.admin.inject({ url: url('sales', query) })).json();
    forgetTotals(shared.t.db.pool, 'sales');
    const footer = (await shared.admin.inject({ url: url('sales', { ...query, rows: 'false' }) })).json();
    const rows = (await shared.admin.inject({ url: url('sales', { ...query, totals: 'false' }) })).json();
    assert.deepEqual(footer.data, []);
    assert.deepEqual([footer.totals, footer.recordsFiltered, footer.recordsTotal], [both.totals, both.recordsFiltered, both.recordsTotal]);
    assert.equal(rows.totals, null);
    assert.deepEqual(rows.data, both.data);
  });
});
