// A session holds at most config.limits.hub.socketsPerSession hub sockets on an instance (one per tab): the
// handshake of one more is refused with 429 and the reason, however many arrive at once, while another
// session (the same user's on another browser) still connects, and a socket closed makes room again.
import { after, before, describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { msg } from '../../../server/messages.ts';
import { createTestApp, signIn, type TestApp } from '../../support/app.ts';
import { connectHub, handshakeAnswer, type HubSocket } from '../../support/hub-client.ts';
import { until } from '../../support/until.ts';

const MOST = 3;

describe('hub sockets per session', () => {
  let t: TestApp;
  let base = '';
  before(async () => {
    t = await createTestApp({ limits: { hub: { socketsPerSession: MOST } } });
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

  test('the refusal says why; another session of the same user still connects, and a closed socket makes room', async () => {
    const clerk = await signIn(t.app, 'clerk');
    const open: HubSocket[] = [];
    for (let i = 0; i < MOST; i++) open.push(await connectHub(base, clerk.cookie));
    const refusal = await handshakeAnswer(base, { cookie: clerk.cookie });
    assert.equal(refusal.status, 429);
    assert.ok(refusal.body.includes(msg('hubTooManySockets', MOST)), refusal.body);
    // The same user signed in elsewhere is another session, with sockets of its own.
    const elsewhere = await signIn(t.app, 'clerk');
    const other = await connectHub(base, elsewhere.cookie);
    await other.next('hello');

    await open.pop()!.close();
    await until(() => t.app.hub.connections.size === MOST, 'the server has let the closed socket go');
    const again = await connectHub(base, clerk.cookie);
    await again.next('hello');
    for (const hub of [...open, other, again]) await hub.close();
  });
});
