// Where sign-in sends the user afterwards (`next`): only a path on this site, percent-encoded into a valid
// Location header, whatever the string; a bad or over-long `next` goes home and never refuses the sign-in.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { useTestApp, cookieHeader, ADMIN_PASSWORD } from '../support/app.ts';
import { MAX_NEXT_LENGTH, safeNext } from '../../server/auth/safe-next.ts';

const shared = useTestApp('admin');
const ORIGIN = 'https://backroom.example';

/** A Location a browser opens on this site: a path of printable ASCII that no reading turns into another host. */
function assertSameSitePath(location: unknown, next: string): void {
  assert.equal(typeof location, 'string', JSON.stringify(next));
  const path = location as string;
  assert.match(path, /^\/(?![/\\])[\x21-\x7e]*$/, `${JSON.stringify(next)} gave ${JSON.stringify(path)}`);
  assert.equal(new URL(path, ORIGIN).origin, ORIGIN, `${JSON.stringify(next)} gave ${JSON.stringify(path)}`);
  assert.ok(path.length <= MAX_NEXT_LENGTH);
}

async function signInWithNext(next: string) {
  const form = await shared.t.app.inject({ url: '/login' });
  const token = /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '';
  return shared.t.app.inject({
    method: 'POST',
    url: '/login',
    headers: { cookie: cookieHeader(form), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD, _csrf: token, next }).toString(),
  });
}

/** Every UTF-8 byte of `text` percent-encoded: any string fits in a query this way. */
function queryValue(text: string): string {
  return [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
}

/** Visiting /login already signed in sends the user on to `next`. */
function visitSignedIn(next: string) {
  return shared.admin.inject({ url: `/login?next=${queryValue(next)}` });
}

// Strings built to look like paths and hosts, with the bytes browsers and parsers treat specially.
const tricky = fc
  .tuple(
    fc.constantFrom('', '/', '//', '/\\', '\\\\', '/\t/', '/.//', '/a/..//', 'http://', 'https:', 'javascript:', ' /', '\r\n/', '/%2F'),
    fc.string({
      unit: fc.constantFrom('/', '\\', '.', ':', '@', '?', '#', '%', 'a', 'é', '€', '\t', '\r', '\n', '\0', ' ', '\u2028', '\ud800'),
    }),
  )
  .map(([start, rest]) => start + rest);
const anyNext = fc.oneof(
  tricky,
  fc.string({ unit: 'binary' }),
  fc.webUrl(),
  fc.string({ unit: 'binary', minLength: 1990, maxLength: 2010 }),
);

describe('next after signing in', () => {
  test('a same-site path with its query and fragment is kept', async () => {
    const res = await signInWithNext('/stores?x=1&y=%20#top');
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, '/stores?x=1&y=%20#top');
  });

  test('what a browser would read as another site goes home: tabs, backslashes, dot segments, schemes', async () => {
    const tab = await shared.admin.inject({ url: '/login?next=/%09/evil.example/path' });
    assert.equal(tab.headers.location, '/');
    for (const next of [
      '/\t/evil.example/path',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/.//evil.example',
      '/a/..//evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      ' //evil.example',
    ]) {
      const res = await visitSignedIn(next);
      assert.equal(res.statusCode, 303, JSON.stringify(next));
      assert.equal(res.headers.location, '/', JSON.stringify(next));
    }
  });

  test('line breaks and characters above U+00FF give a percent-encoded path, not a server error', async () => {
    const crlf = await visitSignedIn('/stores\r\nSet-Cookie: x=1');
    assert.equal(crlf.statusCode, 303);
    assert.equal(crlf.headers.location, '/storesSet-Cookie:%20x=1');
    assert.equal(crlf.headers['set-cookie'], undefined);
    const wide = await signInWithNext('/stores/ü€?q=☃');
    assert.equal(wide.statusCode, 303);
    assert.equal(wide.headers.location, '/stores/%C3%BC%E2%82%AC?q=%E2%98%83');
  });

  test('an over-long next is dropped: the sign-in succeeds and goes home', async () => {
    const res = await signInWithNext(`/${'a'.repeat(5000)}`);
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, '/');
    assert.ok(
      res.cookies.find((c) => c.name === 'backroom_sid'),
      'signed in',
    );
  });

  test('the sign-in form carries only a safe next forward', async () => {
    const signedOut = await shared.t.app.inject({ url: `/login?next=${queryValue('/\t/evil.example/x')}` });
    assert.equal(signedOut.statusCode, 200);
    assert.match(signedOut.body, /name="next" value="\/"/);
    const long = await shared.t.app.inject({ url: `/login?next=/${'b'.repeat(3000)}` });
    assert.match(long.body, /name="next" value="\/"/);
  });

  test('any string as next yields a Location that is a path on this site (safeNext itself)', () => {
    fc.assert(
      fc.property(anyNext, (next) => assertSameSitePath(safeNext(next), next)),
      { numRuns: 5000 },
    );
  });

  test('any string as next, through HTTP, is answered with a same-site Location and never a server error', async () => {
    await fc.assert(
      fc.asyncProperty(anyNext, async (next) => {
        const res = await visitSignedIn(next);
        assert.equal(res.statusCode, 303, JSON.stringify(next));
        assertSameSitePath(res.headers.location, next);
      }),
      { numRuns: 300 },
    );
    await fc.assert(
      fc.asyncProperty(anyNext, async (next) => {
        const res = await signInWithNext(next);
        assert.equal(res.statusCode, 303, JSON.stringify(next));
        assertSameSitePath(res.headers.location, next);
      }),
      { numRuns: 25 },
    );
  });
});
