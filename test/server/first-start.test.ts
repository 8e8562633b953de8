// The first start serves before the demo sales history is in: the history goes in behind the app, in steps,
// and a start after an interrupted load (the app stopped, the database process killed) finishes it, leaving
// what a load in one go leaves: every store's days once, totals and counts that match, the sales indexes
// back. Meanwhile pages say the history is loading, and what users add or export is neither refused nor lost.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { loadHistoryInBackground } from '../../server/demo/first-start.ts';
import { MOST_YIELD_MS, loadSalesHistory, planSalesHistory, salesHistoryProgress, yieldToPeople } from '../../server/demo/sales-history.ts';
import { inTransaction } from '../../server/db/transaction.ts';
import { defaultMessages as m, fill } from '../../server/messages.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD, openTestDatabase, signIn } from '../support/app.ts';
import { postgresBase, TEST_SEED } from '../support/template-db.ts';
import { currentQuery, url } from './table-api/support.ts';

const days = TEST_SEED.salesDays;
const config = { ...readConfig({}), adminPassword: ADMIN_PASSWORD, demoPassword: DEMO_PASSWORD };

/** The database as a first start leaves it before the history: everything seeded but the sales, the history planned. */
async function asAfterFirstScreens(pool: pg.Pool): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query('truncate sales');
    await planSalesHistory(client, days);
  });
}

const salesIndexes = async (pool: pg.Pool) =>
  (
    await pool.query<{ d: string }>(`select pg_get_indexdef(indexrelid) as d from pg_index where indrelid = 'sales'::regclass order by 1`)
  ).rows.map((r) => r.d);

/** Every store has one row for each day of the history it was open, and nothing else is there. */
async function assertHistoryComplete(pool: pg.Pool): Promise<void> {
  const [gaps] = (
    await pool.query<{ missing: number; expected: number; present: number }>(
      `select count(*) filter (where sa.sale_id is null)::int as missing, count(*)::int as expected, (select count(*)::int from sales) as present
     from stores s cross join generate_series(current_date - $1::int, current_date - 1, interval '1 day') d
     left join sales sa on sa.store_id = s.store_id and sa.sale_date = d::date
     where d >= s.open_date`,
      [days],
    )
  ).rows;
  assert.equal(gaps!.missing, 0, 'every store has every day since it opened');
  assert.equal(gaps!.present, gaps!.expected, 'and no other rows');
  const months = await pool.query<{ n: number }>(
    `select count(*)::int as n from (
       (select store_id, date_trunc('month', sale_date)::date, count(*), sum(sales), sum(transactions), sum(margin) from sales group by 1, 2
        except select store_id, month, row_count, sales, transactions, margin_sum from sales_store_month_totals)
       union all
       (select store_id, month, row_count, sales, transactions, margin_sum from sales_store_month_totals
        except select store_id, date_trunc('month', sale_date)::date, count(*), sum(sales), sum(transactions), sum(margin) from sales group by 1, 2)) x`,
  );
  assert.equal(months.rows[0]!.n, 0, 'the month totals match the rows');
  const perDay = await pool.query<{ n: number }>(
    `select count(*)::int as n from (
       (select sale_date, sales_kept_shard(store_id), count(*), sum(sales), sum(transactions), sum(margin) from sales group by 1, 2
        except select sale_date, shard, row_count, sales, transactions, margin_sum from sales_day_totals)
       union all
       (select sale_date, shard, row_count, sales, transactions, margin_sum from sales_day_totals
        except select sale_date, sales_kept_shard(store_id), count(*), sum(sales), sum(transactions), sum(margin) from sales group by 1, 2)) x`,
  );
  assert.equal(perDay.rows[0]!.n, 0, 'the day totals match the rows');
  const ranges = await pool.query<{ n: number }>(
    `select count(*)::int as n from (
       (select b.measure, s.store_id, b.bucket, count(*) from sales s cross join lateral sales_value_buckets(s.sales, s.transactions, s.margin) b group by 1, 2, 3
        except select measure, store_id, bucket, row_count from sales_store_value_counts)
       union all
       (select measure, store_id, bucket, row_count from sales_store_value_counts
        except select b.measure, s.store_id, b.bucket, count(*) from sales s cross join lateral sales_value_buckets(s.sales, s.transactions, s.margin) b group by 1, 2, 3)) x`,
  );
  assert.equal(ranges.rows[0]!.n, 0, 'the value counts match the rows');
  const fineRanges = await pool.query<{ n: number }>(
    `select count(*)::int as n from (
       (select b.measure, b.bucket, count(*) from sales s cross join lateral sales_fine_value_buckets(s.sales, s.transactions, s.margin) b group by 1, 2
        except select measure, bucket, row_count from sales_value_counts)
       union all
       (select measure, bucket, row_count from sales_value_counts
        except select b.measure, b.bucket, count(*) from sales s cross join lateral sales_fine_value_buckets(s.sales, s.transactions, s.margin) b group by 1, 2)) x`,
  );
  assert.equal(fineRanges.rows[0]!.n, 0, 'the value counts over all stores match the rows');
  assert.equal(await salesHistoryProgress(pool), null, 'the load is over');
  assert.equal((await pool.query(`select 1 from meta where key = 'sales_history'`)).rowCount, 0);
}

describe('a start after an interrupted sales history load', () => {
  test('finishes it after the database process was killed mid-load', {
    skip: postgresBase() ? 'the embedded database process is what is killed' : false,
  }, async () => {
    const opened = await openTestDatabase();
    try {
      const indexes = await salesIndexes(opened.db.pool);
      await asAfterFirstScreens(opened.db.pool);
      let steps = 0;
      const killed = opened.db;
      await assert.rejects(
        loadSalesHistory(killed.pool, { storesPerStep: 4, onProgress: () => ++steps === 4 && process.kill(killed.pid!, 'SIGKILL') }),
      );
      // Closed before (or after) its process is started again: a restart reopens the directory as it was left.
      await killed.close();

      const db = await opened.reopen();
      const partly = (
        await db.pool.query<{ stores: number; all: number }>(
          `select count(distinct store_id)::int as stores, (select count(*)::int from stores) as all from sales`,
        )
      ).rows[0]!;
      assert.ok(
        partly.stores > 0 && partly.stores < partly.all,
        `the killed load left some stores loaded (${partly.stores} of ${partly.all})`,
      );
      const progress = await salesHistoryProgress(db.pool);
      assert.ok(progress !== null && progress > 0 && progress < 99, `progress kept: ${progress}`);
      // An index build would hold the one connection longer than a page may wait: the indexes stay.
      assert.deepEqual(await salesIndexes(db.pool), indexes, "on the embedded database's one connection the sort indexes stay");

      assert.equal(await loadSalesHistory(db.pool), 'complete');
      await assertHistoryComplete(db.pool);
      assert.deepEqual(await salesIndexes(db.pool), indexes, 'the same indexes as before the load');
    } finally {
      await opened.drop();
    }
  });

  test('finishes it after the app stopped it; meanwhile pages say so, and a sale added or an export is kept and served', async () => {
    const opened = await openTestDatabase();
    const logged: string[] = [];
    const app = await buildApp({
      config,
      db: opened.db,
      logger: { level: 'info', stream: { write: (line: string) => logged.push(line) } },
    });
    try {
      const pool = opened.db.pool;
      await app.ready();
      const indexes = await salesIndexes(pool);
      await asAfterFirstScreens(pool);
      const stop = new AbortController();
      let steps = 0;
      const stopped = await loadSalesHistory(pool, {
        storesPerStep: 5,
        signal: stop.signal,
        onProgress: () => ++steps === 3 && stop.abort(),
      });
      assert.equal(stopped, 'stopped');
      const percent = await salesHistoryProgress(pool);
      assert.ok(percent !== null && percent > 0 && percent < 99, `progress: ${percent}`);
      // PostgreSQL builds them again at the end while pages read on other connections; one connection keeps them.
      const setAside = postgresBase() !== null;
      assert.equal(
        (await salesIndexes(pool)).length < indexes.length,
        setAside,
        setAside ? 'the sort indexes are set aside while rows go in' : 'the sort indexes stay',
      );

      const admin = await signIn(app, 'admin');
      const notice = fill(m.salesHistoryLoading, [percent]);
      assert.ok((await admin.inject({ url: '/' })).body.includes(notice), 'a full page says the history is loading');
      const swapped = await admin.inject({ url: '/stores', headers: { 'hx-request': 'true' } });
      assert.ok(swapped.body.includes(notice), 'so does a page swapped into the content area');
      assert.ok(!(await app.inject({ url: '/login' })).body.includes(notice), 'the sign-in page shows no figures to warn about');

      // A store whose history is not in yet: the user's sale for yesterday stays as entered.
      const [store] = (
        await pool.query<{ store_id: number; yesterday: string }>(
          `select max(store_id) as store_id, (current_date - 1)::text as yesterday from stores where open_date < current_date - $1::int`,
          [days],
        )
      ).rows;
      assert.equal((await pool.query(`select 1 from sales where store_id = $1`, [store!.store_id])).rowCount, 0);
      const added = await admin.inject({
        method: 'POST',
        url: '/api/sales',
        payload: { StoreID: store!.store_id, SaleDate: store!.yesterday, Sales: '12.34', Transactions: 7, Margin: '0.5' },
      });
      assert.equal(added.statusCode, 200, added.body);
      const columns = ['SaleID', 'StoreNumber', 'StoreName', 'StateCode', 'SaleDate', 'Sales', 'Transactions', 'Margin'];
      const exported = await admin.inject({ url: url('sales/export', currentQuery(columns, { format: 'csv' })) });
      assert.equal(exported.statusCode, 200);
      const rows = (await pool.query<{ n: number }>('select count(*)::int as n from sales')).rows[0]!.n;
      assert.equal(exported.rawPayload.subarray(2).toString('utf16le').split('\r\n').length - 2, rows, 'every row so far is exported');

      const load = loadHistoryInBackground(pool, app.log);
      await load.finished;
      assert.ok(
        logged.some((line) => line.includes('"msg":"sales history loaded"')),
        logged.join(''),
      );
      await assertHistoryComplete(pool);
      assert.deepEqual(await salesIndexes(pool), indexes, 'the same indexes as before the load');
      const kept = await pool.query(`select sales::text, transactions, margin::text from sales where store_id = $1 and sale_date = $2`, [
        store!.store_id,
        store!.yesterday,
      ]);
      assert.deepEqual(kept.rows, [{ sales: '12.34', transactions: 7, margin: '0.5000' }], 'the sale added meanwhile is kept as entered');
      assert.ok(!(await admin.inject({ url: '/' })).body.includes('history-notice'), 'pages stop saying so once it is in');
    } finally {
      await app.close();
      await opened.drop();
    }
  });
});

describe("the sales history load on the embedded database's one connection", {
  skip: postgresBase() ? 'the embedded database only' : false,
}, () => {
  test('waits for people: no step starts while a request holds or waits for the connection, and then it goes on', async () => {
    const opened = await openTestDatabase();
    try {
      const pool = opened.db.pool;
      // A request under way holds the one connection, and a second waits for it.
      const held = await pool.connect();
      const waiting = pool.query('select 1');
      const began = Date.now();
      let yielded = false;
      const step = yieldToPeople(pool).then(() => (yielded = true));
      await new Promise((r) => setTimeout(r, 300));
      if (Date.now() - began < MOST_YIELD_MS) assert.equal(yielded, false, 'no step while people use the connection');
      held.release();
      await waiting;
      await step;
      assert.equal(yielded, true, 'the load goes on once the connection is quiet');

      // However busy people are, the load still moves on, a step at a time.
      const busy = await pool.connect();
      try {
        await yieldToPeople(pool);
      } finally {
        busy.release();
      }
    } finally {
      await opened.drop();
    }
  });
});
