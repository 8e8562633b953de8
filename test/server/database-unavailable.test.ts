// When the database cannot serve (its process killed or stopped, a query past its deadline, no connection
// free), requests get a 503 in the app's words, /healthz says so rather than hanging or calling it busy,
// and the embedded database's process is started again with the data intact.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import pg from 'pg';
import { msg } from '../../server/messages.ts';
import { heldCursorBatches } from '../../server/table-api/export/batches.ts';
import { createTestApp, signIn, type TestApp } from '../support/app.ts';
import { postgresBase } from '../support/template-db.ts';
import { until } from '../support/until.ts';

const embeddedOnly = postgresBase() ? 'about the embedded database process' : false;
const serverOnly = postgresBase() ? false : 'about a PostgreSQL server';

async function healthStatus(t: TestApp): Promise<number> {
  return (await t.app.inject({ url: '/healthz' })).statusCode;
}

/**
 * A request that always reads the database: a page of a table. (A session's user is kept in memory for a few
 * seconds, server/users/session-users.ts, so the current user may be answered without it.)
 */
const READS = '/api/states?draw=1&start=0&length=10';

/** The database process's pid, once one serves again after `old`. */
async function restarted(t: TestApp, old: number): Promise<number> {
  await until(async () => (await healthStatus(t)) === 200 && t.db.pid !== old, 'the database serves again', { ms: 30_000 });
  return t.db.pid!;
}

/** The query a request put on the wire is waiting for the database (the one connection is taken). */
function queryInFlight(t: TestApp): boolean {
  return t.db.pool.totalCount === 1 && t.db.pool.idleCount === 0;
}

function resumeIfStopped(pid: number): void {
  try {
    process.kill(pid, 'SIGCONT');
  } catch {
    // Already ended (by the deadline): nothing to resume.
  }
}

describe('the embedded database process', { skip: embeddedOnly }, () => {
  test('killed, it is started again: requests in flight and meanwhile get 503 in words, then work with the data intact', async () => {
    const t = await createTestApp();
    try {
      const admin = await signIn(t.app, 'admin');
      await t.db.pool.query(`insert into meta (key, value) values ('before the kill', 'kept')`);
      const pid = t.db.pid!;
      // Stopped first, so the request's query is surely on its way when the process dies.
      process.kill(pid, 'SIGSTOP');
      const inFlight = admin.inject({ url: READS });
      await until(() => queryInFlight(t), 'the request waits for the database', { ms: 30_000 });
      process.kill(pid, 'SIGKILL');

      const failed = await inFlight;
      assert.equal(failed.statusCode, 503);
      assert.deepEqual(failed.json(), { error: msg('databaseUnavailable') });
      const page = await admin.inject({ url: '/', headers: { accept: 'text/html' } });
      assert.equal(page.statusCode, 503);
      assert.match(page.headers['content-type'] as string, /^text\/html/);
      assert.ok(page.body.includes(msg('databaseUnavailable')), page.body);
      assert.equal(await healthStatus(t), 503);

      const pidNow = await restarted(t, pid);
      assert.notEqual(pidNow, pid);
      // The session is still there, and so is the row written before the kill.
      const me = await admin.inject({ url: '/api/common/current-user' });
      assert.equal(me.statusCode, 200);
      assert.equal(me.json().UserName, 'admin');
      assert.equal((await admin.inject({ url: READS })).statusCode, 200);
      const rows = await t.db.pool.query(`select value from meta where key = 'before the kill'`);
      assert.deepEqual(rows.rows, [{ value: 'kept' }]);
    } finally {
      await t.close();
    }
  });

  test('stopped (SIGSTOP), it is ended at the query deadline: the request gets 503, /healthz too, and a new process serves', async () => {
    const t = await createTestApp({ queryTimeoutMs: 1500 });
    const stopped: number[] = [];
    try {
      const admin = await signIn(t.app, 'admin');
      const pid = t.db.pid!;
      stopped.push(pid);
      process.kill(pid, 'SIGSTOP');
      const res = await admin.inject({ url: READS });
      assert.equal(res.statusCode, 503);
      assert.deepEqual(res.json(), { error: msg('databaseUnavailable') });
      const second = await restarted(t, pid);
      assert.equal((await admin.inject({ url: READS })).statusCode, 200);

      // Stopped while idle: the health check's own query meets the deadline, rather than hanging or saying 'busy'.
      stopped.push(second);
      process.kill(second, 'SIGSTOP');
      assert.equal(await healthStatus(t), 503);
      await restarted(t, second);
      assert.equal((await admin.inject({ url: READS })).statusCode, 200);
    } finally {
      stopped.forEach(resumeIfStopped);
      await t.close();
    }
  });

  test("an export's rows take longer than a request's deadline; meanwhile /healthz calls the database busy, then unavailable", async () => {
    const t = await createTestApp({ queryTimeoutMs: 1000, exportTimeoutMs: 60_000 });
    const pid = t.db.pid!;
    try {
      const batches = heldCursorBatches(t.db.pool, { text: 'select 1', params: [] }, 'select 7 as n from pg_sleep(0.2)', []);
      const first = batches.next();
      await until(() => queryInFlight(t), "the export's query is on its way", { ms: 30_000 });
      // Stopped, the process holds the export's rows for as long as it likes: past a request's deadline.
      process.kill(pid, 'SIGSTOP');
      assert.equal((await t.app.inject({ url: '/healthz' })).json().database, 'busy');
      // Busy longer than a request may wait: the instance cannot serve requests, and says so.
      await until(async () => (await healthStatus(t)) === 503, '/healthz answers 503', { ms: 30_000 });
      process.kill(pid, 'SIGCONT');
      assert.deepEqual((await first).value, [[7]]);
      assert.equal((await batches.next()).done, true);
      assert.equal(t.db.pid, pid, 'the process was not ended');
      assert.equal(await healthStatus(t), 200);
    } finally {
      resumeIfStopped(pid);
      await t.close();
    }
  });
});

describe('a database that cannot serve in time', () => {
  test('a request that gets no connection before the deadline is answered 503, and the next one works', async () => {
    const t = await createTestApp({ queryTimeoutMs: 1000 });
    try {
      const admin = await signIn(t.app, 'admin');
      const held = await Promise.all(Array.from({ length: t.db.pool.options.max }, () => t.db.pool.connect()));
      const res = await admin.inject({ url: READS });
      held.forEach((client) => client.release());
      assert.equal(res.statusCode, 503);
      assert.deepEqual(res.json(), { error: msg('databaseUnavailable') });
      assert.equal((await admin.inject({ url: READS })).statusCode, 200);
    } finally {
      await t.close();
    }
  });

  test('a query held up past the statement timeout is cancelled by the server, and the request answered 503', {
    skip: serverOnly,
  }, async () => {
    const t = await createTestApp({ queryTimeoutMs: 1000 });
    const locker = new pg.Client({ connectionString: t.db.pool.options.connectionString });
    try {
      const admin = await signIn(t.app, 'admin');
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table states in access exclusive mode');
      const res = await admin.inject({ url: READS });
      await locker.query('rollback');
      assert.equal(res.statusCode, 503);
      assert.deepEqual(res.json(), { error: msg('databaseUnavailable') });
      assert.equal((await admin.inject({ url: READS })).statusCode, 200);
    } finally {
      await locker.end();
      await t.close();
    }
  });
});
