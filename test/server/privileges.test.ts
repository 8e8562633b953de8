// Who may give which privilege on a user account, on every path that writes one: the new-user form, and the
// users table's add, edit and bulk edit (plural keys). Each writable privilege field is tried by `manager`
// (administrator, not super) and by `admin` (super administrator); server/users/privileges.ts decides for
// every path, so the answers agree.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { useTestApp, type SignedIn } from '../support/app.ts';
import { postForm, type FormFields } from '../support/forms.ts';
import { defaultMessages as m } from '../../server/messages.ts';

const shared = useTestApp('admin', 'manager');

interface Stored {
  is_admin: boolean;
  is_super_admin: boolean;
  is_active: boolean;
  group_code: string;
  roles: string[];
  instances: string[];
}

async function stored(where: string, param: string | number): Promise<Stored | undefined> {
  const r = await shared.t.db.pool.query<Stored>(
    `select u.is_admin, u.is_super_admin, u.is_active, g.code as group_code,
            array(select r.code from user_roles ur join roles r using (role_id) where ur.user_id = u.user_id order by r.code) as roles,
            array(select i.code from user_instances ui join instances i using (instance_id) where ui.user_id = u.user_id order by i.code) as instances
     from users u left join groups g using (group_id) where ${where} = $1`,
    [param],
  );
  return r.rows[0];
}

async function groupId(code: string): Promise<number> {
  return (await shared.t.db.pool.query<{ group_id: number }>('select group_id from groups where code = $1', [code])).rows[0]!.group_id;
}

let accounts = 0;
/** A fresh account to change, a plain staff member's or an administrator's (not super). */
async function account(kind: 'staff' | 'administrator'): Promise<{ id: number; version: number }> {
  accounts += 1;
  const r = await shared.t.db.pool.query<{ user_id: number; version: number }>(
    `insert into users (user_name, first_name, last_name, password_hash, is_admin, group_id)
     values ($1, 'Test', 'Account', 'not a hash', $2, (select group_id from groups where code = 'WE')) returning user_id, version`,
    [`target.${accounts}`, kind === 'administrator'],
  );
  return { id: r.rows[0]!.user_id, version: r.rows[0]!.version };
}

interface Answer {
  Succeed: number[];
  Failed: Array<{ key: number | null; error: string; fields?: Record<string, string> }>;
  Error: string | null;
}

async function change(user: SignedIn, method: 'POST' | 'PATCH', payload: unknown): Promise<{ status: number; body: Answer }> {
  const res = await user.inject({ method, url: '/api/users', payload });
  return { status: res.statusCode, body: res.json() as Answer };
}

const actors = ['manager', 'admin'] as const;
const actor = (name: (typeof actors)[number]): SignedIn => shared[name];

describe('the new-user form', () => {
  let made = 0;
  function newUser(fields: FormFields): FormFields {
    made += 1;
    return {
      UserName: `made.${made}`,
      FirstName: 'New',
      LastName: 'Person',
      Email: '',
      Password: 'long enough',
      ConfirmPassword: 'long enough',
      GroupID: '',
      Roles: [],
      Instances: [],
      ...fields,
    };
  }

  const cases: Array<{ field: string; value: string | string[]; holds: (s: Stored) => boolean; managerMay: boolean }> = [
    { field: 'IsAdmin', value: 'true', holds: (s) => s.is_admin, managerMay: false },
    { field: 'IsSuperAdmin', value: 'true', holds: (s) => s.is_super_admin, managerMay: false },
    { field: 'Roles', value: ['it', 'messages'], holds: (s) => s.roles.join() === 'it,messages', managerMay: true },
    { field: 'Instances', value: ['PROD', 'TRAIN'], holds: (s) => s.instances.join() === 'PROD,TRAIN', managerMay: true },
    { field: 'GroupID', value: 'HQ', holds: (s) => s.group_code === 'HQ', managerMay: true },
  ];
  for (const { field, value, holds, managerMay } of cases) {
    for (const name of actors) {
      const may = name === 'admin' || managerMay;
      test(`${name} ${may ? 'may' : 'may not'} give a new user ${field}`, async () => {
        const fields = newUser({
          GroupID: String(await groupId('WE')),
          [field]: field === 'GroupID' ? String(await groupId('HQ')) : value,
        });
        const res = await postForm(actor(name), '/admin/users/new', fields);
        const user = await stored('u.user_name', fields.UserName as string);
        if (may) {
          assert.equal(res.statusCode, 303);
          assert.ok(user && holds(user), `${field} is stored`);
        } else {
          // A form's refusal is a page in the app's words (the error path answers in the request's shape).
          assert.equal(res.statusCode, 403);
          assert.match(res.headers['content-type'] as string, /text\/html/);
          assert.ok(res.body.includes(m.forbidden), 'the page says why');
          assert.equal(user, undefined, 'nothing is stored');
        }
      });
    }
  }
});

describe('the users table', () => {
  test('adds no users for anyone: accounts are made through the new-user form, which sets a password', async () => {
    for (const name of actors) {
      const { status } = await change(actor(name), 'POST', { FirstName: 'Table', LastName: 'User', IsAdmin: true });
      assert.equal(status, 403, name);
    }
  });

  // What an edit of each writable privilege field does to each kind of account, by whom.
  const cases: Array<{
    field: string;
    on: 'staff' | 'administrator';
    value: unknown;
    holds: (s: Stored) => boolean;
    managerRefused?: string;
  }> = [
    { field: 'IsAdmin', on: 'staff', value: true, holds: (s) => s.is_admin, managerRefused: m.privilegeAdminFlags },
    { field: 'IsAdmin', on: 'administrator', value: false, holds: (s) => !s.is_admin, managerRefused: m.privilegeAdminFlags },
    { field: 'IsActive', on: 'staff', value: false, holds: (s) => !s.is_active },
    { field: 'IsActive', on: 'administrator', value: false, holds: (s) => !s.is_active, managerRefused: m.privilegeAdministratorActive },
    { field: 'GroupID', on: 'staff', value: 'HQ', holds: (s) => s.group_code === 'HQ' },
    { field: 'GroupID', on: 'administrator', value: 'HQ', holds: (s) => s.group_code === 'HQ' },
  ];
  for (const { field, on, value, holds, managerRefused } of cases) {
    for (const name of actors) {
      const refused = name === 'manager' ? managerRefused : undefined;
      test(`${name} ${refused ? 'may not' : 'may'} set ${field} to ${String(value)} on a${on === 'administrator' ? 'n' : ''} ${on} account`, async () => {
        const target = await account(on);
        const sent = field === 'GroupID' ? await groupId(value as string) : value;
        const { status, body } = await change(actor(name), 'PATCH', { UserID: target.id, Version: target.version, [field]: sent });
        const after = (await stored('u.user_id', target.id))!;
        assert.equal(status, refused ? 403 : 200);
        if (refused) {
          assert.deepEqual(body.Failed, [{ key: target.id, error: refused, fields: { [field]: refused }, forbidden: true }]);
          assert.equal(holds(after), false, 'the account is unchanged');
        } else {
          assert.deepEqual(body.Succeed, [target.id]);
          assert.ok(holds(after));
        }
      });
    }
  }

  test('a bulk edit answers each account by the same rules', async () => {
    const [staff, other, administrator] = [await account('staff'), await account('staff'), await account('administrator')];
    const keys = { UserIDs: [staff.id, other.id], Versions: [staff.version, other.version] };
    const granted = await change(shared.manager, 'PATCH', { ...keys, IsAdmin: true });
    assert.equal(granted.status, 403, 'every row refused for who the user is');
    assert.deepEqual(granted.body.Succeed, []);
    assert.deepEqual(
      granted.body.Failed.map((f) => f.fields),
      [{ IsAdmin: m.privilegeAdminFlags }, { IsAdmin: m.privilegeAdminFlags }],
    );
    assert.equal((await stored('u.user_id', staff.id))!.is_admin, false);

    const deactivated = await change(shared.manager, 'PATCH', {
      UserIDs: [staff.id, administrator.id],
      Versions: [staff.version, administrator.version],
      IsActive: false,
    });
    assert.deepEqual(deactivated.body.Succeed, [staff.id]);
    assert.deepEqual(deactivated.body.Failed, [
      {
        key: administrator.id,
        error: m.privilegeAdministratorActive,
        fields: { IsActive: m.privilegeAdministratorActive },
        forbidden: true,
      },
    ]);

    // A flag sent at the value an account already has changes nothing, and is not refused.
    const unchanged = await change(shared.manager, 'PATCH', {
      UserIDs: [other.id],
      Versions: [other.version],
      IsAdmin: false,
      FirstName: 'Renamed',
    });
    assert.deepEqual(unchanged.body.Succeed, [other.id]);

    const byAdmin = await change(shared.admin, 'PATCH', {
      UserIDs: [staff.id, other.id, administrator.id],
      Versions: [staff.version + 1, other.version + 1, administrator.version],
      IsAdmin: true,
      IsActive: true,
    });
    assert.deepEqual(byAdmin.body.Failed, []);
    assert.deepEqual(byAdmin.body.Succeed, [staff.id, other.id, administrator.id]);
    for (const id of byAdmin.body.Succeed) assert.equal((await stored('u.user_id', id))!.is_admin, true);
  });
});
