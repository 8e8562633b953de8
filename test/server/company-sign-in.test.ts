// Sign-in with the company's identity provider, against a real OpenID Connect provider on a local port
// (test/support/oidc-provider.ts): signing in, refused states and nonces, a user disabled at the provider,
// provider groups as roles and a group, sign-out at both ends, a provider session that ends, and passwords
// switched off but for the break-glass super administrator.
import { after, before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  createTestApp,
  sameDatabaseApp,
  sessionOf,
  signIn,
  cookieHeader,
  ADMIN_PASSWORD,
  DEMO_PASSWORD,
  type TestApp,
} from '../support/app.ts';
import { startTestProvider, type TestProvider } from '../support/oidc-provider.ts';
import { atProvider, finishSignIn, providerSignIn, ProviderJar, startSignIn } from '../support/oidc-sign-in.ts';
import { readOidcSettings } from '../../server/auth/oidc/oidc-settings.ts';
import { defaultMessages as m, fill } from '../../server/messages.ts';
import { hashToken } from '../../server/plugins/session.ts';

const SITE = 'http://backroom.test';
let provider: TestProvider;
let t: TestApp;
/** The same database, first sign-ins creating users. */
let creating: FastifyInstance;
/** The same database, passwords off but for the break-glass `admin`. */
let passwordsOff: FastifyInstance;

function settings(env: Record<string, string> = {}) {
  return readOidcSettings({
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_BUTTON_LABEL: 'Test IdP',
    OIDC_SCOPES: 'openid profile email groups',
    OIDC_REDIRECT_URL: `${SITE}/login/oidc/callback`,
    OIDC_GROUP_ROLES: JSON.stringify({ 'backroom-sales': ['sales'], 'backroom-reports': ['reports', 'sales'] }),
    OIDC_GROUP_GROUPS: JSON.stringify({ west: 'WE' }),
    ...env,
  });
}

before(async () => {
  provider = await startTestProvider([
    { sub: 'u-analyst', preferred_username: 'analyst', groups: ['backroom-sales', 'backroom-reports'] },
    { sub: 'u-clerk', preferred_username: 'clerk' },
    { sub: 'u-trainee', preferred_username: 'trainee' },
    { sub: 'u-stranger', preferred_username: 'stranger' },
    {
      sub: 'u-new',
      preferred_username: 'newhire',
      given_name: 'Nia',
      family_name: 'Newhire',
      email: 'nia@example.com',
      groups: ['backroom-reports', 'west'],
    },
    { sub: 'u-former', preferred_username: 'former' },
  ]);
  provider.redirectUris.push(`${SITE}/login/oidc/callback`);
  provider.postLogoutRedirectUris.push(`${SITE}/login`);
  t = await createTestApp({ oidc: settings() });
  creating = await sameDatabaseApp(t, { oidc: settings({ OIDC_FIRST_SIGN_IN: 'create' }) });
  passwordsOff = await sameDatabaseApp(t, { oidc: settings(), passwordSignIn: { enabled: false, breakGlassUser: 'admin' } });
});

after(async () => {
  await creating?.close();
  await passwordsOff?.close();
  await t?.close();
  await provider?.close();
});

function sessionCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === 'backroom_sid' && c.value);
}

async function currentUser(app: FastifyInstance, cookie: string) {
  return app.inject({ url: '/api/common/current-user', headers: { cookie } });
}

async function failuresFrom(userName: string): Promise<number> {
  const r = await t.db.pool.query<{ n: number }>('select count(*)::int as n from login_attempts where user_name = $1 and not succeeded', [
    userName,
  ]);
  return r.rows[0]!.n;
}

describe('signing in through the company identity provider', () => {
  test('the sign-in page offers the provider beside the password form', async () => {
    const res = await t.app.inject({ url: '/login?next=/sales' });
    assert.match(res.body, /<a class="button login-provider" href="\/login\/oidc\?next=%2Fsales">Sign in with Test IdP<\/a>/);
    assert.match(res.body, /name="password"/);
  });

  test('a linked user signs in, lands on the page asked for, and the sign-in is recorded', async () => {
    const res = await providerSignIn(t.app, new ProviderJar(), 'u-analyst', '/sales');
    assert.equal(res.statusCode, 303, res.body);
    assert.equal(res.headers.location, '/sales');
    const sid = sessionCookie(res);
    assert.ok(sid, 'a session cookie');
    assert.equal(sid.httpOnly, true);
    const me = await currentUser(t.app, cookieHeader(res));
    assert.equal(me.json().UserName, 'analyst');
    const linked = await t.db.pool.query('select u.user_name from user_identities i join users u using (user_id) where i.subject = $1', [
      'u-analyst',
    ]);
    assert.deepEqual(linked.rows, [{ user_name: 'analyst' }]);
    const audit = await t.db.pool.query(
      "select after from audit_log where resource = 'users' and user_name = 'analyst' and after ? 'ProviderAccount'",
    );
    assert.equal(audit.rowCount, 1);
    const attempts = await t.db.pool.query(
      "select succeeded from login_attempts where user_name = 'analyst' order by attempt_id desc limit 1",
    );
    assert.deepEqual(attempts.rows, [{ succeeded: true }]);
  });

  test('an answer whose state is not the one this browser sent is refused with a clear message, and no session', async () => {
    const before = await failuresFrom('(identity provider)');
    const { authorizationUrl, appCookie } = await startSignIn(t.app);
    const callback = await atProvider(new ProviderJar(), authorizationUrl, 'u-analyst');
    callback.searchParams.set('state', 'forged-state');
    const res = await finishSignIn(t.app, callback, appCookie);
    assert.equal(res.statusCode, 400);
    assert.ok(res.body.includes(m.providerStateRefused.replaceAll("'", '&#39;')), res.body);
    assert.equal(sessionCookie(res), undefined);
    assert.equal(await failuresFrom('(identity provider)'), before + 1, 'counted as a sign-in failure');
  });

  test('an answer coming back to a browser that started no sign-in is refused as a state mismatch', async () => {
    const { authorizationUrl } = await startSignIn(t.app);
    const callback = await atProvider(new ProviderJar(), authorizationUrl, 'u-analyst');
    const res = await finishSignIn(t.app, callback, '');
    assert.equal(res.statusCode, 400);
    assert.equal(sessionCookie(res), undefined);
  });

  test('an ID token whose nonce is not the one this sign-in sent is refused with a clear message, and no session', async () => {
    const { authorizationUrl, appCookie } = await startSignIn(t.app);
    const callback = await atProvider(new ProviderJar(), authorizationUrl, 'u-analyst');
    // The browser's pending sign-in, its nonce changed: the provider's ID token carries the one sent.
    const pending = /backroom_oidc=([^;]+)/.exec(appCookie)![1]!;
    const changed = { ...JSON.parse(Buffer.from(pending, 'base64url').toString()), nonce: 'another-nonce' };
    const cookie = `backroom_oidc=${Buffer.from(JSON.stringify(changed)).toString('base64url')}`;
    const res = await finishSignIn(t.app, callback, cookie);
    assert.equal(res.statusCode, 401);
    assert.ok(res.body.includes(m.providerNonceRefused), res.body);
    assert.equal(sessionCookie(res), undefined);
  });

  test('a user disabled at the provider cannot sign in', async () => {
    provider.accounts.get('u-clerk')!.disabled = true;
    try {
      const res = await providerSignIn(t.app, new ProviderJar(), 'u-clerk');
      assert.notEqual(res.statusCode, 303);
      assert.ok(res.body.includes(fill(m.providerRefused, ['This account is disabled.'])), res.body);
      assert.equal(sessionCookie(res), undefined);
    } finally {
      provider.accounts.get('u-clerk')!.disabled = false;
    }
  });

  test('someone Backroom has no account for is refused when first sign-ins only link', async () => {
    const res = await providerSignIn(t.app, new ProviderJar(), 'u-stranger');
    assert.equal(res.statusCode, 403);
    assert.ok(res.body.includes(fill(m.providerUnknownUser, ['stranger']).replaceAll('"', '&quot;')), res.body);
    assert.equal(sessionCookie(res), undefined);
    const users = await t.db.pool.query("select 1 from users where user_name = 'stranger'");
    assert.equal(users.rowCount, 0);
  });

  test('a temporary password set in Backroom does not hold up a sign-in through the provider', async () => {
    await t.db.pool.query("update users set must_change_password = true where user_name = 'analyst'");
    try {
      const res = await providerSignIn(t.app, new ProviderJar(), 'u-analyst');
      const page = await t.app.inject({ url: '/', headers: { cookie: cookieHeader(res) } });
      assert.equal(page.statusCode, 200);
    } finally {
      await t.db.pool.query("update users set must_change_password = false where user_name = 'analyst'");
    }
  });

  test('an account inactive in Backroom is refused though the provider vouches for it', async () => {
    const res = await providerSignIn(t.app, new ProviderJar(), 'u-former');
    assert.equal(res.statusCode, 403);
    assert.equal(sessionCookie(res), undefined);
  });
});

describe('provider groups as roles and a group', () => {
  test('a first sign-in creates the user, with the roles and the group their provider groups map to', async () => {
    const res = await providerSignIn(creating, new ProviderJar(), 'u-new');
    assert.equal(res.statusCode, 303, res.body);
    const me = (await currentUser(creating, cookieHeader(res))).json();
    assert.equal(me.UserName, 'newhire');
    assert.equal(me.FullName, 'Nia Newhire');
    assert.equal(me.Email, 'nia@example.com');
    assert.deepEqual(me.Roles, ['reports', 'sales']);
    assert.equal(me.GroupCode, 'WE');
    assert.equal(me.IsAdmin, false);
    const audit = await t.db.pool.query(
      "select action from audit_log where resource = 'users' and user_name = 'newhire' order by audit_id",
    );
    assert.deepEqual(
      audit.rows.map((r) => r.action),
      ['insert', 'update'],
    );
  });

  test('a change of groups at the provider changes the roles at the next sign-in; the user has no password to sign in with or change', async () => {
    provider.accounts.get('u-new')!.groups = ['backroom-sales'];
    const res = await providerSignIn(creating, new ProviderJar(), 'u-new');
    assert.equal(res.statusCode, 303, res.body);
    const me = (await currentUser(creating, cookieHeader(res))).json();
    assert.deepEqual(me.Roles, ['sales']);
    assert.equal(me.GroupCode, 'WE', 'no group matched: the group stays');
    await assert.rejects(signIn(creating, 'newhire', ''), /failed: 401/);
    const page = await creating.inject({ url: '/', headers: { cookie: cookieHeader(res) } });
    assert.doesNotMatch(page.body, /href="\/account\/password"/, 'no password to change');
  });

  test('a user whose provider groups map to no role has none', async () => {
    const res = await providerSignIn(t.app, new ProviderJar(), 'u-trainee');
    assert.equal(res.statusCode, 303, res.body);
    assert.deepEqual((await currentUser(t.app, cookieHeader(res))).json().Roles, []);
  });
});

describe('the provider session', () => {
  async function dueNow(cookie: string) {
    const token = /backroom_sid=([^;]+)/.exec(cookie)![1]!;
    await t.db.pool.query("update sessions set provider_check_at = now() - interval '1 second' where session_id = $1", [hashToken(token)]);
    return hashToken(token);
  }

  test('a session goes on past its check while the provider still vouches for it', async () => {
    const res = await providerSignIn(t.app, new ProviderJar(), 'u-analyst');
    const cookie = cookieHeader(res);
    const id = await dueNow(cookie);
    assert.equal((await currentUser(t.app, cookie)).statusCode, 200);
    const row = await t.db.pool.query<{ later: boolean }>('select provider_check_at > now() as later from sessions where session_id = $1', [
      id,
    ]);
    assert.deepEqual(row.rows, [{ later: true }], 'checked again later');
  });

  test('a session the provider no longer vouches for (its session ended there) ends at its next check', async () => {
    const res = await providerSignIn(t.app, new ProviderJar(), 'u-analyst');
    const cookie = cookieHeader(res);
    assert.equal((await currentUser(t.app, cookie)).statusCode, 200);
    provider.endSessions();
    const id = await dueNow(cookie);
    assert.equal((await currentUser(t.app, cookie)).statusCode, 401);
    const row = await t.db.pool.query('select 1 from sessions where session_id = $1', [id]);
    assert.equal(row.rowCount, 0, 'the session is gone');
  });

  test('a user disabled at the provider while signed in is signed out at the next check', async () => {
    const res = await providerSignIn(t.app, new ProviderJar(), 'u-clerk');
    const cookie = cookieHeader(res);
    provider.accounts.get('u-clerk')!.disabled = true;
    try {
      await dueNow(cookie);
      assert.equal((await currentUser(t.app, cookie)).statusCode, 401);
    } finally {
      provider.accounts.get('u-clerk')!.disabled = false;
    }
  });

  test('signing out ends the Backroom session and goes on to the provider, which ends its own', async () => {
    const jar = new ProviderJar();
    const res = await providerSignIn(t.app, jar, 'u-analyst');
    const user = await sessionOf(t.app, cookieHeader(res));
    const before = provider.sessionCount();
    const out = await user.inject({
      method: 'POST',
      url: '/logout',
      payload: `_csrf=${user.csrf}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(out.statusCode, 200, out.body);
    assert.equal((await currentUser(t.app, user.cookie)).statusCode, 401, 'signed out of Backroom');
    const endSession = new URL(/http-equiv="refresh" content="0;url=([^"]+)"/.exec(out.body)![1]!.replaceAll('&amp;', '&'));
    assert.equal(endSession.origin, provider.issuer);
    assert.equal(endSession.searchParams.get('post_logout_redirect_uri'), `${SITE}/login`);
    assert.ok(endSession.searchParams.get('id_token_hint'));
    // At the provider, as the browser: its page asks to confirm, then it sends the browser back.
    const page = await jar.get(endSession);
    const html = await page.text();
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const action = new URL(/action="([^"]+)"/.exec(html)![1]!, endSession);
    const done = await jar.get(action, {
      method: 'POST',
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(done.headers.get('location'), `${SITE}/login`);
    assert.equal(provider.sessionCount(), before - 1, "the provider's session ended too");
  });
});

describe('a provider that cannot be reached', () => {
  let unreachable: FastifyInstance;
  before(async () => {
    // Port 1 on this machine: nothing listens there, so every call is refused at once.
    unreachable = await sameDatabaseApp(t, { oidc: settings({ OIDC_ISSUER: 'http://127.0.0.1:1' }) });
  });
  after(() => unreachable?.close());

  test('fails the sign-in it is needed for, with a clear message, and nothing else', async () => {
    const res = await unreachable.inject({ url: '/login/oidc' });
    assert.equal(res.statusCode, 503);
    assert.ok(res.body.includes(m.providerUnavailable), res.body);
    assert.equal((await unreachable.inject({ url: '/login' })).statusCode, 200);
  });

  test("ends nobody's session: the check is tried again later", async () => {
    const res = await providerSignIn(t.app, new ProviderJar(), 'u-analyst');
    const cookie = cookieHeader(res);
    const token = /backroom_sid=([^;]+)/.exec(cookie)![1]!;
    await t.db.pool.query("update sessions set provider_check_at = now() - interval '1 second' where session_id = $1", [hashToken(token)]);
    assert.equal((await currentUser(unreachable, cookie)).statusCode, 200);
    const row = await t.db.pool.query<{ later: boolean }>('select provider_check_at > now() as later from sessions where session_id = $1', [
      hashToken(token),
    ]);
    assert.deepEqual(row.rows, [{ later: true }]);
  });
});

describe('passwords switched off', () => {
  test('a password does not sign in, right or not, and the answer says to use the provider', async () => {
    for (const password of [DEMO_PASSWORD, 'wrong']) {
      const form = await passwordsOff.inject({ url: '/login' });
      const token = /name="_csrf" value="([^"]+)"/.exec(form.body)![1]!;
      const res = await passwordsOff.inject({
        method: 'POST',
        url: '/login',
        headers: { cookie: cookieHeader(form), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: 'analyst', password, _csrf: token }).toString(),
      });
      assert.equal(res.statusCode, 403);
      assert.ok(res.body.includes(fill(m.passwordSignInOff, ['Test IdP'])), res.body);
      assert.equal(sessionCookie(res), undefined);
    }
  });

  test('the break-glass super administrator still signs in with their password', async () => {
    const admin = await signIn(passwordsOff, 'admin', ADMIN_PASSWORD);
    assert.equal((await currentUser(passwordsOff, admin.cookie)).json().UserName, 'admin');
  });

  test('the sign-in page leads with the provider and folds the password form away', async () => {
    const res = await passwordsOff.inject({ url: '/login' });
    assert.match(res.body, /Sign in with Test IdP/);
    assert.match(res.body, /<details class="login-break-glass">/);
  });

  test('a break-glass user who is no super administrator is refused as a wrong password', async () => {
    const app = await sameDatabaseApp(t, { oidc: settings(), passwordSignIn: { enabled: false, breakGlassUser: 'manager' } });
    try {
      await assert.rejects(signIn(app, 'manager', DEMO_PASSWORD), /failed: 401/);
    } finally {
      await app.close();
    }
  });

  test('users still sign in through the provider, and are offered no password change; the break-glass user is', async () => {
    const res = await providerSignIn(passwordsOff, new ProviderJar(), 'u-analyst');
    assert.equal(res.statusCode, 303, res.body);
    const page = await passwordsOff.inject({ url: '/', headers: { cookie: cookieHeader(res) } });
    assert.equal(page.statusCode, 200);
    assert.doesNotMatch(page.body, /href="\/account\/password"/);
    const admin = await signIn(passwordsOff, 'admin', ADMIN_PASSWORD);
    assert.match((await admin.inject({ url: '/' })).body, /href="\/account\/password"/);
  });
});
