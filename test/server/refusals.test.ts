// Every refusal reaches a person in the shape of the request and in the app's words: a page (whole, or the
// content area for a partial request) for a page, JSON { error } for an API call; a 4xx for what the request
// got wrong, never a 500, never the framework's or the database's own text.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { useTestApp, cookieHeader, ADMIN_PASSWORD } from '../support/app.ts';
import { postForm, unescapeHtml } from '../support/forms.ts';
import { defaultMessages as m } from '../../server/messages.ts';

const shared = useTestApp('admin');

/** The message an error page shows, as a person reads it. */
function pageMessage(res: LightMyRequestResponse): string {
  assert.match(String(res.headers['content-type']), /^text\/html/);
  return unescapeHtml(/<p class="error-text" role="alert">([^<]*)<\/p>/.exec(res.body)?.[1] ?? '');
}

function apiMessage(res: LightMyRequestResponse): string {
  assert.match(String(res.headers['content-type']), /^application\/json/);
  return (res.json() as { error: string }).error;
}

const newUser = {
  UserName: 'odd.bytes',
  FirstName: 'Odd',
  LastName: 'Bytes',
  Email: 'odd@example.com',
  Password: 'long enough 1',
  ConfirmPassword: 'long enough 1',
  GroupID: '1',
};

describe('sessions and forms that have run out', () => {
  test('the sign-in form sent after its CSRF cookie expired gets a page saying so, with the way back to sign in', async () => {
    const form = await shared.t.app.inject({ url: '/login' });
    const token = /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
    const res = await shared.t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD, _csrf: token }).toString(),
    });
    assert.equal(res.statusCode, 403);
    assert.equal(pageMessage(res), m.csrfFailed);
    assert.match(res.body, /<a href="\/login">/);
  });

  test('Sign out after the session expired lands on the sign-in page', async () => {
    const form = await shared.t.app.inject({ url: '/login' });
    const res = await shared.t.app.inject({
      method: 'POST',
      url: '/logout',
      headers: { cookie: `backroom_sid=expired; ${cookieHeader(form)}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '_csrf=stale',
    });
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, '/login');
  });

  test('a form posted without its CSRF token by a signed-in user gets a page, an API call JSON', async () => {
    const page = await shared.t.app.inject({ method: 'POST', url: '/logout', headers: { cookie: shared.admin.cookie } });
    assert.equal(page.statusCode, 403);
    assert.equal(pageMessage(page), m.csrfFailed);
    const api = await shared.t.app.inject({
      method: 'POST',
      url: '/api/stores',
      headers: { cookie: shared.admin.cookie },
      payload: { Name: 'x' },
    });
    assert.equal(api.statusCode, 403);
    assert.equal(apiMessage(api), m.csrfFailed);
  });

  test('a signed-out partial request gets 401 as a page fragment, not JSON', async () => {
    const res = await shared.t.app.inject({ method: 'POST', url: '/admin/users/new', headers: { 'hx-request': 'true' } });
    assert.equal(res.statusCode, 401);
    assert.equal(pageMessage(res), m.unauthenticated);
    assert.doesNotMatch(res.body, /<html/);
  });
});

describe('schema refusals', () => {
  test('a value of the wrong kind is named in words, in a page for a page and in JSON for an API call', async () => {
    const page = await shared.admin.inject({ url: '/admin/users?added=x' });
    assert.equal(page.statusCode, 400);
    assert.equal(pageMessage(page), 'The value of "added" must be a whole number.');
    const partial = await shared.admin.inject({ url: '/admin/users?added=x', headers: { 'hx-request': 'true' } });
    assert.equal(pageMessage(partial), 'The value of "added" must be a whole number.');
    assert.doesNotMatch(partial.body, /<html/);
    const json = await shared.admin.inject({ url: '/admin/users?added=0', headers: { accept: 'application/json' } });
    assert.equal(json.statusCode, 400);
    assert.equal(apiMessage(json), 'The value of "added" must be at least 1.');
  });

  test('an over-long or mistyped field of an API body is named in words', async () => {
    const long = await shared.admin.inject({ url: `/api/common/valid-username?username=${'x'.repeat(1001)}` });
    assert.equal(long.statusCode, 400);
    assert.equal(apiMessage(long), 'The value of "username" must be at most 1000 characters long.');
    const mistyped = await shared.admin.inject({ method: 'POST', url: '/api/admin/user-error', payload: { Status: 'five hundred' } });
    assert.equal(mistyped.statusCode, 400);
    assert.equal(apiMessage(mistyped), 'The value of "Status" must be a whole number.');
    const listed = await shared.admin.inject({ method: 'POST', url: '/api/admin/user-error', payload: [1, 2] });
    assert.equal(listed.statusCode, 400);
    assert.equal(apiMessage(listed), m.requestUnreadable);
  });
});

describe("the framework's refusals", () => {
  test('a bad URL escape gets the error page with the security headers, an API path JSON', async () => {
    const page = await shared.t.app.inject({ url: '/%FF' });
    assert.equal(page.statusCode, 400);
    assert.equal(pageMessage(page), m.requestBadUrl);
    assert.match(String(page.headers['content-security-policy']), /default-src 'self'/);
    assert.equal(page.headers['x-frame-options'], 'SAMEORIGIN');
    assert.ok(page.headers['x-app-version']);
    const api = await shared.t.app.inject({ url: '/api/%FF' });
    assert.equal(api.statusCode, 400);
    assert.equal(apiMessage(api), m.requestBadUrl);
    assert.ok(api.headers['content-security-policy']);
  });

  test('a body too large, of a content type nobody reads, or unparseable JSON is refused in words', async () => {
    const large = await postForm(shared.admin, '/admin/users/new', { FirstName: 'x'.repeat(1024 * 1024) });
    assert.equal(large.statusCode, 413);
    assert.equal(pageMessage(large), m.requestTooLarge);
    const xml = await shared.admin.inject({
      method: 'POST',
      url: '/admin/users/new',
      headers: { 'content-type': 'text/xml' },
      payload: '<user/>',
    });
    assert.equal(xml.statusCode, 415);
    assert.equal(pageMessage(xml), m.requestBadContentType);
    const json = await shared.admin.inject({
      method: 'POST',
      url: '/admin/users/new',
      headers: { 'content-type': 'application/json' },
      payload: '{"UserName":',
    });
    assert.equal(json.statusCode, 400);
    assert.equal(pageMessage(json), m.requestBadJson);
    const api = await shared.admin.inject({
      method: 'PATCH',
      url: '/api/stores',
      headers: { 'content-type': 'application/json' },
      payload: '{"StoreID":',
    });
    assert.equal(api.statusCode, 400);
    assert.equal(apiMessage(api), m.requestBadJson);
  });
});

describe('odd bytes and numbers', () => {
  test('a NUL byte in the sign-in user name is refused in words, not a 500', async () => {
    const form = await shared.t.app.inject({ url: '/login' });
    const token = /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
    const res = await shared.t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { cookie: cookieHeader(form), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: 'ad\0min', password: 'x', _csrf: token }).toString(),
    });
    assert.equal(res.statusCode, 400);
    assert.equal(pageMessage(res), m.requestBadCharacter);
  });

  test('a NUL byte in an error report is refused with JSON, and nothing is stored', async () => {
    const before = await shared.t.db.pool.query<{ n: number }>('select count(*)::int as n from user_errors');
    const res = await shared.admin.inject({ method: 'POST', url: '/api/admin/user-error', payload: { Message: 'broke\0here' } });
    assert.equal(res.statusCode, 400);
    assert.equal(apiMessage(res), m.requestBadCharacter);
    const after = await shared.t.db.pool.query<{ n: number }>('select count(*)::int as n from user_errors');
    assert.equal(after.rows[0]!.n, before.rows[0]!.n);
  });

  test('a NUL byte in the new-user form, in a value or a field name, is refused in words and adds nobody', async () => {
    for (const fields of [
      { ...newUser, FirstName: 'Od\0d' },
      { ...newUser, 'First\0Name': 'Odd' },
    ]) {
      const res = await postForm(shared.admin, '/admin/users/new', fields);
      assert.equal(res.statusCode, 400);
      assert.equal(pageMessage(res), m.requestBadCharacter);
    }
    const stored = await shared.t.db.pool.query(`select 1 from users where user_name = 'odd.bytes'`);
    assert.equal(stored.rowCount, 0);
  });

  test('a NUL byte in a JSON body nested deep is found', async () => {
    const depth = 100_000;
    const deep = `{"UserName":${'['.repeat(depth)}"x\\u0000"${']'.repeat(depth)}}`;
    const res = await shared.admin.inject({
      method: 'POST',
      url: '/admin/users/new',
      headers: { 'content-type': 'application/json' },
      payload: deep,
    });
    assert.equal(res.statusCode, 400);
    assert.equal(pageMessage(res), m.requestBadCharacter);
  });

  test('a store id beyond PostgreSQL integers in the report form is a 400 in words, whole page or panel', async () => {
    const query = new URLSearchParams({
      report: 'sales-by-store',
      FromDate: '01/01/2025',
      ToDate: '31/01/2025',
      stores: '[3000000000]',
      format: 'HTML4.0',
    });
    // The store selection's reader refuses it before any SQL (server/params/stores-param.ts).
    const page = await shared.admin.inject({ url: `/reports?${query}` });
    assert.equal(page.statusCode, 400);
    assert.equal(pageMessage(page), m.tableBadStores);
    const panel = await shared.admin.inject({
      url: `/reports?${query}`,
      headers: { 'hx-request': 'true', 'hx-target': 'section#report-result' },
    });
    assert.equal(panel.statusCode, 400);
    assert.equal(pageMessage(panel), m.tableBadStores);
  });
});
