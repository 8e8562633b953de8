// No answer of ours is kept by a browser or a proxy for the next person at a shared office PC: every route
// the app registers (listed as it registers them, so a new route is walked without a word here) answers with
// `Cache-Control: no-store`, whether it serves a page, JSON, a download or a refusal, signed in or out; only
// the static files (and the favicon, sent from them) say how long they may be kept. The routes the issue
// named (the current user, the stores, summaries and charts) are read back as a clerk would after an
// administrator signed out.
import { after, before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { RouteOptions } from 'fastify';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../support/app.ts';

interface Route {
  method: string;
  url: string;
}

const routes: Route[] = [];

function listRoute(route: RouteOptions): void {
  // The production set of routes: the test support adds its pages after the app.
  if (route.url.startsWith('/test/')) return;
  for (const method of [route.method].flat()) routes.push({ method, url: route.url });
}

/** Files whose route says how long they are kept. */
const keptFile = (url: string) => url.startsWith('/static/') || url === '/favicon.ico';

let t: TestApp;
let admin: SignedIn;

before(async () => {
  t = await createTestApp({}, { onRoute: listRoute });
  admin = await signIn(t.app, 'admin');
});
after(() => t?.close());

/** The route's path with each parameter a record that exists (the first of each table is id 1). */
const pathOf = (url: string) => url.replace(/:\w+/g, '1').replace(/\*/g, 'favicon.svg');

async function answerOf(route: Route, user: SignedIn | null) {
  const url = pathOf(route.url);
  const body = route.method === 'GET' || route.method === 'HEAD' ? undefined : {};
  const headers: Record<string, string> = { accept: url.startsWith('/api/') ? 'application/json' : 'text/html' };
  if (user) {
    headers.cookie = user.cookie;
    if (body) headers['x-csrf-token'] = user.csrf;
  }
  const res = await t.app.inject({ method: route.method as 'GET', url, headers, ...(body ? { payload: body } : {}) });
  return { what: `${route.method} ${url} -> ${res.statusCode}`, cacheControl: res.headers['cache-control'] };
}

describe('answers kept by no browser', () => {
  test('the app lists its routes', () => {
    assert.ok(routes.length > 40, `${routes.length} routes`);
    assert.ok(routes.some((r) => r.url === '/api/common/current-user'));
  });

  test('signed in: every route answers no-store, static files excepted', async () => {
    // /logout last: it ends the session the others use.
    const ordered = [...routes.filter((r) => r.url !== '/logout'), ...routes.filter((r) => r.url === '/logout')];
    for (const route of ordered) {
      const { what, cacheControl } = await answerOf(route, admin);
      if (keptFile(route.url)) assert.match(String(cacheControl), /^public, max-age=/, what);
      else assert.equal(cacheControl, 'no-store', what);
    }
    admin = await signIn(t.app, 'admin');
  });

  test('signed out: every route answers no-store, static files excepted', async () => {
    for (const route of routes) {
      const { what, cacheControl } = await answerOf(route, null);
      if (!keptFile(route.url)) assert.equal(cacheControl, 'no-store', what);
    }
  });

  test('what an administrator read is not there for the clerk who signs in next: each answer is no-store', async () => {
    const clerk = await signIn(t.app, 'clerk');
    const analyst = await signIn(t.app, 'analyst');
    for (const url of ['/api/common/current-user', '/api/common/stores', '/api/summaries/totals', '/api/charts/sales-per-cycle']) {
      for (const user of [admin, clerk, analyst]) {
        const res = await user.inject({ url });
        assert.equal(res.statusCode < 500, true, `${url}: ${res.statusCode}`);
        assert.equal(res.headers['cache-control'], 'no-store', url);
      }
    }
  });
});
