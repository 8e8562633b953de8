// Property tests over every route the app registers (listed as it registers them, so a new route is covered
// without a word here): random bytes, NULs, huge numbers, long strings and odd escapes as the query, the path
// and the body (form, JSON or anything else) of each method a route accepts. Whatever is sent, the answer
// is never a 5xx, always carries the security headers (and no-store), and a refusal comes in the shape of the request:
// HTML for a page, JSON for an API call.
// Requests go over a real socket, not app.inject: a random request may start a whole export, and only a
// client that hangs up after the headers lets the server stop it (as a browser does).
import { after, before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../support/app.ts';
import { resources } from '../../server/resources/index.ts';
import { newUserFields } from '../../server/routes/admin/users/new-user-form.ts';
import { reports } from '../../server/reports/registry.ts';
import { hostileDate } from '../support/hostile-dates.ts';

interface Route {
  method: string;
  url: string;
  opensInBrowser: boolean;
}

const routes: Route[] = [];
const valueNames = new Set<string>(['next', 'stores', 'field', 'search', 'format', 'draw', 'start', 'length', '_csrf']);
for (const r of resources) for (const f of r.fields) valueNames.add(f.name);
for (const f of [...newUserFields, ...reports.flatMap((r) => r.parameters.fields)]) valueNames.add(f.name);
for (const name of ['report', 'name', 'folder', 'parameters', 'filename', 'maingroup', 'subgroup']) valueNames.add(name);
// Where a list carries dates and times: a group's values, a column's filter in each dialect, the search's day.
for (const name of ['group', 'columns[0][data]', 'columns[0][search][value]', 'mDataProp_0', 'sSearch_0', 'search[value]'])
  valueNames.add(name);

/** Collects each route and the value names its schemas declare. */
function listRoute(route: RouteOptions): void {
  // The production set of routes: the test support adds its pages after the app (one answers any status asked for).
  if (route.url.startsWith('/test/')) return;
  for (const method of [route.method].flat())
    routes.push({ method, url: route.url, opensInBrowser: route.config?.opensInBrowser === true });
  const schema = route.schema as Record<string, { properties?: Record<string, unknown> } | undefined> | undefined;
  for (const part of ['querystring', 'body', 'params'])
    for (const name of Object.keys(schema?.[part]?.properties ?? {})) valueNames.add(name);
}

let t: TestApp;
let admin: SignedIn;
let port: number;

before(async () => {
  t = await createTestApp({}, { onRoute: listRoute });
  admin = await signIn(t.app, 'admin');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
});
after(() => t?.close());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body was longer than the test reads (an export): it hung up after the first part. */
  cut: boolean;
}

const READ_AT_MOST = 256 * 1024;

function send(method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const answer = (cut: boolean) =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), cut });
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size > READ_AT_MOST) {
          res.destroy();
          answer(true);
        }
      });
      res.on('end', () => answer(false));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** As a browser encodes text into a URL: a lone surrogate half (which UTF-8 cannot hold) becomes U+FFFD. */
const encode = (text: string) => encodeURIComponent(Buffer.from(text).toString());

// Values as text: what people never type, numbers no column holds, long and odd text.
const oddText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '99999999999999999999999',
    '3000000000',
    '-2147483649',
    '9223372036854775808',
    '1e308',
    '1e400',
    '-0',
    'NaN',
    'Infinity',
    '0x10',
    '1.5',
    ' 12 ',
    '١٢',
    '😀',
    '\uFFFF',
    '\uD800',
    '<script>alert(1)</script>',
    "'; drop table users; --",
    '[3000000000]',
    '[1,"x"]',
    '{"a":1}',
    'null',
    'true',
    '',
    ' ',
    '31/02/2025',
    '01/01/0001',
    '99/99/9999',
    '2025-01-01',
    '//evil.example/x',
    '/\t/evil.example',
    'x'.repeat(1001),
    'x'.repeat(5000),
    '__proto__',
    'constructor',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: -5, max: 3000 }).map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  // Dates and times past what JavaScript or PostgreSQL hold, alone and as a group's JSON list.
  hostileDate,
  hostileDate.map((value) => JSON.stringify([value])),
);
// Mixed with values a form or a table would send, so that requests also get past the first check.
const plainText = fc.constantFrom(
  '1',
  '2',
  '25',
  '0',
  '-1',
  'asc',
  'desc',
  'true',
  'csv',
  'xlsx',
  'Name',
  'a',
  'admin',
  '01/01/2025',
  '31/01/2025',
  '[1,2]',
  // The time and date columns, so that a group or filter value reaches one.
  'CreatedAt',
  'CreateDate',
  'At',
  'SaleDate',
);
const hostileText = fc.oneof({ arbitrary: oddText, weight: 2 }, { arbitrary: plainText, weight: 1 });

// Escapes written into a URL or form body as they are, undecoded: broken, overlong, NUL, surrogate halves.
const oddEscape = fc.constantFrom(
  '%',
  '%F',
  '%FF',
  '%zz',
  '%00',
  '%C0%AF',
  '%C3%28',
  '%ED%A0%80',
  '%F0%9F%98',
  '+',
  '%2B',
  '&',
  '=',
  '[]',
  '[0][x]',
  '%5B%5D',
);

const valueName = fc.oneof(
  fc.constantFrom(...valueNames),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('a[b]', 'a[0][b]', '__proto__', 'x\u0000'),
);

/** Query or form pairs, written as a browser would (encoded) or with odd escapes spliced in as they are. */
const encodedPairs = fc
  .tuple(fc.array(fc.tuple(valueName, hostileText), { maxLength: 6 }), fc.array(fc.tuple(fc.boolean(), oddEscape), { maxLength: 2 }))
  .map(([pairs, odd]) => {
    const parts = pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`);
    for (const [asName, oddEscape] of odd) parts.push(asName ? `${oddEscape}=1` : `${encode(pairs[0]?.[0] ?? 'x')}=${oddEscape}`);
    return parts.join('&');
  });

const jsonValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileText,
    fc.constantFrom(1e23, -1, 0, 3000000000, 2 ** 53 + 1, 1.5, true, false, null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(valueName, tie('value'), { maxKeys: 3 }),
  ),
})).value;

interface Body {
  type?: string;
  bytes: Buffer;
}

const body: fc.Arbitrary<Body | undefined> = fc.oneof(
  fc.constant(undefined),
  encodedPairs.map((text) => ({ type: 'application/x-www-form-urlencoded', bytes: Buffer.from(text) })),
  fc.dictionary(valueName, jsonValue, { maxKeys: 8 }).map((obj) => ({ type: 'application/json', bytes: Buffer.from(JSON.stringify(obj)) })),
  jsonValue.map((v) => ({ type: 'application/json', bytes: Buffer.from(JSON.stringify(v) ?? '') })),
  fc
    .constantFrom('{"a":', '{"n": 99999999999999999999999}', '{"__proto__": {"x": 1}}', '[', '')
    .map((text) => ({ type: 'application/json', bytes: Buffer.from(text) })),
  fc
    .tuple(
      fc.constantFrom(
        'text/plain',
        'application/xml',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'application/x-www-form-urlencoded',
      ),
      fc.uint8Array({ maxLength: 200 }),
    )
    .map(([type, bytes]) => ({ type, bytes: Buffer.from(bytes) })),
  fc.constant({ type: 'application/x-www-form-urlencoded', bytes: Buffer.from(`a=${'x'.repeat(200_000)}`) }),
);

/** A path for the route: parameters and wildcards filled with odd text, sometimes an odd escape added. */
function pathFor(url: string, filler: string, oddEscape: string | null): string {
  const path = url.replace(/:\w+|\*/g, () => encode(filler) || 'x');
  return oddEscape ? `${path}${oddEscape}` : path;
}

const requestShape = fc.record({
  accept: fc.constantFrom(undefined, 'text/html,application/xhtml+xml', '*/*', 'application/json', 'text/plain'),
  partial: fc.boolean(),
  query: fc.option(encodedPairs, { nil: undefined }),
  filler: hostileText,
  escape: fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: oddEscape, weight: 1 }),
  body,
});

type Shape = typeof requestShape extends fc.Arbitrary<infer S> ? S : never;

function headersFor(shape: Shape, cookie: string | null, method: string): Record<string, string> {
  const headers: Record<string, string> = {};
  if (cookie) {
    headers.cookie = cookie;
    if (method !== 'GET' && method !== 'HEAD') headers['x-csrf-token'] = admin.csrf;
  }
  if (shape.accept) headers.accept = shape.accept;
  if (shape.partial) headers['hx-request'] = 'true';
  if (shape.body && method !== 'GET' && method !== 'HEAD') {
    if (shape.body.type) headers['content-type'] = shape.body.type;
    headers['content-length'] = String(shape.body.bytes.length);
  }
  return headers;
}

async function check(route: Route, shape: Shape, cookie: string | null): Promise<void> {
  const path = pathFor(route.url, shape.filler, shape.escape) + (shape.query ? `?${shape.query}` : '');
  const withBody = route.method !== 'GET' && route.method !== 'HEAD' ? shape.body?.bytes : undefined;
  const res = await send(route.method, path, headersFor(shape, cookie, route.method), withBody);
  const what = `${route.method} ${path.slice(0, 300)} -> ${res.status} ${String(res.headers['content-type'])}: ${res.body.slice(0, 300)}`;
  assert.ok(res.status < 500, what);
  assert.match(String(res.headers['content-security-policy']), /default-src 'self'/, what);
  // Kept by no browser (test/server/no-store.test.ts), however odd the request; static files say their own.
  if (!route.url.startsWith('/static/') && route.url !== '/favicon.ico') assert.equal(res.headers['cache-control'], 'no-store', what);
  if (res.status < 400) return;
  const type = String(res.headers['content-type']);
  const api = path.startsWith('/api/') || (shape.accept ?? '').startsWith('application/json');
  // A call a browser also opens in a tab (the PDF stream) answers a browser asking for HTML with a page, once
  // the request has reached it (an odd escape added to its path is refused before any route is found).
  const openedInTab = route.opensInBrowser && shape.escape === null && (shape.accept ?? '').startsWith('text/html');
  // The forms a route draws again for the person (a 422 with each field's message, the sign-in form's own
  // refusals and the password form's, throttled alike) are pages whatever the Accept header says; everything
  // refused on the way is in its shape.
  const throttledForm = route.url === '/login' || route.url === '/account/password';
  const ownForm = !path.startsWith('/api/') && (res.status === 422 || throttledForm) && type.startsWith('text/html');
  if (api && !ownForm && !openedInTab) {
    assert.match(type, /^application\/json/, what);
    if (route.method === 'HEAD') return;
    const answer = JSON.parse(res.body) as Record<string, unknown>;
    // { error }, or a table list's refusal in its dialect (sError / error), or a change's: refused whole
    // (Error) or row by row (Failed, each with its reason: a change no row of which went in).
    const rowsRefused = Array.isArray(answer.Failed) && answer.Failed.length > 0;
    assert.ok([answer.error, answer.sError, answer.Error].some((e) => typeof e === 'string' && e.length > 0) || rowsRefused, what);
  } else {
    assert.match(type, /^text\/html/, what);
    if (route.method !== 'HEAD' && !ownForm) assert.match(res.body, /<title>[^<]+<\/title>/, what);
  }
  // Never the framework's or the validator's own words.
  assert.doesNotMatch(res.body, /FST_ERR|querystring\/|body\/|must be integer|is not a valid url component/, what);
}

describe('every route under random and hostile requests', () => {
  test('the app lists its routes: pages, forms and API calls of every method', () => {
    const methods = new Set(routes.map((r) => r.method));
    for (const m of ['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']) assert.ok(methods.has(m), m);
    for (const url of ['/login', '/admin/users/new', '/reports', '/api/admin/user-error', '/api/stores/export']) {
      assert.ok(
        routes.some((r) => r.url === url),
        url,
      );
    }
  });

  test('signed in as the administrator with a valid CSRF token: never a 5xx, always the shape of the request', async () => {
    // Signing out would leave the rest of the run signed out: /logout is sent without the session (below).
    const signedInRoutes = routes.filter((r) => r.url !== '/logout');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...signedInRoutes), requestShape, (route, shape) => check(route, shape, admin.cookie)),
      { numRuns: 600 },
    );
  });

  test('signed out: never a 5xx, always the shape of the request', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), requestShape, (route, shape) => check(route, shape, null)),
      { numRuns: 200 },
    );
  });
});
