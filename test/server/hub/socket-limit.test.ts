// A user holds at most config.limits.hub.socketsPerUser hub sockets on an instance (one per tab), over all
// their sessions: the handshake of one more is refused with 429 and the reason, however many arrive at once
// and however many times the user signs in, while another user still connects, and a socket closed makes
// room again.
import { after, before, describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { msg } from '../../../server/messages.ts';
import { createTestApp, signIn, type TestApp } from '../../support/app.ts';
import { connectHub, handshakeAnswer, type HubSocket } from '../../support/hub-client.ts';
import { until } from '../../support/until.ts';

const MOST = 3;

describe('hub sockets per user', () => {
  let t: TestApp;
  let base = '';
  before(async () => {
    t = await createTestApp({ limits: { hub: { socketsPerUser: MOST } } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => t?.close());

  test('sockets past the limit are refused with 429, even when they all ask at once', async () => {
    const clerk = await signIn(t.app, 'clerk');
    const tries = await Promise.allSettled(Array.from({ length: MOST + 2 }, () => connectHub(base, clerk.cookie)));
    const open = tries.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = tries.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    assert.equal(open.length, MOST);
    assert.deepEqual(
      refused,
      [1, 2].map(() => 'Error: Unexpected server response: 429'),
    );
    for (const hub of open) await hub.close();
  });

  test('the refusal says why; signing in again is no way past it, another user still connects, a closed socket makes room', async () => {
    const clerk = await signIn(t.app, 'clerk');
    const open: HubSocket[] = [];
    for (let i = 0; i < MOST; i++) open.push(await connectHub(base, clerk.cookie));
    const refusal = await handshakeAnswer(base, { cookie: clerk.cookie });
    assert.equal(refusal.status, 429);
    assert.ok(refusal.body.includes(msg('hubTooManySockets', MOST)), refusal.body);
    // The same user signed in again, on another browser: the same user's sockets.
    const again = await signIn(t.app, 'clerk');
    assert.equal((await handshakeAnswer(base, { cookie: again.cookie })).status, 429);
    const analyst = await signIn(t.app, 'analyst');
    const other = await connectHub(base, analyst.cookie);
    await other.next('hello');

    await open.pop()!.close();
    await until(() => t.app.hub.connections.size === MOST, 'the server has let the closed socket go');
    const room = await connectHub(base, again.cookie);
    await room.next('hello');
    for (const hub of [...open, other, room]) await hub.close();
  });
});
