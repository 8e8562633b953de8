// An account made inactive, or deleted, keeps neither its sessions nor its hub sockets: its old cookie is
// refused, even once the account is active again, and its open sockets close as a sign-out's do.
import { before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { CLOSE_SIGNED_OUT } from '../../common/hub-frames.ts';
import { signIn, useTestApp, type SignedIn } from '../support/app.ts';
import { connectHub, userIdOf, type HubSocket } from '../support/hub-client.ts';
import { until } from '../support/until.ts';

describe("an account's sessions", () => {
  const shared = useTestApp('admin');
  let base = '';
  before(async () => {
    base = await shared.t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** Sets the account's Active flag through the users table, as an administrator does. */
  async function setActive(userId: number, active: boolean): Promise<void> {
    const res = await shared.admin.inject({
      method: 'PATCH',
      url: '/api/users',
      payload: { UserID: userId, Version: await versionOf(userId), IsActive: active },
    });
    assert.deepEqual(res.json().Succeed, [userId], res.body);
  }

  const versionOf = async (userId: number) =>
    (await shared.t.db.pool.query<{ version: number }>('select version from users where user_id = $1', [userId])).rows[0]!.version;

  /** The code the socket closed with, once it has closed (failing after the deadline if it stays open). */
  async function closeCode(hub: HubSocket): Promise<number> {
    await until(() => hub.socket.readyState === hub.socket.CLOSED, 'the socket closes');
    return hub.closed;
  }

  const currentUserStatus = async (user: SignedIn) => (await user.inject({ url: '/api/common/current-user' })).statusCode;

  test('deactivating an account ends its sessions and closes its sockets; reactivating it does not bring them back', async () => {
    const trainee = await signIn(shared.t.app, 'trainee');
    const otherTab = await signIn(shared.t.app, 'trainee');
    const clerk = await signIn(shared.t.app, 'clerk');
    const hubs = await Promise.all([connectHub(base, trainee.cookie), connectHub(base, otherTab.cookie)]);
    const clerkHub = await connectHub(base, clerk.cookie);
    await Promise.all([...hubs, clerkHub].map((h) => h.next('hello')));
    const id = await userIdOf(trainee);

    await setActive(id, false);
    assert.deepEqual(await Promise.all(hubs.map(closeCode)), [CLOSE_SIGNED_OUT, CLOSE_SIGNED_OUT]);
    await setActive(id, true);

    assert.equal(await currentUserStatus(trainee), 401, 'the old cookie is refused');
    assert.equal(await currentUserStatus(otherTab), 401);
    assert.equal(await currentUserStatus(clerk), 200, "another user's session lives on");
    assert.equal(clerkHub.socket.readyState, clerkHub.socket.OPEN);
    assert.equal(await currentUserStatus(await signIn(shared.t.app, 'trainee')), 200, 'a new sign-in works');
    await clerkHub.close();
  });

  test("an account's sessions end with it when it is deleted, and its sockets close", async () => {
    const analyst = await signIn(shared.t.app, 'analyst');
    const hub = await connectHub(base, analyst.cookie);
    await hub.next('hello');
    const id = await userIdOf(analyst);
    const res = await shared.admin.inject({ method: 'DELETE', url: '/api/users', payload: { UserID: id, Version: await versionOf(id) } });
    const { rows } = await shared.t.db.pool.query('select 1 from users where user_id = $1', [id]);
    assert.equal(rows.length, 0, res.body);
    assert.equal(await closeCode(hub), CLOSE_SIGNED_OUT);
    assert.equal(await currentUserStatus(analyst), 401);
  });
});
