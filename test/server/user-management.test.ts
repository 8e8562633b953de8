// A user account managed in full through HTTP: the users table's edit sets roles and instances (lists of the
// codes current-user returns) and the super-administrator flag, under the privilege rules; an administrator
// sets a temporary password that its holder must replace before reaching anything else; and every user
// changes their own password, which signs out their other sessions and keeps the one that changed it.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { cookieHeader, DEMO_PASSWORD, sessionOf, signIn, useTestApp, type SignedIn } from '../support/app.ts';
import { postForm } from '../support/forms.ts';
import { defaultMessages as m } from '../../server/messages.ts';
import { CLOSE_SIGNED_OUT } from '../../common/hub-frames.ts';
import { connectHub } from '../support/hub-client.ts';
import { validationMessages as v } from '../../common/validation-messages.ts';

const shared = useTestApp('admin', 'manager');

let made = 0;
/** A fresh account (staff, an administrator or a super administrator) with a known password. */
async function account(kind: 'staff' | 'administrator' | 'super' = 'staff'): Promise<{ id: number; name: string }> {
  made += 1;
  const name = `managed.${made}`;
  const hash = (await shared.t.db.pool.query<{ password_hash: string }>("select password_hash from users where user_name = 'clerk'"))
    .rows[0]!.password_hash;
  const r = await shared.t.db.pool.query<{ user_id: number }>(
    `insert into users (user_name, first_name, last_name, password_hash, is_admin, is_super_admin, group_id)
     values ($1, 'Managed', 'Account', $2, $3, $4, (select group_id from groups where code = 'WE')) returning user_id`,
    [name, hash, kind !== 'staff', kind === 'super'],
  );
  return { id: r.rows[0]!.user_id, name };
}

const versionOf = async (id: number) =>
  (await shared.t.db.pool.query<{ version: number }>('select version from users where user_id = $1', [id])).rows[0]!.version;

interface Answer {
  Succeed: number[];
  Failed: Array<{ key: number | null; error: string; fields?: Record<string, string> }>;
  Error?: string | null;
}

async function edit(by: SignedIn, id: number, values: Record<string, unknown>): Promise<{ status: number; body: Answer }> {
  const res = await by.inject({ method: 'PATCH', url: '/api/users', payload: { UserID: id, Version: await versionOf(id), ...values } });
  return { status: res.statusCode, body: res.json() as Answer };
}

async function currentUser(user: SignedIn): Promise<{ Roles: string[]; Instances: string[]; IsSuperAdmin: boolean }> {
  const res = await user.inject({ url: '/api/common/current-user' });
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

describe('roles, instances and the super-administrator flag', () => {
  test('PATCH takes Roles and Instances as lists of codes, and current-user returns the same codes', async () => {
    const target = await account();
    const { body } = await edit(shared.manager, target.id, { Roles: ['sales', 'it'], Instances: ['TRAIN', 'PROD'] });
    assert.deepEqual(body.Succeed, [target.id], JSON.stringify(body));
    const signed = await signIn(shared.t.app, target.name, DEMO_PASSWORD);
    const me = await currentUser(signed);
    assert.deepEqual(me.Roles, ['it', 'sales']);
    assert.deepEqual(me.Instances, ['PROD', 'TRAIN']);

    const none = await edit(shared.manager, target.id, { Roles: [] });
    assert.deepEqual(none.body.Succeed, [target.id]);
    assert.deepEqual((await currentUser(signed)).Roles, [], 'an empty list takes every role away');
    assert.deepEqual((await currentUser(signed)).Instances, ['PROD', 'TRAIN'], 'a list not sent is kept');
  });

  test('an unknown code is refused on its field, naming it, and nothing changes', async () => {
    const target = await account();
    await edit(shared.admin, target.id, { Roles: ['stores'] });
    const { body } = await edit(shared.admin, target.id, { Roles: ['stores', 'wizard'], FirstName: 'Changed' });
    assert.deepEqual(body.Succeed, []);
    const message = m.tableUnknownCodes.replace('{0}', '"wizard"');
    assert.deepEqual(body.Failed, [{ key: target.id, error: `Roles: ${message}`, fields: { Roles: message } }]);
    const bad = await edit(shared.admin, target.id, { Instances: [{ code: 'PROD' }] });
    assert.deepEqual(bad.body.Failed[0]?.fields, { Instances: v.pattern });
    const { rows } = await shared.t.db.pool.query(
      `select u.first_name, array(select r.code from user_roles ur join roles r using (role_id) where ur.user_id = u.user_id) as roles
       from users u where user_id = $1`,
      [target.id],
    );
    assert.deepEqual(rows[0], { first_name: 'Managed', roles: ['stores'] });
  });

  test('only a super administrator grants or takes IsAdmin and IsSuperAdmin', async () => {
    const target = await account();
    for (const flag of ['IsAdmin', 'IsSuperAdmin']) {
      const refused = await edit(shared.manager, target.id, { [flag]: true });
      assert.equal(refused.status, 403, 'refused for who the user is');
      assert.deepEqual(refused.body.Failed, [
        { key: target.id, error: m.privilegeAdminFlags, fields: { [flag]: m.privilegeAdminFlags }, forbidden: true },
      ]);
    }
    const granted = await edit(shared.admin, target.id, { IsSuperAdmin: true });
    assert.deepEqual(granted.body.Succeed, [target.id]);
    const { rows } = await shared.t.db.pool.query('select is_super_admin from users where user_id = $1', [target.id]);
    assert.equal(rows[0].is_super_admin, true);
  });

  test("nobody but a super administrator edits a super administrator's account, roles included", async () => {
    const target = await account('super');
    const refused = await edit(shared.manager, target.id, { Roles: ['sales'] });
    assert.equal(refused.status, 403);
    assert.deepEqual(refused.body.Failed, [{ key: target.id, error: m.privilegeSuperAdminRow, forbidden: true }]);
    assert.deepEqual((await edit(shared.admin, target.id, { Roles: ['sales'] })).body.Succeed, [target.id]);
  });

  test('nobody deactivates themselves, nor unmakes their own super-administrator flag', async () => {
    const adminId = (await currentUser(shared.admin)) as unknown as { ID: number };
    for (const [field, value] of [
      ['IsActive', false],
      ['IsSuperAdmin', false],
    ] as const) {
      const { body } = await edit(shared.admin, adminId.ID, { [field]: value });
      assert.equal(body.Succeed.length, 0, field);
      assert.match(body.Failed[0]!.error, /your own account/);
    }
  });

  test("the edit dialog's choices: every role and instance by code and name", async () => {
    const res = await shared.manager.inject({ url: '/api/users/options?field=Roles' });
    const { options } = res.json() as { options: Array<{ value: string; label: string }> };
    assert.deepEqual(options.map((o) => o.value).sort(), ['it', 'messages', 'reports', 'sales', 'stores']);
    assert.ok(options.some((o) => o.value === 'sales' && o.label === 'Sales'));
    const instances = (await shared.manager.inject({ url: '/api/users/options?field=Instances' })).json() as { options: unknown[] };
    assert.ok(instances.options.length > 0);
  });
});

/** Signs in through the form; the cookie and where the answer sends the browser. */
async function signInRaw(name: string, password: string): Promise<LightMyRequestResponse> {
  const app = shared.t.app;
  const form = await app.inject({ url: '/login' });
  const token = /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
  return app.inject({
    method: 'POST',
    url: '/login',
    headers: { cookie: cookieHeader(form), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: name, password, _csrf: token }).toString(),
  });
}

/** The user holding the session `cookie`, its CSRF token read from `page`. */
const asUser = (cookie: string, page = '/account/password') => sessionOf(shared.t.app, cookie, page);

const changePassword = (user: SignedIn, current: string, next: string, confirm = next) =>
  postForm(user, '/account/password', { CurrentPassword: current, NewPassword: next, ConfirmPassword: confirm });

/** The newest audit entry as the audit log lists it to an administrator. */
async function newestAuditEntry(): Promise<{
  UserName: string;
  Resource: string;
  Action: string;
  RowKey: string;
  Changes: string;
  After: string;
}> {
  const res = await shared.admin.inject({ url: '/api/audit?start=0&length=1&order[0][column]=1&order[0][dir]=desc' });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data[0];
}

describe('a temporary password', () => {
  test('an administrator sets it; its holder is signed out, and must choose their own at the next sign-in', async () => {
    const target = await account();
    const before = await signIn(shared.t.app, target.name, DEMO_PASSWORD);
    const { body } = await edit(shared.manager, target.id, { TemporaryPassword: 'temporary 1' });
    assert.deepEqual(body.Succeed, [target.id], JSON.stringify(body));
    const { rows } = await shared.t.db.pool.query('select must_change_password, password_hash from users where user_id = $1', [target.id]);
    assert.equal(rows[0].must_change_password, true);
    assert.doesNotMatch(rows[0].password_hash, /temporary/, 'stored hashed');
    assert.equal((await before.inject({ url: '/api/common/current-user' })).statusCode, 401, 'their session has ended');
    const list = await shared.manager.inject({ url: `/api/users?search[value]=${target.name}` });
    assert.equal(list.json().data[0].TemporaryPassword, '', 'never read back');
    assert.equal(list.json().data[0].MustChangePassword, true);

    const res = await signInRaw(target.name, 'temporary 1');
    assert.equal(res.statusCode, 303);
    const cookie = cookieHeader(res);
    const home = await shared.t.app.inject({ url: '/', headers: { cookie } });
    assert.equal(home.statusCode, 303);
    assert.equal(home.headers.location, '/account/password', 'a page visit goes to the password form');
    const held = await asUser(cookie);
    const api = await held.inject({ url: '/api/stores' });
    assert.equal(api.statusCode, 403);
    assert.equal(api.json().error ?? api.json().Error ?? api.json().message, m.passwordMustChange, api.body);
    const form = await held.inject({ url: '/account/password' });
    assert.equal(form.statusCode, 200);
    assert.ok(form.body.includes(m.passwordMustChangeIntro));

    const changed = await changePassword(held, 'temporary 1', 'my own password');
    assert.equal(changed.statusCode, 303, changed.body);
    assert.equal(changed.headers.location, '/');
    assert.equal((await held.inject({ url: '/' })).statusCode, 200, 'the dashboard opens, without signing in again');
    assert.equal((await held.inject({ url: '/api/common/current-user' })).statusCode, 200);
    assert.equal((await signInRaw(target.name, 'temporary 1')).statusCode, 401, 'the temporary password is gone');
    const entry = await newestAuditEntry();
    assert.deepEqual(
      [entry.UserName, entry.Resource, entry.Action, entry.RowKey],
      [target.name, 'users', 'update', String(target.id)],
      "the change is audited as its holder's",
    );
    assert.equal(entry.Changes, `Must change password: Yes → No\nPassword: ${m.auditOwnPasswordChanged}`);
    assert.doesNotMatch(JSON.stringify(entry), /my own password|scrypt/, 'never the password itself');
  });

  test('it is checked as at account creation, and a blank one changes nothing', async () => {
    const target = await account();
    const short = await edit(shared.manager, target.id, { TemporaryPassword: 'short' });
    assert.deepEqual(short.body.Failed[0]?.fields, { TemporaryPassword: v.minLength.replace('{0}', '8') });
    const blank = await edit(shared.manager, target.id, { TemporaryPassword: '', FirstName: 'Blank' });
    assert.deepEqual(blank.body.Succeed, [target.id]);
    const { rows } = await shared.t.db.pool.query('select must_change_password from users where user_id = $1', [target.id]);
    assert.equal(rows[0].must_change_password, false);
  });

  test("only a super administrator sets an administrator's, and nobody their own through the table", async () => {
    const administrator = await account('administrator');
    const refused = await edit(shared.manager, administrator.id, { TemporaryPassword: 'temporary 2' });
    assert.deepEqual(refused.body.Failed, [
      {
        key: administrator.id,
        error: m.privilegeAdministratorPassword,
        fields: { TemporaryPassword: m.privilegeAdministratorPassword },
        forbidden: true,
      },
    ]);
    assert.deepEqual((await edit(shared.admin, administrator.id, { TemporaryPassword: 'temporary 2' })).body.Succeed, [administrator.id]);
    const managerId = ((await currentUser(shared.manager)) as unknown as { ID: number }).ID;
    const own = await edit(shared.manager, managerId, { TemporaryPassword: 'temporary 3' });
    assert.equal(own.body.Succeed.length, 0);
    assert.match(own.body.Failed[0]!.error, /your own account/);
  });
});

describe('changing your own password', () => {
  test('a wrong current password, a mismatch and a short one are refused, each on its field', async () => {
    const target = await account();
    const user = await signIn(shared.t.app, target.name, DEMO_PASSWORD);
    const wrong = await changePassword(user, 'not my password', 'a new password');
    assert.equal(wrong.statusCode, 422);
    assert.ok(wrong.body.includes(m.passwordCurrentWrong), 'the current password is refused clearly');
    const mismatch = await changePassword(user, DEMO_PASSWORD, 'a new password', 'another password');
    assert.equal(mismatch.statusCode, 422);
    assert.ok(mismatch.body.includes('Values must equal'));
    const short = await changePassword(user, DEMO_PASSWORD, 'short');
    assert.equal(short.statusCode, 422);
    assert.ok(short.body.includes(v.minLength.replace('{0}', '8')));
    assert.equal((await signInRaw(target.name, DEMO_PASSWORD)).statusCode, 303, 'the password is unchanged');
  });

  test("a new password ends the user's other sessions and their sockets, and keeps this one and its sockets", async () => {
    const base = await shared.t.app.listen({ port: 0, host: '127.0.0.1' });
    const target = await account();
    const here = await signIn(shared.t.app, target.name, DEMO_PASSWORD);
    const elsewhere = await signIn(shared.t.app, target.name, DEMO_PASSWORD);
    const [hereHub, elsewhereHub] = await Promise.all([connectHub(base, here.cookie), connectHub(base, elsewhere.cookie)]);
    await Promise.all([hereHub.next('hello'), elsewhereHub.next('hello')]);

    const changed = await changePassword(here, DEMO_PASSWORD, 'brand new password');
    assert.equal(changed.statusCode, 303, changed.body);
    assert.equal(changed.headers.location, '/account/password?changed');
    assert.equal((await newestAuditEntry()).Changes, `Password: ${m.auditOwnPasswordChanged}`, 'audited');
    assert.equal(await elsewhereHub.closed, CLOSE_SIGNED_OUT, "the other session's socket closes");
    assert.equal(hereHub.socket.readyState, hereHub.socket.OPEN, "this session's socket (its other tabs) stays open");
    assert.equal((await elsewhere.inject({ url: '/api/common/current-user' })).statusCode, 401, 'other sessions end');

    const page = await here.inject({ url: '/account/password?changed' });
    assert.ok(page.body.includes(m.passwordChanged));
    assert.equal((await here.inject({ url: '/api/common/current-user' })).statusCode, 200, 'this browser stays signed in');
    const sent = await changePassword(here, 'brand new password', 'x', 'y');
    assert.equal(sent.statusCode, 422, 'a form sent with its CSRF token is read (a refused token is a 403)');
    assert.equal((await signInRaw(target.name, 'brand new password')).statusCode, 303);
    await hereHub.close();
  });

  test('every page header links to the form', async () => {
    const page = await shared.manager.inject({ url: '/' });
    assert.match(page.body, /<a class="account-link" href="\/account\/password"/);
  });
});
