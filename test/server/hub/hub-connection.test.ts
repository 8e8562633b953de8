// The hub's websocket through a real listener and real `ws` clients: who may connect (a live session, the
// app's own Origin, honouring trusted proxies), the heartbeat, the bounded send buffer, and the end of the
// session (signed out, expired, or its user made inactive).
import { after, before, describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { CLOSE_NOT_A_FRAME, CLOSE_SIGNED_OUT, HUB_PATH } from '../../../common/hub-frames.ts';
import { createTestApp, signIn, useTestApp, type SignedIn, type TestApp } from '../../support/app.ts';
import { hashToken } from '../../../server/plugins/session.ts';
import { connectHub, handshakeStatus, userIdOf } from '../../support/hub-client.ts';
import { until } from '../../support/until.ts';

describe("the hub's websocket", () => {
  const shared = useTestApp('clerk', 'analyst');
  let base = '';
  before(async () => {
    base = await shared.t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  describe('who may connect', () => {
    test("a signed-in user on the app's own page connects and is greeted with the heartbeat interval", async () => {
      const hub = await connectHub(base, shared.clerk.cookie);
      const hello = await hub.next('hello');
      assert.equal(hello.heartbeatMs, shared.t.app.hub.connections.limits.heartbeatMs);
      await hub.close();
    });

    test('without a session, or with a session that has ended, the handshake is refused with 401', async () => {
      assert.equal(await handshakeStatus(base, {}), 401);
      assert.equal(await handshakeStatus(base, { cookie: 'backroom_sid=not-a-session' }), 401);
      const gone = await signIn(shared.t.app, 'clerk');
      await gone.inject({ method: 'POST', url: '/logout' });
      assert.equal(await handshakeStatus(base, { cookie: gone.cookie }), 401);
    });

    test("from another site's page, or with no Origin at all, the handshake is refused with 403 even with a session", async () => {
      const cookie = shared.clerk.cookie;
      assert.equal(await handshakeStatus(base, { cookie }, 'http://evil.example'), 403);
      assert.equal(await handshakeStatus(base, { cookie }, base.replace('127.0.0.1', 'localhost')), 403);
      assert.equal(await handshakeStatus(base, { cookie }, base.replace('http:', 'https:')), 403);
      assert.equal(await handshakeStatus(base, { cookie }, null), 403);
      assert.equal(await handshakeStatus(base, { cookie }), 101);
    });

    test('a client that resets the connection in the middle of its handshake does not take the server down', async () => {
      const { port } = new URL(base);
      // While the server looks up each session (ended, or still live), the client is already gone.
      for (const cookie of ['backroom_sid=ended', shared.clerk.cookie, 'backroom_sid=ended', shared.clerk.cookie]) {
        const socket = connect(Number(port), '127.0.0.1');
        await new Promise((resolve) => socket.once('connect', resolve));
        socket.write(
          `GET ${HUB_PATH} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${base}\r\nCookie: ${cookie}\r\n` +
            'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
        );
        socket.resetAndDestroy();
      }
      const hub = await connectHub(base, shared.clerk.cookie);
      await hub.next('hello');
      await hub.close();
    });

    test("a plain GET of the hub's address is answered 426 (a page in the app's words to a browser), asking for an upgrade", async () => {
      const res = await fetch(`${base}${HUB_PATH}`, { headers: { cookie: shared.clerk.cookie } });
      assert.equal(res.status, 426);
      assert.equal(res.headers.get('upgrade'), 'websocket');
    });

    test('the connection count goes back down as sockets close', async () => {
      const connections = shared.t.app.hub.connections;
      await until(() => connections.size === 0, "the earlier tests' sockets are closed");
      const hubs = await Promise.all([1, 2, 3].map(() => connectHub(base, shared.clerk.cookie)));
      assert.equal(connections.size, 3);
      await Promise.all(hubs.map((h) => h.close()));
      await until(() => connections.size === 0, 'the closed sockets are forgotten');
    });
  });

  describe('behind trusted proxies', () => {
    let proxied: TestApp;
    let proxiedBase = '';
    before(async () => {
      proxied = await createTestApp({ trustProxy: 1 });
      proxiedBase = await proxied.app.listen({ port: 0, host: '127.0.0.1' });
    });
    after(() => proxied?.close());

    test('the Origin is compared with the host and protocol the proxy says the browser used', async () => {
      const { cookie } = await signIn(proxied.app, 'clerk');
      const forwarded = { cookie, 'x-forwarded-host': 'backroom.example', 'x-forwarded-proto': 'https' };
      assert.equal(await handshakeStatus(proxiedBase, forwarded, 'https://backroom.example'), 101);
      assert.equal(await handshakeStatus(proxiedBase, forwarded, 'http://backroom.example'), 403);
      assert.equal(await handshakeStatus(proxiedBase, forwarded, proxiedBase), 403);
    });

    test("without TRUST_PROXY a client's own X-Forwarded-Host is not believed", async () => {
      const forwarded = { cookie: shared.clerk.cookie, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };
      assert.equal(await handshakeStatus(base, forwarded, 'http://evil.example'), 403);
    });
  });

  describe('keeping connections healthy', () => {
    test('a socket that does not answer a ping is dropped at the next heartbeat; one that answers stays', async () => {
      const connections = shared.t.app.hub.connections;
      const silent = await connectHub(base, shared.clerk.cookie, { answerPings: false });
      const answering = await connectHub(base, shared.analyst.cookie);
      await Promise.all([silent.next('hello'), answering.next('hello')]);
      connections.beat();
      await Promise.all([silent.next('ping'), answering.next('ping')]);
      const analystId = await userIdOf(shared.analyst);
      await until(() => [...connections.audience({ user: analystId })].every((c) => c.answered), "the answering socket's pong has arrived");
      connections.beat();
      assert.equal(await silent.closed, 1006, 'dropped without a closing handshake');
      await answering.next('ping');
      assert.equal(answering.socket.readyState, answering.socket.OPEN);
      await answering.close();
    });

    test('a client that sends something other than a frame of ours is closed', async () => {
      const hub = await connectHub(base, shared.clerk.cookie);
      hub.socket.send('hello?');
      assert.equal(await hub.closed, CLOSE_NOT_A_FRAME);
    });

    test('a client that never reads is dropped, and what the server holds for it never passes the limit', async () => {
      const connections = shared.t.app.hub.connections;
      const clerkId = await userIdOf(shared.clerk);
      const reader = await connectHub(base, shared.analyst.cookie);
      const stalled = await connectHub(base, shared.clerk.cookie);
      await stalled.next('hello');
      stalled.socket.pause();
      const droppedBefore = connections.slowDropped;
      const frame = { type: 'changed', resource: 'x'.repeat(64 * 1024), by: 0 } as const;
      let sent = 0;
      let mostHeld = 0;
      // Far more than the socket buffers of both ends hold; the server must give up on the stalled client first.
      while (stalled.socket.readyState === stalled.socket.OPEN && sent < 2000) {
        connections.send(connections.audience({ user: clerkId }), frame);
        sent++;
        mostHeld = Math.max(mostHeld, connections.bufferedBytes());
        await new Promise((r) => setImmediate(r));
        if (connections.slowDropped > droppedBefore) break;
      }
      assert.equal(connections.slowDropped, droppedBefore + 1, `dropped after ${sent} frames of 64 KB`);
      assert.ok(mostHeld <= connections.limits.maxBufferedBytes, `held at most ${mostHeld} bytes`);
      stalled.socket.resume();
      assert.equal(await stalled.closed, 1006);
      assert.equal(reader.socket.readyState, reader.socket.OPEN, 'other clients are not affected');
      await reader.close();
    });
  });

  describe('signing out', () => {
    test("signing out closes that session's sockets, telling the browser not to come back, and no other session's", async () => {
      const leaving = await signIn(shared.t.app, 'clerk');
      const staying = await signIn(shared.t.app, 'clerk');
      const leavingHubs = await Promise.all([connectHub(base, leaving.cookie), connectHub(base, leaving.cookie)]);
      const stayingHub = await connectHub(base, staying.cookie);
      const out = await leaving.inject({ method: 'POST', url: '/logout' });
      assert.equal(out.statusCode, 303);
      assert.deepEqual(await Promise.all(leavingHubs.map((h) => h.closed)), [CLOSE_SIGNED_OUT, CLOSE_SIGNED_OUT]);
      assert.equal(stayingHub.socket.readyState, stayingHub.socket.OPEN);
      await stayingHub.close();
    });

    test('a socket closes when its session has expired or its user was made inactive, not while the session is slid on', async () => {
      const pool = shared.t.db.pool;
      const sessionId = (user: SignedIn) => hashToken(/backroom_sid=([^;]+)/.exec(user.cookie)![1]!);
      const [expiring, sliding, deactivated] = await Promise.all(['clerk', 'clerk', 'trainee'].map((name) => signIn(shared.t.app, name)));
      const hubs = await Promise.all([expiring, sliding, deactivated].map((u) => connectHub(base, u!.cookie)));
      await pool.query(`update sessions set expires_at = now() - interval '1 second' where session_id = $1`, [sessionId(expiring!)]);
      await pool.query(`update sessions set expires_at = now() + interval '5 hours' where session_id = $1`, [sessionId(sliding!)]);
      await pool.query(`update sessions set expires_at = now() + interval '5 hours' where session_id = $1`, [sessionId(deactivated!)]);
      await pool.query(`update users set is_active = false where user_name = 'trainee'`);
      try {
        // Three hours on, every socket's known expiry has passed: each session is looked up again.
        await shared.t.app.hub.endExpiredSessions(new Date(Date.now() + 3 * 3600_000));
        assert.equal(await hubs[0]!.closed, CLOSE_SIGNED_OUT);
        assert.equal(await hubs[2]!.closed, CLOSE_SIGNED_OUT);
        assert.equal(hubs[1]!.socket.readyState, hubs[1]!.socket.OPEN);
      } finally {
        await pool.query(`update users set is_active = true where user_name = 'trainee'`);
      }
      await hubs[1]!.close();
    });
  });
});
