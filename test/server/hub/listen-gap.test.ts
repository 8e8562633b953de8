// Two app instances on one PostgreSQL lose their LISTEN connections (pg_terminate_backend of the listeners'
// backends, as a restart or a network reset would end them). What was announced until they listen again
// never reaches them: once back, each looks up what it may have missed (server/hub/missed-events.ts). While
// the test does its part, the database takes no new connection, so no LISTEN comes back and its part surely
// falls in the gap.
import { after, before, describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { CLOSE_SIGNED_OUT } from '../../../common/hub-frames.ts';
import { buildApp } from '../../../server/app.ts';
import { openDatabase, type Database } from '../../../server/db/index.ts';
import { HUB_CHANNEL } from '../../../server/hub/postgres-bus.ts';
import { createTestApp, signIn, type TestApp } from '../../support/app.ts';
import { Backends } from '../../support/backends.ts';
import { connectHub, userIdOf, type HubSocket } from '../../support/hub-client.ts';
import { postgresBase } from '../../support/template-db.ts';
import { until } from '../../support/until.ts';

const skip = postgresBase() ? false : 'LISTEN/NOTIFY between instances is PostgreSQL only (run with DATABASE_URL)';

const LISTENING = new RegExp(`^listen ${HUB_CHANNEL}$`);

describe('a gap in the LISTEN connections of two instances', { skip }, () => {
  let one: TestApp;
  let twoDb: Database;
  let two: FastifyInstance;
  let backends: Backends;
  const base = { one: '', two: '' };
  before(async () => {
    one = await createTestApp();
    const url = one.db.pool.options.connectionString!;
    twoDb = await openDatabase({ databaseUrl: url, dataDir: '' });
    two = await buildApp({ config: one.config, db: twoDb });
    base.one = await one.app.listen({ port: 0, host: '127.0.0.1' });
    base.two = await two.listen({ port: 0, host: '127.0.0.1' });
    backends = await Backends.of(url);
  });
  after(async () => {
    await backends?.close();
    await two?.close();
    await twoDb?.close();
    await one?.close();
  });

  /** The listeners' backends (each instance has one). */
  const listeners = () => backends.matching(LISTENING);

  /**
   * Ends both instances' LISTEN connections and runs `during` while they cannot come back (the database takes
   * no new connection meanwhile: the requests' pools keep those they have), then waits until both listen again.
   */
  async function inGap(during: () => Promise<void>): Promise<void> {
    await until(async () => (await listeners()).length === 2, 'both instances listen');
    await backends.allowConnections(false);
    try {
      await backends.terminate(...(await listeners()).map((b) => b.pid));
      await until(async () => (await listeners()).length === 0, 'both LISTEN connections are gone');
      await during();
    } finally {
      await backends.allowConnections(true);
    }
    await until(async () => (await listeners()).length === 2, 'both instances listen again', { ms: 30_000 });
  }

  async function closedWith(hub: HubSocket): Promise<number> {
    await until(() => hub.socket.readyState === WebSocket.CLOSED, 'the socket closes', { ms: 15_000 });
    return hub.closed;
  }

  test("a sign-out during the gap closes the session's sockets on both instances once they listen again", async () => {
    const clerk = await signIn(one.app, 'clerk');
    const onOne = await connectHub(base.one, clerk.cookie);
    const onTwo = await connectHub(base.two, clerk.cookie);
    await Promise.all([onOne.next('hello'), onTwo.next('hello')]);
    await inGap(async () => {
      assert.equal((await clerk.inject({ method: 'POST', url: '/logout' })).statusCode, 303);
    });
    assert.equal(await closedWith(onOne), CLOSE_SIGNED_OUT);
    assert.equal(await closedWith(onTwo), CLOSE_SIGNED_OUT);
  });

  test('a message sent during the gap: its unread count, the lists and the tables are sent again once the instances listen', async () => {
    const itdesk = await signIn(one.app, 'itdesk');
    const clerk = await signIn(two, 'clerk');
    const hub = await connectHub(base.two, clerk.cookie);
    await hub.next('hello');
    const before = (await clerk.inject({ url: '/api/common/view-state?parts=messages' })).json();
    const unreadBefore = before.messages?.Unread as number;
    await inGap(async () => {
      const sent = await itdesk.inject({
        method: 'POST',
        url: '/api/messages',
        payload: { UserID: await userIdOf(clerk), Title: 'Sent while nobody listened' },
      });
      assert.equal(sent.json().Succeed.length, 1);
    });
    const unread = await hub.next('unread', (f) => f.unread.messages === unreadBefore + 1, 15_000);
    assert.equal(unread.unread.messages, unreadBefore + 1);
    await hub.next('view-state', (f) => f.part === 'stores');
    await hub.next('changed', (f) => f.resource === 'stores' && f.by === 0);
    assert.ok(!hub.frames.some((f) => f.type === 'inbox'), 'the message fell in the gap: its own frame never came');
    await hub.close();
  });
});
