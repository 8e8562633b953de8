// The new-user form through HTTP: the server refuses invalid values with the same messages check() and the
// form's definition give in the browser, keeps what was typed (passwords excepted) and stores nothing;
// valid values make a user who can sign in, with roles, instances and an audit record.
import { after, before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../support/app.ts';
import { inputValue, postForm, shownMessages, type FormFields } from '../support/forms.ts';
import { check } from '../../common/validation.ts';
import { checkForm } from '../../common/form-definition.ts';
import { verifyPassword } from '../../server/auth/password.ts';
import { newUserFields } from '../../server/routes/admin/users/new-user-form.ts';

let t: TestApp;
let admin: SignedIn;
let groupId: string;
before(async () => {
  t = await createTestApp();
  admin = await signIn(t.app, 'admin');
  groupId = String((await t.db.pool.query(`select group_id from groups where code = 'NE'`)).rows[0].group_id);
});
after(() => t.close());

function validUser(overrides: FormFields = {}): FormFields {
  return {
    UserName: 'jdoe',
    FirstName: 'Jane',
    MiddleName: '',
    LastName: 'Doe',
    Email: 'jane.doe@backroom.example',
    Password: 'correct horse',
    ConfirmPassword: 'correct horse',
    GroupID: groupId,
    Roles: ['sales', 'reports'],
    Instances: ['PROD'],
    ...overrides,
  };
}

async function storedCounts(): Promise<{ users: number; audit: number; roles: number }> {
  const r = await t.db.pool.query(
    `select (select count(*)::int from users) as users, (select count(*)::int from audit_log) as audit,
            (select count(*)::int from user_roles) as roles`,
  );
  return r.rows[0];
}

const messageOf = (html: string, field: string) => shownMessages(html)[`new-user-${field}-message`];

describe('adding a user with invalid values', () => {
  const cases: Array<[field: string, value: string, expected: string | null, others?: FormFields]> = [
    ['UserName', 'ab', check('minLength', 'ab', 3)],
    ['UserName', 'no spaces', check('pattern', 'no spaces', '[A-Za-z0-9._-]+')],
    ['UserName', '', check('required', '')],
    ['FirstName', '   ', check('required', '   ')],
    ['LastName', 'x'.repeat(61), check('maxLength', 'x'.repeat(61), 60)],
    ['Email', 'jane.doe', check('email', 'jane.doe')],
    ['Password', 'short', check('minLength', 'short', 8), { ConfirmPassword: 'short' }],
    ['ConfirmPassword', 'correct horsE', check('equal', 'correct horsE', 'correct horse')],
    ['GroupID', '', check('required', '')],
  ];
  for (const [field, value, expected, others = {}] of cases) {
    test(`${field} ${JSON.stringify(value)} is refused with "${expected}", nothing stored`, async () => {
      assert.ok(expected, 'the case is really invalid');
      const before = await storedCounts();
      const res = await postForm(admin, '/admin/users/new', validUser({ ...others, [field]: value }));
      assert.equal(res.statusCode, 422);
      assert.equal(messageOf(res.body, field), expected);
      assert.deepEqual(Object.keys(shownMessages(res.body)), [`new-user-${field}-message`], 'only the wrong field has a message');
      assert.deepEqual(await storedCounts(), before);
    });
  }

  test('many wrong fields at once get exactly the messages the form definition gives', async () => {
    const values = validUser({ UserName: 'x', FirstName: '', Email: 'a@', Password: 'p', ConfirmPassword: 'q', GroupID: '' });
    const res = await postForm(admin, '/admin/users/new', values);
    assert.equal(res.statusCode, 422);
    const expected = checkForm({ fields: newUserFields }, values);
    assert.equal(Object.keys(expected).length, 6);
    const shown = Object.fromEntries(Object.entries(expected).map(([field]) => [field, messageOf(res.body, field)]));
    assert.deepEqual(shown, expected);
  });

  test('the form comes back with the values as typed, passwords left empty', async () => {
    const res = await postForm(
      admin,
      '/admin/users/new',
      validUser({ FirstName: 'Zoë <b>', Email: 'bad', Password: 'secret-one', ConfirmPassword: 'secret-two' }),
    );
    assert.equal(res.statusCode, 422);
    assert.equal(inputValue(res.body, 'FirstName'), 'Zoë <b>');
    assert.equal(inputValue(res.body, 'Email'), 'bad');
    assert.equal(inputValue(res.body, 'UserName'), 'jdoe');
    assert.equal(inputValue(res.body, 'Password'), '');
    assert.equal(inputValue(res.body, 'ConfirmPassword'), '');
    assert.match(res.body, /<option value="[^"]+" selected>Northeast<\/option>/);
    assert.match(res.body, /name="Roles" value="sales" checked/);
    assert.match(res.body, /name="Roles" value="stores">/);
  });

  test('a user name already taken, in any case, is refused with the taken message', async () => {
    const res = await postForm(admin, '/admin/users/new', validUser({ UserName: 'Manager' }));
    assert.equal(res.statusCode, 422);
    assert.equal(messageOf(res.body, 'UserName'), 'this user name is already taken.');
  });

  test('a group, role or instance the form did not offer is refused', async () => {
    const before = await storedCounts();
    for (const [field, value] of [
      ['GroupID', '99999'],
      ['Roles', ['sales', 'owner']],
      ['Instances', ['MARS']],
    ] as const) {
      const res = await postForm(admin, '/admin/users/new', validUser({ [field]: value }));
      assert.equal(res.statusCode, 422, field);
      assert.equal(messageOf(res.body, field), 'please check this value.');
    }
    assert.deepEqual(await storedCounts(), before);
  });
});

describe('adding a valid user', () => {
  test('stores the user with a hashed password, roles, instances and an audit record, then lists them', async () => {
    const before = await storedCounts();
    // The users table's count, now kept for a while: the new user must show in it at once.
    const listed = async () => (await admin.inject({ url: '/api/users?draw=1&length=1' })).json().recordsTotal as number;
    const listedBefore = await listed();
    const res = await postForm(admin, '/admin/users/new', validUser({ UserName: 'Jane.Doe', MiddleName: 'Q' }));
    assert.equal(res.statusCode, 303);
    const id = Number(/^\/admin\/users\?added=(\d+)$/.exec(String(res.headers.location))?.[1]);
    const user = (await t.db.pool.query('select * from users where user_id = $1', [id])).rows[0];
    assert.equal(user.user_name, 'Jane.Doe');
    assert.equal(user.middle_name, 'Q');
    assert.equal(user.is_admin, false);
    assert.notEqual(user.password_hash, 'correct horse');
    assert.ok(await verifyPassword('correct horse', user.password_hash));
    const roles = await t.db.pool.query('select r.code from user_roles join roles r using (role_id) where user_id = $1 order by 1', [id]);
    assert.deepEqual(
      roles.rows.map((r) => r.code),
      ['reports', 'sales'],
    );
    const audit = (await t.db.pool.query(`select * from audit_log where resource = 'users' and row_key = $1`, [String(id)])).rows;
    assert.equal(audit.length, 1);
    assert.equal(audit[0].action, 'insert');
    assert.equal(audit[0].after.UserName, 'Jane.Doe');
    assert.equal(audit[0].after.Password, undefined, 'the audit log never holds the password');
    assert.deepEqual(await storedCounts(), { users: before.users + 1, audit: before.audit + 1, roles: before.roles + 2 });
    assert.equal(await listed(), listedBefore + 1);

    const list = await admin.inject({ url: String(res.headers.location) });
    assert.match(list.body, /User &quot;Jane\.Doe&quot; was added\./);
    assert.match(list.body, /<td[^>]*><a [^>]*>Jane\.Doe<\/a><\/td>/);
    // The password is the administrator's choice: its holder chooses their own before anything else.
    assert.equal(user.must_change_password, true);
    assert.equal(audit[0].after.MustChangePassword, true);
    const again = await signIn(t.app, 'Jane.Doe', 'correct horse');
    const first = await again.inject({ url: '/' });
    assert.equal(first.statusCode, 303);
    assert.equal(first.headers.location, '/account/password');
    assert.equal((await again.inject({ url: '/api/common/current-user' })).statusCode, 403);
  });

  test('a super administrator may make an administrator', async () => {
    const res = await postForm(admin, '/admin/users/new', validUser({ UserName: 'boss', IsAdmin: 'true' }));
    assert.equal(res.statusCode, 303);
    assert.equal((await t.db.pool.query(`select is_admin from users where user_name = 'boss'`)).rows[0].is_admin, true);
  });
});

describe('who may add users', () => {
  test('an administrator who is not super administrator is not offered the admin flags and cannot grant them', async () => {
    const manager = await signIn(t.app, 'manager');
    const form = await manager.inject({ url: '/admin/users/new' });
    assert.equal(form.statusCode, 200);
    assert.doesNotMatch(form.body, /name="IsAdmin"|name="IsSuperAdmin"/);
    const before = await storedCounts();
    const res = await postForm(manager, '/admin/users/new', validUser({ UserName: 'sneaky', IsSuperAdmin: 'true' }));
    assert.equal(res.statusCode, 403);
    assert.ok(res.body.includes('you are not Authorized to view this page or part of the page content.'));
    assert.deepEqual(await storedCounts(), before);
    assert.equal((await postForm(manager, '/admin/users/new', validUser({ UserName: 'plain.user' }))).statusCode, 303);
  });

  test('staff without admin rights get 403 for the list, the form and the POST', async () => {
    const analyst = await signIn(t.app, 'analyst');
    assert.equal((await analyst.inject({ url: '/admin/users' })).statusCode, 403);
    assert.equal((await analyst.inject({ url: '/admin/users/new' })).statusCode, 403);
    assert.equal((await postForm(analyst, '/admin/users/new', validUser({ UserName: 'intruder' }))).statusCode, 403);
  });

  test('a POST with a wrong CSRF token is refused and stores nothing', async () => {
    const res = await postForm(admin, '/admin/users/new', validUser({ UserName: 'forged' }), { 'x-csrf-token': 'nope' });
    assert.equal(res.statusCode, 403);
    assert.equal((await t.db.pool.query(`select count(*)::int as n from users where user_name = 'forged'`)).rows[0].n, 0);
  });
});
