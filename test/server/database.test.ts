// The data layer's promises: the embedded database never stalls the HTTP server, committed rows survive
// a restart (even a killed database process), and migrations run once.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { cpSync, rmSync } from 'node:fs';
import { createTestApp, signIn } from '../support/app.ts';
import { openDatabase } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { growSales } from '../../server/demo/sales-rows.ts';
import { embeddedTemplateDir, postgresBase, scratchDir } from '../support/template-db.ts';
import { until } from '../support/until.ts';

const embeddedOnly = postgresBase() ? 'the embedded database is what these tests are about' : false;

describe('a slow query', () => {
  test('does not hold up /healthz or the event loop while it runs', async () => {
    const t = await createTestApp();
    try {
      const order: string[] = [];
      const slow = t.db.pool.query('select pg_sleep(2)').then(() => order.push('slow query done'));
      // Once the query holds its connection, ask for health.
      await until(() => t.db.pool.totalCount > t.db.pool.idleCount, 'the slow query holds a connection');
      const timer = new Promise<void>((r) =>
        setTimeout(() => {
          order.push('timer fired');
          r();
        }, 20),
      );
      const health = t.app.inject({ url: '/healthz' }).then((res) => {
        order.push('healthz answered');
        return res;
      });
      const res = await health;
      await timer;
      await slow;
      assert.equal(res.statusCode, 200);
      // Ordering, not wall time: both answered while the 2-second query was still running.
      assert.equal(order.length, 3);
      assert.equal(order.at(-1), 'slow query done', `order was: ${order.join(', ')}`);
    } finally {
      await t.close();
    }
  });

  test('a failing query leaves the database usable for the next request', async () => {
    const t = await createTestApp();
    try {
      await assert.rejects(t.db.pool.query('select * from no_such_table'));
      await assert.rejects(t.db.pool.query('select $1::int', ['not a number']));
      const admin = await signIn(t.app, 'admin');
      assert.equal((await admin.inject({ url: '/api/common/current-user' })).statusCode, 200);
    } finally {
      await t.close();
    }
  });
});

describe('the embedded database on disk', { skip: embeddedOnly }, () => {
  test('keeps every committed row across a clean restart and across a killed database process', async () => {
    const dir = scratchDir('backroom-restart-');
    try {
      cpSync(embeddedTemplateDir(), dir, { recursive: true });
      let db = await openDatabase({ dataDir: dir });
      await db.pool.query(`insert into meta (key, value) values ('clean', 'kept')`);
      await db.close();

      db = await openDatabase({ dataDir: dir });
      assert.equal((await db.pool.query(`select value from meta where key = 'clean'`)).rows[0]?.value, 'kept');
      await db.pool.query(`insert into meta (key, value) values ('crash', 'kept too')`);
      process.kill(db.pid!, 'SIGKILL');
      // Closed before (or after) its process is started again: the rows come from the disk either way.
      await db.close();

      db = await openDatabase({ dataDir: dir });
      const rows = await db.pool.query(`select key, value from meta where key in ('clean', 'crash') order by key`);
      assert.deepEqual(rows.rows, [
        { key: 'clean', value: 'kept' },
        { key: 'crash', value: 'kept too' },
      ]);
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('refuses to open a data directory another live process holds', async () => {
    const dir = scratchDir('backroom-lock-');
    try {
      cpSync(embeddedTemplateDir(), dir, { recursive: true });
      const first = await openDatabase({ dataDir: dir });
      await assert.rejects(openDatabase({ dataDir: dir }), /in use by process/);
      await first.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the request pool's statements on a PostgreSQL server", { skip: !postgresBase() && 'a PostgreSQL server setting' }, () => {
  test('are planned for their own values, never by a generic plan made once for any', async () => {
    // The list statements are named (db/named-statements.ts); a generic plan read a region user's deep page at
    // 10M sales 33 times slower than one planned for its values.
    const t = await createTestApp();
    try {
      const clients = await Promise.all([t.db.pool.connect(), t.db.pool.connect()]);
      for (const c of clients) assert.equal((await c.query('show plan_cache_mode')).rows[0].plan_cache_mode, 'force_custom_plan');
      for (const c of clients) c.release();
    } finally {
      await t.close();
    }
  });
});

describe('migrations', () => {
  test('are applied once: running them again changes nothing', async () => {
    const t = await createTestApp();
    try {
      const before = (await t.db.pool.query('select count(*)::int as n from schema_migrations')).rows[0].n;
      assert.ok(before >= 1);
      assert.deepEqual(await migrate(t.db.pool), []);
      assert.equal((await t.db.pool.query('select count(*)::int as n from schema_migrations')).rows[0].n, before);
    } finally {
      await t.close();
    }
  });
});

describe('growing the sales for benchmarks', () => {
  test('reaches at least the number of rows asked for, adding older days and keeping existing rows', async () => {
    const t = await createTestApp();
    try {
      const before = await t.db.pool.query<{ n: number; oldest: string; total: string }>(
        `select count(*)::int as n, min(sale_date)::text as oldest, sum(sales)::text as total from sales`,
      );
      const { n, oldest } = before.rows[0]!;
      const target = n + 1234;
      assert.ok((await growSales(t.db.pool, { rows: target })) >= target);
      const after = await t.db.pool.query<{ n: number; kept: string }>(
        `select count(*)::int as n, (select sum(sales)::text from sales where sale_date >= $1::date) as kept from sales`,
        [oldest],
      );
      assert.ok(after.rows[0]!.n >= target);
      assert.equal(after.rows[0]!.kept, before.rows[0]!.total, 'the existing days are untouched');
    } finally {
      await t.close();
    }
  });
});
