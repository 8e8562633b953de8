// A PostgreSQL connection that ends under a request (pg_terminate_backend, as a restart, a failover or a
// network reset would) fails that request alone: the process lives, and the next requests work. The backend
// ended is surely the one running the request's work: an export's, once its client has stopped reading (the
// COPY waits to write, the cursor's transaction waits between batches); a list's query or a change's row,
// once it waits for a lock the test holds.
// The embedded database's process, killed, is database-unavailable.test.ts's and faults.test.ts's.
import { after, before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { msg } from '../../server/messages.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../support/app.ts';
import { Backends } from '../support/backends.ts';
import { download, startDownload } from '../support/download.ts';
import { addLongMessages } from '../support/long-messages.ts';
import { postgresBase } from '../support/template-db.ts';
import { watchUncaught, type UncaughtWatch } from '../support/uncaught.ts';
import { currentQuery, url } from './table-api/support.ts';

const skip = postgresBase() ? false : 'ends PostgreSQL server backends (run with DATABASE_URL)';

describe('a PostgreSQL connection ended under a request', { skip }, () => {
  let t: TestApp;
  let base: string;
  let admin: SignedIn;
  let backends: Backends;
  let uncaught: UncaughtWatch;
  before(async () => {
    uncaught = watchUncaught();
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await signIn(t.app, 'admin');
    await addLongMessages(t.db.pool, 'admin');
    backends = await Backends.of(t.db.pool.options.connectionString!);
  });
  after(async () => {
    uncaught?.stop();
    await backends?.close();
    await t?.close();
  });

  /** Nothing would have ended the process, and the app still serves: a health check, a list and a whole export. */
  async function stillServes(): Promise<void> {
    assert.deepEqual(
      uncaught.take().map((e) => e.message),
      [],
      'nothing was thrown that would have ended the process',
    );
    assert.equal((await t.app.inject({ url: '/healthz' })).statusCode, 200);
    assert.equal((await admin.inject({ url: url('stores', currentQuery(['StoreID', 'Name'])) })).statusCode, 200);
    const whole = await download(base, '/api/states/export?format=csv', admin.cookie);
    assert.deepEqual([whole.status, whole.complete], [200, true]);
  }

  test('a CSV export whose COPY is ended while its client reads slowly is cut off, and the next requests work', async () => {
    // Held from its first bytes on, in the same turn they arrive: a pause a turn later let the whole export
    // through on a quick run, and there was nothing left to cut off.
    const downloading = startDownload(base, '/api/messages/export?format=csv', admin.cookie, { pauseAfter: 1 });
    await downloading.held;
    // The client takes nothing: the app stops reading the COPY, and the server waits to write.
    const copy = await backends.found(/^copy \(/, "the export's COPY waits for its client", { waitingFor: 'ClientWrite' });
    await backends.terminate(copy.pid);
    downloading.resume();
    const cut = await downloading.done;
    // The header went out before the rows: the download is cut off, never passed off as whole.
    assert.deepEqual([cut.status, cut.complete], [200, false]);
    await stillServes();
  });

  test('an Excel export whose connection is ended between batches is cut off, and the next requests work', async () => {
    // Held from its first bytes on, in the same turn they arrive: a pause a turn later let the whole export
    // through on a quick run, and there was nothing left to cut off.
    const downloading = startDownload(base, '/api/messages/export?format=xlsx', admin.cookie, { pauseAfter: 1 });
    await downloading.held;
    // Between batches the export's transaction waits for the client, its connection idle: long enough to be
    // waiting, not caught between two batches of an export that runs to its end before the client is back.
    const cursor = await backends.found(/^fetch forward/, "the export's cursor waits between batches", {
      state: 'idle in transaction',
      stillMs: 300,
    });
    await backends.terminate(cursor.pid);
    downloading.resume();
    const cut = await downloading.done;
    assert.deepEqual([cut.status, cut.complete], [200, false]);
    await stillServes();
  });

  test('a list whose query is ended is answered 503 in words, and the next requests work', async () => {
    const lock = await backends.lock('stores');
    try {
      const list = admin.inject({ url: url('stores', currentQuery(['StoreID', 'Name'])) });
      const backend = await backends.found(/stores/, "the list's query waits", { waitingFor: 'Lock' });
      await backends.terminate(backend.pid);
      const res = await list;
      assert.equal(res.statusCode, 503);
      assert.equal(res.json().error, msg('databaseUnavailable'));
    } finally {
      await lock.release();
    }
    await stillServes();
  });

  test("a change whose row's connection is ended is answered 503, keeps the rows before it, and the next requests work", async () => {
    const { rows } = await t.db.pool.query<{ sale_id: number; version: number; transactions: number }>(
      'select sale_id, version, transactions from sales order by sale_id limit 3',
    );
    const [first, held, last] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
    const lock = await backends.lockRow('sales', 'sale_id', held.sale_id);
    let answer: Awaited<ReturnType<SignedIn['inject']>>;
    try {
      const change = admin.inject({
        method: 'PATCH',
        url: '/api/sales',
        payload: { SaleIDs: rows.map((r) => r.sale_id), Versions: rows.map((r) => r.version), Transactions: 4242 },
      });
      const backend = await backends.found(/for update/, "the change's second row waits", { waitingFor: 'Lock' });
      await backends.terminate(backend.pid);
      answer = await change;
    } finally {
      await lock.release();
    }
    assert.equal(answer.statusCode, 503);
    const stored = await t.db.pool.query<{ sale_id: number; transactions: number }>(
      'select sale_id, transactions from sales where sale_id = any($1) order by sale_id',
      [rows.map((r) => r.sale_id)],
    );
    assert.deepEqual(
      stored.rows.map((r) => r.transactions),
      [4242, held.transactions, last.transactions],
      'the first row went in, the others did not',
    );
    assert.equal(first.sale_id, stored.rows[0]!.sale_id);
    await stillServes();
  });
});
