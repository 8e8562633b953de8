// A hub frame whose NOTIFY fails (the connection it went out on lost, the database restarting) is not lost:
// the hub sends it again until the bus takes it (server/hub/publish-queue.ts). Here the first NOTIFYs after a
// message is saved fail as a lost connection would make them fail, and the recipient's socket still gets the
// message's frame, once. PostgreSQL only: the embedded database's bus is in process and cannot fail.
import { after, before, describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../support/app.ts';
import { connectHub, userIdOf } from '../../support/hub-client.ts';
import { postgresBase } from '../../support/template-db.ts';

const skip = postgresBase() ? false : 'NOTIFY is PostgreSQL only (run with DATABASE_URL)';

describe('a NOTIFY that fails', { skip }, () => {
  let t: TestApp;
  let itdesk: SignedIn;
  let clerk: SignedIn;
  let base = '';
  before(async () => {
    t = await createTestApp();
    itdesk = await signIn(t.app, 'itdesk');
    clerk = await signIn(t.app, 'clerk');
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => t?.close());

  /** Makes the next `count` NOTIFYs through the app's pool fail as a lost connection does; how many did. */
  function failNotifies(count: number): () => number {
    const pool = t.db.pool;
    const query = pool.query;
    let failed = 0;
    pool.query = function (this: typeof pool, ...args: unknown[]) {
      const sql = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      if (failed < count && String(sql).includes('pg_notify')) {
        failed++;
        return Promise.reject(new Error('Connection terminated unexpectedly'));
      }
      return (query as (...a: unknown[]) => unknown).apply(pool, args);
    } as typeof pool.query;
    return () => failed;
  }

  test("the recipient's socket still gets the new message's frame, once", async () => {
    const socket = await connectHub(base, clerk.cookie);
    await socket.next('hello');
    const failed = failNotifies(3);
    const sent = await itdesk.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { UserID: await userIdOf(clerk), Title: 'Sent through a failing NOTIFY', Severity: 'info' },
    });
    assert.equal(sent.statusCode, 200, sent.body);
    const frame = await socket.next('inbox', (f) => f.item.Title === 'Sent through a failing NOTIFY');
    assert.equal(frame.unread.messages > 0, true);
    assert.equal(failed(), 3, 'the NOTIFYs did fail');
    // A frame published after it, through the same queue and bus, comes after any second copy would have.
    await t.app.hub.publish({ user: await userIdOf(clerk) }, { type: 'changed', resource: 'marker', by: 0 });
    await socket.next('changed', (f) => f.resource === 'marker');
    assert.equal(socket.frames.filter((f) => f.type === 'inbox').length, 1);
    assert.equal(t.app.hub.connections.size, 1);
    await socket.close();
  });
});
