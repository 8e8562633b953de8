// Request ids through HTTP: every answer says its request's id in X-Request-Id, a new one each time unless a
// proxy named in TRUST_PROXY gave a valid one; the log has one JSON line per request with the id, route
// pattern, status, time and user, and nothing of a password, token or cookie.
import { after, before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { cookieHeader, createTestApp, sessionOf, type TestApp } from '../support/app.ts';
import { ADMIN_PASSWORD } from '../support/template-db.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Every line the app logs, parsed. */
const lines: Array<Record<string, unknown>> = [];
const raw: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      raw.push(line);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  },
});

let t: TestApp;
before(async () => {
  t = await createTestApp({ trustProxy: ['10.0.0.2'] }, { logger: { level: 'info', stream } });
});
after(() => t?.close());

const requestLines = (id: string) => lines.filter((l) => l.requestId === id && l.msg === 'request');

describe('X-Request-Id', () => {
  test('every answer has a new id, pages, refusals and unknown addresses alike', async () => {
    const ids = new Set<string>();
    for (const url of ['/login', '/', '/no/such/page', '/api/stores']) {
      const res = await t.app.inject({ url });
      const id = res.headers['x-request-id'] as string;
      assert.match(id, UUID, url);
      ids.add(id);
    }
    assert.equal(ids.size, 4);
  });

  test("a trusted proxy's id is kept; anyone else's, or a malformed one, is not", async () => {
    const given = 'f3a9c1e2b4d5a6b7c8d9e0f1a2b3c4d5';
    const proxied = await t.app.inject({ url: '/login', remoteAddress: '10.0.0.2', headers: { 'x-request-id': given } });
    assert.equal(proxied.headers['x-request-id'], given);
    const direct = await t.app.inject({ url: '/login', remoteAddress: '10.0.0.9', headers: { 'x-request-id': given } });
    assert.match(direct.headers['x-request-id'] as string, UUID);
    for (const bad of ['a b', 'x'.repeat(129), '<script>', 'id\u00e9', '']) {
      const res = await t.app.inject({ url: '/login', remoteAddress: '10.0.0.2', headers: { 'x-request-id': bad } });
      assert.match(res.headers['x-request-id'] as string, UUID, JSON.stringify(bad));
    }
  });
});

describe('the request log', () => {
  test('one JSON line per request: id, route pattern, method, status, time and user', async () => {
    const form = await t.app.inject({ url: '/login' });
    const token = /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { cookie: cookieHeader(form), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD, _csrf: token }).toString(),
    });
    assert.equal(signedIn.statusCode, 303);
    const admin = await sessionOf(t.app, cookieHeader(signedIn));
    const userId = (await admin.inject({ url: '/api/common/current-user' })).json().ID as number;
    assert.ok(Number.isInteger(userId));
    const res = await admin.inject({ url: '/admin/user-errors/424242' });
    const id = res.headers['x-request-id'] as string;
    const [line, ...more] = requestLines(id);
    assert.equal(more.length, 0, 'one line');
    assert.equal(line?.route, '/admin/user-errors/:key');
    assert.equal(line?.method, 'GET');
    assert.equal(line?.status, res.statusCode);
    assert.equal(typeof line?.ms, 'number');
    assert.equal(line?.userId, userId);
    const anonymous = await t.app.inject({ url: '/no/such/page' });
    assert.equal(requestLines(anonymous.headers['x-request-id'] as string)[0]?.userId, null);
  });

  test('no password, token or cookie is ever written, whatever a request carries', async () => {
    const secrets = {
      password: 'Pa55word-in-the-form',
      cookie: 'session-cookie-value-1234',
      bearer: 'bearer-token-value-5678',
      query: 'query-token-value-9012',
      csrf: 'csrf-token-value-3456',
    };
    const form = await t.app.inject({ url: '/login' });
    const token = /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
    await t.app.inject({
      method: 'POST',
      url: `/login?token=${secrets.query}`,
      headers: { cookie: cookieHeader(form), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: 'admin', password: secrets.password, _csrf: token }).toString(),
    });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { cookie: cookieHeader(form), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD, _csrf: token }).toString(),
    });
    const sessionCookie = cookieHeader(signedIn);
    await t.app.inject({
      url: `/api/stores?access_token=${secrets.query}`,
      headers: {
        cookie: `${sessionCookie}; other=${secrets.cookie}`,
        authorization: `Bearer ${secrets.bearer}`,
        'x-csrf-token': secrets.csrf,
      },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/user-error?password=${secrets.query}`,
      headers: { cookie: `other=${secrets.cookie}`, authorization: `Bearer ${secrets.bearer}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ Message: 'x', Bogus: secrets.password }),
    });
    // A request that fails in the server (a body that is not JSON) is logged with its error.
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/user-error?token=${secrets.query}`,
      headers: { 'content-type': 'application/json', cookie: `other=${secrets.cookie}` },
      payload: `{"Message": "${secrets.password}`,
    });
    const log = raw.join('\n');
    assert.ok(log.length > 0);
    for (const [what, secret] of Object.entries({ ...secrets, admin: ADMIN_PASSWORD, session: sessionCookie.split('=')[1]! }))
      assert.ok(!log.includes(secret), `the ${what} is not in the log`);
  });
});
