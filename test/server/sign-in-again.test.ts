// Signing in again in place, as a page whose session has ended under an open form does
// (islands/shell/sign-in-again.ts): asked for JSON, GET /login gives the sign-in token and POST /login
// answers in JSON, with the new session's CSRF token, which the page's next change carries. Refusals come
// back as JSON in the sign-in page's words: a wrong password, a missing token, a throttled user name.
import { test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { msg } from '../../server/messages.ts';
import { cookieHeader, signIn, useTestAppWith } from '../support/app.ts';
import { DEMO_PASSWORD } from '../support/template-db.ts';

const shared = useTestAppWith({ limits: { signIn: { freeTries: 2 } } });

const json = { accept: 'application/json' };

/** The sign-in token and its cookie, as the page fetches them. */
async function signInToken(): Promise<{ token: string; cookie: string }> {
  const res = await shared.t.app.inject({ url: '/login', headers: json });
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['cache-control'], 'no-store');
  return { token: res.json().csrf, cookie: cookieHeader(res) };
}

async function signInJson(username: string, password: string, { withToken = true } = {}) {
  const { token, cookie } = await signInToken();
  return shared.t.app.inject({
    method: 'POST',
    url: '/login',
    headers: { ...json, 'content-type': 'application/json', cookie, ...(withToken ? { 'x-csrf-token': token } : {}) },
    payload: JSON.stringify({ username, password }),
  });
}

test('the right password answers who signed in and the new session’s token, which the next change carries', async () => {
  const res = await signInJson('manager', DEMO_PASSWORD);
  assert.equal(res.statusCode, 200);
  const answer = res.json();
  const { rows } = await shared.t.db.pool.query<{ user_id: number }>("select user_id from users where user_name = 'manager'");
  assert.deepEqual(Object.keys(answer).sort(), ['csrfToken', 'mustChangePassword', 'userId']);
  assert.equal(answer.userId, rows[0]!.user_id);
  assert.equal(answer.mustChangePassword, false);
  const cookie = cookieHeader(res);
  // The page's meta tag carries the same token as the answer, and a change sent with it is taken.
  const page = await shared.t.app.inject({ url: '/stores', headers: { cookie } });
  assert.match(page.body, new RegExp(`<meta name="csrf-token" content="${answer.csrfToken}">`));
  assert.match(page.body, /<meta name="user-name" content="manager">/);
  const change = { method: 'POST' as const, url: '/api/common/inbox/read', payload: JSON.stringify({ kind: 'message', read: false }) };
  const headers = { cookie, 'content-type': 'application/json' };
  const taken = await shared.t.app.inject({ ...change, headers: { ...headers, 'x-csrf-token': answer.csrfToken } });
  assert.equal(taken.statusCode, 200, taken.body);
  const stale = await shared.t.app.inject({ ...change, headers: { ...headers, 'x-csrf-token': 'an earlier session token' } });
  assert.equal(stale.statusCode, 403);
});

test('a wrong password is refused in JSON, in the sign-in page’s words', async () => {
  const res = await signInJson('analyst', 'not the password');
  assert.equal(res.statusCode, 401);
  assert.deepEqual(res.json(), { error: msg('signInFailed') });
  assert.equal(res.cookies.filter((c) => c.name === 'backroom_sid' && c.value).length, 0);
});

test('a try without the sign-in token is refused', async () => {
  const res = await signInJson('analyst', DEMO_PASSWORD, { withToken: false });
  assert.equal(res.statusCode, 403);
  assert.deepEqual(res.json(), { error: msg('csrfFailed') });
});

test('a throttled user name is answered 429 in JSON, with how long to wait', async () => {
  for (let i = 0; i < 2; i++) assert.equal((await signInJson('clerk', 'wrong')).statusCode, 401);
  const res = await signInJson('clerk', DEMO_PASSWORD);
  assert.equal(res.statusCode, 429);
  assert.ok(Number(res.headers['retry-after']) > 0);
  assert.match(res.json().error, /\d+ seconds?/);
});

test("the session's token is read by a page signed in again in another tab; a signed-out page is refused", async () => {
  const signedIn = await signIn(shared.t.app, 'itdesk');
  const res = await signedIn.inject({ url: '/api/common/session-token' });
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['cache-control'], 'no-store');
  assert.deepEqual(res.json(), { csrfToken: signedIn.csrf });
  const signedOut = await shared.t.app.inject({ url: '/api/common/session-token' });
  assert.equal(signedOut.statusCode, 401);
});
