// A signed-in session's user is kept for a few seconds (server/users/session-users.ts), not read on every
// request; whatever changes what it reads takes effect at the user's very next request, kept or not: new
// roles, a renamed group, a deactivated account, a new password, a sign-out.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { signIn, useTestApp, type SignedIn } from '../support/app.ts';

const shared = useTestApp('admin');

const currentUser = (user: SignedIn) => user.inject({ url: '/api/common/current-user' });

/** Edits a row of a table through its API, as an administrator does. */
async function edit(table: 'users' | 'groups', key: 'UserID' | 'GroupID', id: number, values: Record<string, unknown>): Promise<void> {
  const { rows } = await shared.t.db.pool.query(`select version from ${table} where ${table === 'users' ? 'user_id' : 'group_id'} = $1`, [
    id,
  ]);
  const res = await shared.admin.inject({
    method: 'PATCH',
    url: `/api/${table}`,
    payload: { [key]: id, Version: rows[0].version, ...values },
  });
  assert.deepEqual(res.json().Succeed, [id], res.body);
}

/** The signed-in user, read once so that it is kept. */
async function keptUser(user: SignedIn): Promise<{ ID: number; GroupID: number; Roles: string[]; GroupName: string }> {
  const res = await currentUser(user);
  assert.equal(res.statusCode, 200);
  return res.json();
}

describe("a session's kept user", () => {
  test("an administrator's change to the user's roles shows at their next request", async () => {
    const clerk = await signIn(shared.t.app, 'clerk');
    const { ID, Roles } = await keptUser(clerk);
    assert.deepEqual(Roles, ['stores']);
    assert.equal((await clerk.inject({ url: '/api/sales' })).statusCode, 403);
    await edit('users', 'UserID', ID, { Roles: ['stores', 'sales'] });
    assert.deepEqual((await currentUser(clerk)).json().Roles, ['sales', 'stores']);
    assert.equal((await clerk.inject({ url: '/api/sales' })).statusCode, 200, 'the new role opens its table at once');
    await edit('users', 'UserID', ID, { Roles: ['stores'] });
    assert.equal((await clerk.inject({ url: '/api/sales' })).statusCode, 403, 'and a role taken away closes it at once');
  });

  test("a renamed group shows at its members' next request", async () => {
    const analyst = await signIn(shared.t.app, 'analyst');
    const { GroupID, GroupName } = await keptUser(analyst);
    await edit('groups', 'GroupID', GroupID, { Name: `${GroupName} region` });
    assert.equal((await currentUser(analyst)).json().GroupName, `${GroupName} region`);
    await edit('groups', 'GroupID', GroupID, { Name: GroupName });
  });

  test('a deactivated account is refused at its next request', async () => {
    const trainee = await signIn(shared.t.app, 'trainee');
    const { ID } = await keptUser(trainee);
    await edit('users', 'UserID', ID, { IsActive: false });
    try {
      assert.equal((await currentUser(trainee)).statusCode, 401);
    } finally {
      await edit('users', 'UserID', ID, { IsActive: true });
    }
  });

  test('a signed-out session is refused when its cookie comes again', async () => {
    const clerk = await signIn(shared.t.app, 'clerk');
    await keptUser(clerk);
    const otherTab = await signIn(shared.t.app, 'clerk');
    await keptUser(otherTab);
    await clerk.inject({ method: 'POST', url: '/logout' });
    assert.equal((await currentUser(clerk)).statusCode, 401);
    assert.equal((await currentUser(otherTab)).statusCode, 200, "the user's other session lives on");
  });

  test("a password set by an administrator ends the user's kept sessions", async () => {
    const analyst = await signIn(shared.t.app, 'analyst');
    const { ID } = await keptUser(analyst);
    await edit('users', 'UserID', ID, { TemporaryPassword: 'a-temporary-password' });
    assert.equal((await currentUser(analyst)).statusCode, 401);
  });
});
