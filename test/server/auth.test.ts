// Sign-in, sessions, CSRF and access rules, through HTTP.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { forgetSessionUsers } from '../../server/users/session-users.ts';
import { useTestApp, createTestApp, signIn, cookieHeader, ADMIN_PASSWORD, DEMO_PASSWORD } from '../support/app.ts';
import { defaultMessages as m } from '../../server/messages.ts';

const shared = useTestApp();

async function loginForm() {
  const form = await shared.t.app.inject({ url: '/login' });
  return { cookie: cookieHeader(form), token: /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '' };
}

async function postLogin(username: string, password: string, next = '') {
  const { cookie, token } = await loginForm();
  return shared.t.app.inject({
    method: 'POST',
    url: '/login',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password, _csrf: token, next }).toString(),
  });
}

describe('signing in', () => {
  test('a signed-out page visit is sent to /login with the page to come back to', async () => {
    const res = await shared.t.app.inject({ url: '/stores?x=1' });
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, '/login?next=%2Fstores%3Fx%3D1');
  });

  test('a signed-out API call gets 401 with a readable message', async () => {
    const res = await shared.t.app.inject({ url: '/api/common/current-user' });
    assert.equal(res.statusCode, 401);
    assert.deepEqual(res.json(), { error: m.unauthenticated });
  });

  test('a signed-out partial request gets 401 so the browser reloads the whole page', async () => {
    const res = await shared.t.app.inject({ url: '/stores', headers: { 'hx-request': 'true' } });
    assert.equal(res.statusCode, 401);
  });

  test('the right password signs in with a 303 to the requested page and a safe session cookie', async () => {
    const res = await postLogin('admin', ADMIN_PASSWORD, '/sales');
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, '/sales');
    const sid = res.cookies.find((c) => c.name === 'backroom_sid');
    assert.ok(sid, 'session cookie set');
    assert.equal(sid.httpOnly, true);
    assert.equal(sid.sameSite, 'Lax');
    assert.equal(sid.maxAge, 7200);
    assert.equal(sid.path, '/');
    const raw = String(res.headers['set-cookie']);
    assert.ok(raw.length < 4096, 'cookie under 4096 characters');
  });

  test('the next page may only be a path on this site', async () => {
    const res = await postLogin('admin', ADMIN_PASSWORD, '//evil.example/x');
    assert.equal(res.headers.location, '/');
  });

  test('a wrong password is refused with a clear message and no session', async () => {
    const res = await postLogin('analyst', 'wrong');
    assert.equal(res.statusCode, 401);
    assert.match(res.body, new RegExp(m.signInFailed.replace('.', '\\.')));
    assert.equal(
      res.cookies.find((c) => c.name === 'backroom_sid'),
      undefined,
    );
  });

  test('an inactive account is answered as a wrong password, whether its password is right or not', async () => {
    // The form differs only by its CSRF token and the user name typed back into it.
    const page = (body: string, username: string) =>
      body.replace(/name="_csrf" value="[^"]+"/, '').replaceAll(`value="${username}"`, 'value=""');
    const wrong = await postLogin('analyst', 'wrong');
    for (const password of [DEMO_PASSWORD, 'wrong']) {
      const res = await postLogin('former', password);
      assert.equal(res.statusCode, wrong.statusCode);
      assert.equal(page(res.body, 'former'), page(wrong.body, 'analyst'));
      assert.equal(
        res.cookies.find((c) => c.name === 'backroom_sid'),
        undefined,
      );
    }
  });

  test('a sign-in form without its CSRF token is refused', async () => {
    const res = await shared.t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=admin&password=${ADMIN_PASSWORD}`,
    });
    assert.equal(res.statusCode, 403);
  });
});

describe('a session', () => {
  test('current-user returns exactly the spec fields', async () => {
    const admin = await signIn(shared.t.app, 'admin');
    const res = await admin.inject({ url: '/api/common/current-user' });
    assert.equal(res.statusCode, 200);
    const u = res.json();
    assert.deepEqual(Object.keys(u).sort(), [
      'CreateDate',
      'Email',
      'FirstName',
      'FullName',
      'GroupCode',
      'GroupID',
      'GroupName',
      'ID',
      'Instances',
      'IsActive',
      'IsAdmin',
      'IsSuperAdmin',
      'LastName',
      'MiddleName',
      'Roles',
      'UpdateDate',
      'UserName',
    ]);
    assert.equal(u.UserName, 'admin');
    assert.equal(u.FullName, 'Avery Administrator');
    assert.equal(u.IsSuperAdmin, true);
    assert.equal(u.GroupCode, 'HQ');
    assert.deepEqual(u.Instances, ['PROD', 'TRAIN']);
    assert.ok(Array.isArray(u.Roles) && u.Roles.includes('sales'));
  });

  test('sessions live in the database: another app on the same database accepts the cookie', async () => {
    const admin = await signIn(shared.t.app, 'admin');
    const rows = await shared.t.db.pool.query('select count(*)::int as n from sessions');
    assert.ok(rows.rows[0].n >= 1);
    // The cookie is only a token: its hash is what the database keeps.
    const token = admin.cookie.split('=')[1]!;
    const stored = await shared.t.db.pool.query('select 1 from sessions where session_id = $1', [token]);
    assert.equal(stored.rowCount, 0);
  });

  test('mutating requests without the CSRF token are refused', async () => {
    const admin = await signIn(shared.t.app, 'admin');
    const res = await shared.t.app.inject({ method: 'POST', url: '/logout', headers: { cookie: admin.cookie } });
    assert.equal(res.statusCode, 403);
    // A form's refusal is a page in the app's words (test/server/refusals.test.ts has the shapes).
    assert.ok(res.body.includes(m.csrfFailed));
  });

  test('signing out ends the session', async () => {
    const user = await signIn(shared.t.app, 'analyst');
    const out = await user.inject({ method: 'POST', url: '/logout' });
    assert.equal(out.statusCode, 303);
    assert.equal(out.headers.location, '/login');
    const after = await shared.t.app.inject({ url: '/api/common/current-user', headers: { cookie: user.cookie } });
    assert.equal(after.statusCode, 401);
  });

  test('an expired session is not accepted', async () => {
    const user = await signIn(shared.t.app, 'analyst');
    await shared.t.db.pool.query(`update sessions set expires_at = now() - interval '1 second'`);
    // A change made outside the app, which the kept session's user does not hear of (server/users/session-users.ts).
    forgetSessionUsers(shared.t.db.pool);
    const res = await shared.t.app.inject({ url: '/api/common/current-user', headers: { cookie: user.cookie } });
    assert.equal(res.statusCode, 401);
  });

  test('expiry slides: a request near the end of the session pushes it 7200 s ahead', async () => {
    const user = await signIn(shared.t.app, 'analyst');
    await shared.t.db.pool.query(`update sessions set expires_at = now() + interval '100 seconds'`);
    forgetSessionUsers(shared.t.db.pool);
    const res = await user.inject({ url: '/api/common/current-user' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.cookies.find((c) => c.name === 'backroom_sid')?.maxAge, 7200);
    const r = await shared.t.db.pool.query(`select extract(epoch from expires_at - now())::int as left from sessions`);
    assert.ok(r.rows.every((row: { left: number }) => row.left > 7000));
  });
});

describe('access', () => {
  test('a page whose role the user lacks answers 403 with the spec message', async () => {
    const clerk = await signIn(shared.t.app, 'clerk');
    const res = await clerk.inject({ url: '/sales' });
    assert.equal(res.statusCode, 403);
    assert.match(res.body, /you are not Authorized to view this page or part of the page content\./);
  });

  test('the menu shows only what the user may open', async () => {
    const clerk = await signIn(shared.t.app, 'clerk');
    const page = await clerk.inject({ url: '/stores' });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /href="\/stores" class="menu-link current" aria-current="page"/);
    assert.doesNotMatch(page.body, /href="\/sales"/);
    assert.doesNotMatch(page.body, /href="\/admin\/users"/);
    const admin = await signIn(shared.t.app, 'admin');
    const all = await admin.inject({ url: '/' });
    for (const path of ['/sales', '/admin/users', '/admin/menus', '/admin/user-errors']) {
      assert.match(all.body, new RegExp(`href="${path}"`));
    }
  });

  test('an administrator who is not super administrator does not see super-admin pages', async () => {
    const manager = await signIn(shared.t.app, 'manager');
    const res = await manager.inject({ url: '/admin/menus' });
    assert.equal(res.statusCode, 403);
    assert.equal((await manager.inject({ url: '/admin/users' })).statusCode, 200);
  });

  test('every menu entry renders a page for the super administrator', async () => {
    const admin = await signIn(shared.t.app, 'admin');
    const rows = await shared.t.db.pool.query<{ url: string }>(`select url from menus where url <> ''`);
    assert.ok(rows.rows.length >= 10);
    for (const { url } of rows.rows) {
      const res = await admin.inject({ url });
      assert.equal(res.statusCode, 200, url);
    }
  });
});

describe('behind HTTPS', () => {
  test('the session cookie is Secure when a trusted proxy says the request came over HTTPS', async () => {
    const proxied = await createTestApp({ trustProxy: 1 });
    try {
      const form = await proxied.app.inject({ url: '/login', headers: { 'x-forwarded-proto': 'https' } });
      const token = /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/login',
        headers: { cookie: cookieHeader(form), 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https' },
        payload: new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD, _csrf: token }).toString(),
      });
      assert.equal(res.statusCode, 303);
      assert.equal(res.cookies.find((c) => c.name === 'backroom_sid')?.secure, true);
    } finally {
      await proxied.close();
    }
  });
});
