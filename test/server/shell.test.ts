// The app shell and the operational basics: layout, headers, fragments, health, static assets, errors.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { useTestApp, signIn } from '../support/app.ts';

const shared = useTestApp('admin');

describe('the shell', () => {
  test('a full page has the user name, group, instances, the CSRF meta tag and the content area', async () => {
    const res = await shared.admin.inject({ url: '/' });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<meta name="csrf-token" content="[\w-]{20,}">/);
    assert.match(res.body, /id="user-full-name">Avery Administrator</);
    assert.match(res.body, /Headquarters · PROD, TRAIN/);
    assert.match(res.body, /<main id="main" hx-history-elt tabindex="-1"( data-store-selector)?>/);
    assert.match(res.body, /id="menu-toggle"/);
    assert.match(res.body, /id="store-selector"/);
  });

  test('a partial request gets only the title and the content area, with version and URL headers', async () => {
    const res = await shared.admin.inject({ url: '/states?x=1', headers: { 'hx-request': 'true', 'hx-target': 'main#main' } });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /^<title>States · Backroom<\/title><main id="main" hx-history-elt tabindex="-1">/);
    assert.doesNotMatch(res.body, /<html|<nav/);
    assert.equal(res.headers['hx-push-url'], '/states?x=1');
    assert.equal(res.headers['x-app-version'], shared.t.app.assets.version);
    assert.match(String(res.headers.vary), /HX-Request/);
  });

  test('a history-restore miss (no HX-Request) gets the whole page', async () => {
    const res = await shared.admin.inject({ url: '/states', headers: { 'hx-history-restore-request': 'true' } });
    assert.match(res.body, /<!doctype html>/);
  });

  test('pjax requests are answered the same way, with pjax headers', async () => {
    const res = await shared.admin.inject({ url: '/cycles', headers: { 'x-pjax': 'true', 'x-pjax-container': '#main' } });
    assert.match(res.body, /^<title>Cycles/);
    assert.equal(res.headers['x-pjax-url'], '/cycles');
    assert.equal(res.headers['x-pjax-version'], shared.t.app.assets.version);
  });

  test('the header escapes what users typed', async () => {
    await shared.t.db.pool.query(`update users set first_name = '<script>alert(1)</script>' where user_name = 'analyst'`);
    const analyst = await signIn(shared.t.app, 'analyst');
    const res = await analyst.inject({ url: '/' });
    assert.doesNotMatch(res.body, /<script>alert/);
    assert.match(res.body, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  });

  test('the store list offers only the stores the user may see', async () => {
    const all = (await shared.admin.inject({ url: '/api/common/stores' })).json() as Array<{ StoreID: number }>;
    const analyst = await signIn(shared.t.app, 'analyst');
    const ne = (await analyst.inject({ url: '/api/common/stores' })).json() as Array<{ StoreID: number }>;
    const expected = await shared.t.db.pool.query(
      `select count(*)::int as n from stores s join groups g using (group_id) where g.code = 'NE'`,
    );
    assert.equal(ne.length, expected.rows[0].n);
    assert.ok(ne.length > 0 && ne.length < all.length);
    assert.equal(all.length, (await shared.t.db.pool.query('select count(*)::int as n from stores')).rows[0].n);
  });
});

describe('security headers and errors', () => {
  test('pages carry a Content-Security-Policy without inline scripts', async () => {
    const res = await shared.admin.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.doesNotMatch(res.body, /<script>(?!<\/script>)/);
  });

  test('API answers, errors and the sign-in page carry the same security headers as pages', async () => {
    const page = await shared.admin.inject({ url: '/' });
    for (const res of [
      await shared.admin.inject({ url: '/api/common/current-user' }),
      await shared.admin.inject({ url: '/api/no-such-call' }),
      await shared.t.app.inject({ url: '/login' }),
    ]) {
      for (const name of [
        'content-security-policy',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'strict-transport-security',
      ]) {
        assert.equal(res.headers[name], page.headers[name], name);
      }
    }
    assert.equal(page.headers['x-frame-options'], 'SAMEORIGIN');
    assert.match(String(page.headers['content-security-policy']), /frame-ancestors 'self'/);
  });

  test('an unknown page is a readable 404, an unknown API call a JSON 404', async () => {
    const page = await shared.admin.inject({ url: '/no-such-page' });
    assert.equal(page.statusCode, 404);
    assert.match(page.body, /This page does not exist\./);
    const api = await shared.admin.inject({ url: '/api/no-such-call' });
    assert.equal(api.statusCode, 404);
    assert.deepEqual(api.json(), { error: 'This page does not exist.' });
  });

  test('a server failure answers a plain message, never a stack trace', async () => {
    await shared.t.db.pool.query('alter table states rename to states_gone');
    try {
      const res = await shared.admin.inject({ url: '/states' });
      assert.equal(res.statusCode, 500);
      assert.match(res.body, /Something went wrong on the server/);
      assert.doesNotMatch(res.body, /at .*\.ts:\d+|states_gone|relation/);
    } finally {
      await shared.t.db.pool.query('alter table states_gone rename to states');
    }
  });
});

describe('operations', () => {
  test('/healthz answers without a session when the database is reachable', async () => {
    const res = await shared.t.app.inject({ url: '/healthz' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().status, 'ok');
  });

  test('hashed static assets are cached immutably and compressed', async () => {
    const js = shared.t.app.assets.url('app.js');
    assert.match(js, /\/static\/build\/app-[A-Z0-9]+\.js$/);
    const res = await shared.t.app.inject({ url: js, headers: { 'accept-encoding': 'gzip' } });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['cache-control']), /immutable/);
    assert.equal(res.headers['content-encoding'], 'gzip');
  });

  test('pages are compressed for clients that accept it', async () => {
    const res = await shared.admin.inject({ url: '/', headers: { 'accept-encoding': 'br, gzip' } });
    assert.match(String(res.headers['content-encoding']), /br|gzip/);
  });
});
