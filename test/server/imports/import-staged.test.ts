// An import larger than its batches and its staging (small limits here, as a million-row file meets the
// defaults): a key twice anywhere in the file is refused naming the line that had it first; an all-or-nothing
// import written in several ranges stores every row once, its version moved on when changed, each audited
// with its key, the kept totals right and its days' missing-sales alerts cleared; and a row another user adds
// meanwhile is refused when the import writes it (PostgreSQL: the other user's transaction held open until
// the import waits for it), an all-or-nothing import then writing nothing, one of the valid rows the others.
// Every kept table agrees with the rows after such an import, open tables are told, and text that a bulk
// format would escape (tabs, backslashes, line breaks, \N) is staged and stored as written.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import pg from 'pg';
import { formatDate } from '../../../common/format.ts';
import { msg } from '../../../server/messages.ts';
import { onTableChanges } from '../../../server/db/table-changes.ts';
import { checkMissingSales } from '../../../server/inbox/system/missing-sales.ts';
import { useTestAppWith } from '../../support/app.ts';
import { Backends } from '../../support/backends.ts';
import { postgresBase } from '../../support/template-db.ts';
import { csv, finished, preview, run, startRun, upload } from './import-support.ts';

const shared = useTestAppWith({ limits: { imports: { batchRows: 3, flushRows: 4 } } }, 'admin');

const header = ['Store #', 'Date', 'Sales', 'Transactions', 'Margin'];

/** The value ranges (sales_value_counts') of the sales on the days $1 to $2. */
const touchedRanges = `select b.measure, b.bucket from sales s cross join lateral sales_fine_value_buckets(s.sales, s.transactions, s.margin) b
                       where s.sale_date between $1 and $2`;

interface Store {
  store_id: number;
  store_number: number;
}

/** Stores open on the days used here, and days none of them has sales on (from 1 March 1990). */
async function storesAndDays(count: number): Promise<{ stores: Store[]; day: (n: number) => string }> {
  const pool = shared.t.db.pool;
  await pool.query(`update stores set open_date = '1990-01-01' where open_date > '1990-01-01'`);
  const { rows } = await pool.query<Store>('select store_id, store_number from stores where is_active order by store_id limit $1', [count]);
  const day = (n: number) => new Date(Date.UTC(1990, 2, 1 + n)).toISOString().slice(0, 10);
  return { stores: rows, day };
}

const sale = (store: Store, day: string, sales: string, transactions = '10', margin = '10%') => [
  String(store.store_number),
  formatDate(day),
  sales,
  transactions,
  margin,
];

async function count(sql: string, params: unknown[] = []): Promise<number> {
  return Number((await shared.t.db.pool.query<{ n: number }>(sql, params)).rows[0]!.n);
}

describe('imports larger than a batch', () => {
  test('a key twice anywhere in the file is refused, naming the line that had it first', async () => {
    const { stores, day } = await storesAndDays(2);
    const [a, b] = stores;
    const file = csv([
      header,
      sale(a!, day(0), '1.00'),
      sale(b!, day(0), '2.00'),
      sale(a!, day(1), '3.00'),
      sale(b!, day(1), '4.00'),
      // In a later batch (three rows a batch): line 2's again.
      sale(a!, day(0), '5.00'),
    ]);
    const up = await upload(shared.admin, 'sales', file);
    const p = await preview(shared.admin, 'sales', up);
    assert.deepEqual(p.Counts, { Add: 4, Change: 0, Unchanged: 0, Refused: 1 });
    assert.deepEqual(p.Refused, [{ Line: 6, Messages: [`Store #: ${msg('importKeyTwice', 2).replace(/\.$/, '')}.`] }]);
    const valid = await run(shared.admin, 'sales', up, { validOnly: true });
    assert.deepEqual(valid.Counts, p.Counts);
    const stored = await shared.t.db.pool.query<{ sales: string }>('select sales from sales where store_id = $1 and sale_date = $2', [
      a!.store_id,
      day(0),
    ]);
    assert.deepEqual(
      stored.rows.map((r) => Number(r.sales)),
      [1],
      'the first line decides',
    );
  });

  test('all or nothing, written in several ranges: every row once, changed ones at their next version, each audited with its key', async () => {
    const pool = shared.t.db.pool;
    const { stores, day } = await storesAndDays(3);
    // Sales to change: two days of each store, stored before the import.
    for (const s of stores)
      for (const n of [10, 11])
        await pool.query(`insert into sales (store_id, sale_date, sales, transactions, margin) values ($1, $2, 100, 10, 0.1)`, [
          s.store_id,
          day(n),
        ]);
    const rows = [
      header,
      // Adds (three stores, three days), changes of Sales alone, of Transactions alone, and one left as it is.
      ...stores.flatMap((s) => [20, 21, 22].map((n) => sale(s, day(n), `${n}.50`))),
      ...stores.map((s) => sale(s, day(10), '$1,234.00')),
      ...stores.map((s) => sale(s, day(11), '100', '77')),
      sale(stores[0]!, day(12), '5.00'),
    ];
    const up = await upload(shared.admin, 'sales', csv(rows));
    // The first day added is missing for every store: the import's stores' alerts are cleared once it arrives.
    await checkMissingSales(shared.t.app, day(20));
    const missing = () =>
      count('select count(*)::int as n from sales_missing_alerts where sale_date = $1 and store_id = any($2::int[])', [
        day(20),
        stores.map((s) => s.store_id),
      ]);
    assert.equal(await missing(), stores.length);
    const before = await pool.query<{ sale_id: number; version: number }>(
      'select sale_id, version from sales where sale_date in ($1, $2) order by sale_id',
      [day(10), day(11)],
    );
    const end = await run(shared.admin, 'sales', up);
    assert.equal(end.State, 'done');
    assert.deepEqual(end.Counts, { Add: 10, Change: 6, Unchanged: 0, Refused: 0 });
    assert.equal(await count('select count(*)::int as n from sales where sale_date between $1 and $2', [day(20), day(22)]), 9);
    assert.equal(await count('select count(*)::int as n from sales where sale_date = $1', [day(12)]), 1);
    const after = await pool.query<{ sale_id: number; version: number; sales: string; transactions: number }>(
      'select sale_id, version, sales, transactions from sales where sale_date in ($1, $2) order by sale_id',
      [day(10), day(11)],
    );
    assert.deepEqual(
      after.rows.map((r) => r.version),
      before.rows.map((r) => r.version + 1),
      'each changed row moved on one version',
    );
    assert.deepEqual(after.rows.map((r) => [Number(r.sales), r.transactions]).sort(), [
      ...stores.map(() => [100, 77]),
      ...stores.map(() => [1234, 10]),
    ]);
    // Every row written is audited once, naming the import, with its key.
    const audited = await pool.query<{ action: string; row_key: string; after: Record<string, unknown> }>(
      `select action, row_key, after from audit_log where import_id = $1 and action <> 'import'`,
      [up.Id],
    );
    assert.equal(audited.rows.length, 16);
    const keys = await pool.query<{ sale_id: number }>(
      'select sale_id from sales where sale_date between $1 and $2 or sale_date in ($3, $4)',
      [day(20), day(22), day(12), day(11)],
    );
    const written = new Set([...keys.rows.map((r) => String(r.sale_id)), ...after.rows.map((r) => String(r.sale_id))]);
    assert.deepEqual(new Set(audited.rows.map((r) => r.row_key)), written);
    for (const r of audited.rows) assert.equal(String(r.after.SaleID), r.row_key);
    assert.equal(await missing(), 0, 'the day arrived for the stores imported');
    // Kept totals agree with the rows.
    for (const s of stores) {
      const kept = await pool.query(
        `select (select sum(sales) from sales where store_id = $1) as rows, (select sales from sales_store_totals where store_id = $1) as kept`,
        [s.store_id],
      );
      assert.equal(kept.rows[0].kept, kept.rows[0].rows);
    }
  });

  test('every kept total agrees with the rows after an import written in several ranges, and open tables are told', async () => {
    const pool = shared.t.db.pool;
    const { stores, day } = await storesAndDays(3);
    const ids = stores.map((s) => s.store_id);
    // Sales to change, stored before the import; the import adds others over three days, in amounts that
    // fall in several value ranges.
    for (const s of stores)
      await pool.query(`insert into sales (store_id, sale_date, sales, transactions, margin) values ($1, $2, 300, 12, 0.25)`, [
        s.store_id,
        day(50),
      ]);
    const file = csv([
      header,
      ...stores.flatMap((s, i) => [51, 52, 53].map((n) => sale(s, day(n), `${(i + 1) * 137 + n}.25`, String(n + i), `${n - 40}.5%`))),
      ...stores.map((s, i) => sale(s, day(50), `${900 + i}.00`, '31', '7%')),
    ]);
    const changes: string[][] = [];
    onTableChanges(pool, (tables) => changes.push([...tables]));
    const end = await run(shared.admin, 'sales', await upload(shared.admin, 'sales', file));
    assert.equal(end.State, 'done', JSON.stringify(end));
    assert.deepEqual(end.Counts, { Add: 9, Change: 3, Unchanged: 0, Refused: 0 });
    assert.ok(
      changes.some((tables) => tables.includes('sales') && tables.includes('audit_log')),
      'open tables are told',
    );
    // Each kept table beside the same figures summed from the rows (the stores', days' and ranges' this touched).
    const byStore: unknown[] = [ids];
    const byDay: unknown[] = [day(50), day(53)];
    const kept = [
      {
        name: 'store totals',
        kept: 'select store_id, row_count, sales, transactions, margin_sum from sales_store_totals where store_id = any($1)',
        rows: 'select store_id, count(*), sum(sales), sum(transactions), sum(margin) from sales where store_id = any($1) group by 1',
        params: byStore,
      },
      {
        name: 'store month totals',
        kept: 'select store_id, month, row_count, sales, transactions, margin_sum from sales_store_month_totals where store_id = any($1)',
        rows: `select store_id, date_trunc('month', sale_date)::date, count(*), sum(sales), sum(transactions), sum(margin)
               from sales where store_id = any($1) group by 1, 2`,
        params: byStore,
      },
      {
        name: 'day totals',
        kept: 'select sale_date, shard, row_count, sales, transactions, margin_sum from sales_day_totals where sale_date between $1 and $2',
        rows: `select sale_date, sales_kept_shard(store_id), count(*), sum(sales), sum(transactions), sum(margin) from sales
               where sale_date between $1 and $2 group by 1, 2`,
        params: byDay,
      },
      {
        name: 'store value counts',
        kept: 'select measure, store_id, bucket, row_count from sales_store_value_counts where store_id = any($1)',
        rows: `select b.measure, s.store_id, b.bucket, count(*) from sales s cross join lateral sales_value_buckets(s.sales, s.transactions, s.margin) b
               where s.store_id = any($1) group by 1, 2, 3`,
        params: byStore,
      },
      {
        // The ranges the days' rows fall in (shared with every store's rows).
        name: 'value counts',
        kept: `select measure, bucket, row_count from sales_value_counts where (measure, bucket) in (${touchedRanges})`,
        rows: `select b.measure, b.bucket, count(*) from sales s cross join lateral sales_fine_value_buckets(s.sales, s.transactions, s.margin) b
               where (b.measure, b.bucket) in (${touchedRanges}) group by 1, 2`,
        params: byDay,
      },
    ];
    for (const { name, kept: keptSql, rows: rowsSql, params } of kept) {
      const differ = await pool.query(`(${keptSql} except ${rowsSql}) union all (${rowsSql} except ${keptSql})`, params);
      assert.deepEqual(differ.rows, [], `${name} agree with the rows`);
    }
    assert.equal(
      await count('select count(*)::int as n from sales where sale_date between $1 and $2 and store_id = any($3)', [day(50), day(53), ids]),
      12,
    );
  });

  test('text with tabs, backslashes, line breaks and \\N goes in as the file has it, and is audited so', async () => {
    const pool = shared.t.db.pool;
    const names = ['Tab\there', 'Back\\slash \\N', 'Two\nlines\r\nhere', '\\N'];
    const file = csv([['Code', 'Name', 'Region'], ...names.map((name, i) => [`Q${'WXYZ'[i]}`, name, 'West'])]);
    const up = await upload(shared.admin, 'states', file);
    const end = await run(shared.admin, 'states', up);
    assert.deepEqual(end.Counts, { Add: names.length, Change: 0, Unchanged: 0, Refused: 0 }, JSON.stringify(end));
    const stored = await pool.query<{ name: string }>(`select name from states where code in ('QW', 'QX', 'QY', 'QZ') order by code`);
    assert.deepEqual(
      stored.rows.map((r) => r.name),
      names,
    );
    const audited = await pool.query<{ name: string }>(
      `select after->>'Name' as name from audit_log where import_id = $1 and action = 'insert' order by row_key::int8`,
      [up.Id],
    );
    assert.deepEqual(
      audited.rows.map((r) => r.name),
      names,
    );
  });

  test('a row another user adds meanwhile is refused when written: all or nothing writes none, the valid rows the others', {
    skip: postgresBase() ? false : 'holds a PostgreSQL transaction open beside the import (run with DATABASE_URL)',
  }, async () => {
    const pool = shared.t.db.pool;
    const { stores, day } = await storesAndDays(3);
    const file = csv([header, ...stores.map((s, i) => sale(s, day(30), `${i + 1}.00`)), sale(stores[0]!, day(31), '9.00')]);
    const backends = await Backends.of(pool.options.connectionString!);
    const other = new pg.Client({ connectionString: pool.options.connectionString });
    other.on('error', () => undefined);
    await other.connect();
    try {
      for (const validOnly of [false, true]) {
        const up = await upload(shared.admin, 'sales', file, 'close.csv');
        // Another user's sale for the second store that day, not yet committed: the import does not see it
        // when it plans, and waits for it when it writes.
        await other.query('begin');
        await other.query(`insert into sales (store_id, sale_date, sales, transactions, margin) values ($1, $2, 42, 4, 0.2)`, [
          stores[1]!.store_id,
          day(30),
        ]);
        assert.equal((await startRun(shared.admin, 'sales', up, { validOnly })).statusCode, 202);
        await backends.found(/^with import_rows/, 'the import waits for the other sale', { waitingFor: 'Lock' });
        await other.query('commit');
        const end = await finished(shared.admin, 'sales', up.Id);
        assert.equal(end.State, 'done', JSON.stringify(end));
        assert.deepEqual(end.Counts, { Add: 3, Change: 0, Unchanged: 0, Refused: 1 });
        const refused = await shared.admin.inject({ url: `/api/sales/imports/${up.Id}/refused.csv` });
        const lines = refused.body
          .replace(/^\uFEFF/, '')
          .trim()
          .split('\r\n');
        assert.equal(lines.length, 2);
        // As the file had it, with its line and the table API's message (quoted: it holds a comma).
        assert.equal(lines[1], `${sale(stores[1]!, day(30), '2.00').join(',')},3,"Date: ${msg('saleDayTaken')}"`);
        const stored = await count('select count(*)::int as n from sales where sale_date in ($1, $2) and transactions = 10', [
          day(30),
          day(31),
        ]);
        assert.equal(stored, validOnly ? 3 : 0, validOnly ? 'the valid rows written' : 'nothing written');
        assert.equal(await count(`select count(*)::int as n from audit_log where import_id = $1 and action <> 'import'`, [up.Id]), stored);
        await pool.query('delete from sales where sale_date in ($1, $2)', [day(30), day(31)]);
      }
    } finally {
      await other.end();
      await backends.close();
    }
  });
  test('a row another user changes after the import read it is refused when written: all or nothing writes none', {
    skip: postgresBase() ? false : 'holds a PostgreSQL transaction open beside the import (run with DATABASE_URL)',
  }, async () => {
    const pool = shared.t.db.pool;
    const { stores, day } = await storesAndDays(2);
    const [a, b] = stores as [Store, Store];
    const { rows } = await pool.query<{ sale_id: number }>(
      `insert into sales (store_id, sale_date, sales, transactions, margin) values ($1, $3, 1, 10, 0.1), ($2, $3, 2, 10, 0.1)
       returning sale_id`,
      [a.store_id, b.store_id, day(40)],
    );
    const file = csv([header, sale(a, day(40), '11.00'), sale(b, day(40), '12.00')]);
    const backends = await Backends.of(pool.options.connectionString!);
    const other = new pg.Client({ connectionString: pool.options.connectionString });
    other.on('error', () => undefined);
    await other.connect();
    try {
      const up = await upload(shared.admin, 'sales', file, 'corrections.csv');
      // Another user's edit of the second sale, not yet committed: the import plans its change from the
      // version before it (it locks nothing as it plans), and waits for it when it writes.
      await other.query('begin');
      await other.query('update sales set transactions = 11, version = version + 1 where sale_id = $1', [rows[1]!.sale_id]);
      assert.equal((await startRun(shared.admin, 'sales', up)).statusCode, 202);
      await backends.found(/^with import_rows/, 'the import waits for the other edit', { waitingFor: 'Lock' });
      await other.query('commit');
      const end = await finished(shared.admin, 'sales', up.Id);
      assert.equal(end.State, 'done', JSON.stringify(end));
      assert.deepEqual(end.Counts, { Add: 0, Change: 1, Unchanged: 0, Refused: 1 });
      const refused = await shared.admin.inject({ url: `/api/sales/imports/${up.Id}/refused.csv` });
      const lines = refused.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      assert.deepEqual(lines.slice(1), [`${sale(b, day(40), '12.00').join(',')},3,${msg('notFoundRefreshed')}`]);
      const { rows: now } = await pool.query<{ sales: string; transactions: number }>(
        'select sales, transactions from sales where sale_id = any($1::int[]) order by sale_id',
        [rows.map((r) => r.sale_id)],
      );
      assert.deepEqual(
        now,
        [
          { sales: '1.00', transactions: 10 },
          { sales: '2.00', transactions: 11 },
        ],
        'nothing written, the edit kept',
      );
      assert.equal(await count(`select count(*)::int as n from audit_log where import_id = $1 and action <> 'import'`, [up.Id]), 0);
      // The rows were staged beside the transaction, in a table of their own that went with it.
      assert.equal(await count(`select count(*)::int as n from pg_tables where tablename like 'import\\_staging\\_%'`), 0);
    } finally {
      await other.end();
      await backends.close();
      await pool.query('delete from sales where sale_date = $1', [day(40)]);
    }
  });
});
