// Sign-in limits through HTTP: tries are throttled per user name and address with growing delays (429 with
// Retry-After and the wait in words), failures never refuse a right password from another address, parallel
// tries cannot slip past the count, and behind a proxy only the address the proxy saw is counted.
import { after, before, beforeEach, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { useTestApp, createTestApp, cookieHeader, DEMO_PASSWORD, type TestApp } from '../support/app.ts';
import { readConfig } from '../../server/config.ts';
import { defaultMessages as m, fill } from '../../server/messages.ts';

const shared = useTestApp();
beforeEach(async () => {
  await shared.t.db.pool.query('delete from login_attempts');
});

interface From {
  address?: string;
  headers?: Record<string, string>;
}

/** The sign-in form's CSRF cookie and token, as one browser holds them (reusable for several tries). */
async function loginForm(app: FastifyInstance) {
  const form = await app.inject({ url: '/login' });
  return { cookie: cookieHeader(form), token: /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1] ?? '' };
}

async function tryToSignIn(username: string, password: string, { address = '127.0.0.1', headers = {} }: From = {}, app = shared.t.app) {
  const { cookie, token } = await loginForm(app);
  return app.inject({
    method: 'POST',
    url: '/login',
    remoteAddress: address,
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams({ username, password, _csrf: token }).toString(),
  });
}

async function failTimes(n: number, username: string, from: From = {}) {
  for (let i = 0; i < n; i++) assert.equal((await tryToSignIn(username, 'wrong', from)).statusCode, 401, `failure ${i + 1} is checked`);
}

/** The wait a throttled answer gives, after checking it says so in the header and in words. */
function throttledFor(res: LightMyRequestResponse): number {
  assert.equal(res.statusCode, 429);
  const seconds = Number(res.headers['retry-after']);
  assert.ok(Number.isInteger(seconds) && seconds > 0, `Retry-After ${res.headers['retry-after']}`);
  const words = seconds < 120 ? fill(m.signInThrottledSeconds, [seconds]) : fill(m.signInThrottled, [Math.ceil(seconds / 60)]);
  assert.ok(res.body.includes(words), words);
  assert.match(res.body, /<form method="post" action="\/login"/, 'the form, to try again');
  return seconds;
}

/** Moves every recorded try this many seconds into the past: the server's clock, as if the time had passed. */
async function letTimePass(seconds: number) {
  await shared.t.db.pool.query(`update login_attempts set attempted_at = attempted_at - make_interval(secs => $1)`, [seconds]);
}

describe('throttling per user name and address', () => {
  test('after five failures, a further try from that address waits, even with the right password', async () => {
    await failTimes(shared.t.config.limits.signIn.freeTries, 'trainee', { address: '10.0.0.1' });
    const seconds = throttledFor(await tryToSignIn('trainee', DEMO_PASSWORD, { address: '10.0.0.1' }));
    assert.ok(seconds <= shared.t.config.limits.signIn.firstDelaySeconds);
  });

  test('failures from one address do not refuse the right password from another', async () => {
    await failTimes(shared.t.config.limits.signIn.freeTries, 'clerk', { address: '10.0.0.1' });
    assert.equal((await tryToSignIn('clerk', DEMO_PASSWORD, { address: '10.0.0.1' })).statusCode, 429);
    assert.equal((await tryToSignIn('clerk', DEMO_PASSWORD, { address: '10.0.0.2' })).statusCode, 303);
  });

  test('a user name counts the same whatever its case and surrounding spaces', async () => {
    for (const name of ['clerk', 'CLERK', ' clerk ', 'Clerk', 'clerk\t']) {
      assert.equal((await tryToSignIn(name, 'wrong', { address: '10.0.0.3' })).statusCode, 401);
    }
    assert.equal((await tryToSignIn('cLeRk', DEMO_PASSWORD, { address: '10.0.0.3' })).statusCode, 429);
  });

  test('each further failure doubles the wait, up to fifteen minutes', async () => {
    const from = { address: '10.0.0.4' };
    await failTimes(shared.t.config.limits.signIn.freeTries, 'analyst', from);
    // Delays of 30 s, 1, 2, 4, 8 and 15 minutes, then 15 again.
    for (let extra = 0; extra < 7; extra++) {
      const expected = Math.min(
        shared.t.config.limits.signIn.longestDelaySeconds,
        shared.t.config.limits.signIn.firstDelaySeconds * 2 ** extra,
      );
      const waited = throttledFor(await tryToSignIn('analyst', 'wrong', from));
      assert.ok(waited <= expected && waited > expected - 10, `waits about ${expected} s, not ${waited} s`);
      await letTimePass(waited);
      await failTimes(1, 'analyst', from);
    }
  });

  test('a right password, once its wait is over, signs in and makes the next failures free again', async () => {
    const from = { address: '10.0.0.5' };
    await failTimes(shared.t.config.limits.signIn.freeTries, 'analyst', from);
    await letTimePass(throttledFor(await tryToSignIn('analyst', DEMO_PASSWORD, from)));
    assert.equal((await tryToSignIn('analyst', DEMO_PASSWORD, from)).statusCode, 303);
    await failTimes(shared.t.config.limits.signIn.freeTries, 'analyst', from);
  });

  test('many failures from one address, for many user names, refuse no one there', async () => {
    const from = { address: '10.0.0.6' };
    for (let i = 0; i < 25; i++) await failTimes(1, `nobody${i}`, from);
    assert.equal((await tryToSignIn('analyst', DEMO_PASSWORD, from)).statusCode, 303);
  });
});

describe('a user name under attack from many addresses', () => {
  beforeEach(async () => {
    // Failures for clerk from everywhere, as other app instances would have recorded them.
    await shared.t.db.pool.query(
      `insert into login_attempts (user_name, address, succeeded) select 'clerk', '192.0.2.' || i, false from generate_series(1, $1) i`,
      [shared.t.config.limits.signIn.userUnderAttack],
    );
  });

  test('the right password from an address with no failures still signs in', async () => {
    assert.equal((await tryToSignIn('Clerk', DEMO_PASSWORD, { address: '10.1.0.1' })).statusCode, 303);
  });

  test('each address gets one free try, then waits', async () => {
    const from = { address: '10.1.0.2' };
    await failTimes(shared.t.config.limits.signIn.freeTriesUnderAttack, 'clerk', from);
    throttledFor(await tryToSignIn('clerk', DEMO_PASSWORD, from));
    // Another user name from the same address is not under attack: five free tries as ever.
    await failTimes(shared.t.config.limits.signIn.freeTries, 'analyst', from);
  });
});

describe('parallel tries', () => {
  test('a burst of 60 parallel tries for one user from one address has only the free tries checked', async () => {
    const { cookie, token } = await loginForm(shared.t.app);
    const burst = await Promise.all(
      Array.from({ length: 60 }, () =>
        shared.t.app.inject({
          method: 'POST',
          url: '/login',
          remoteAddress: '10.2.0.1',
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ username: 'trainee', password: 'wrong', _csrf: token }).toString(),
        }),
      ),
    );
    const statuses = burst.map((r) => r.statusCode);
    assert.equal(statuses.filter((s) => s === 401).length, shared.t.config.limits.signIn.freeTries, 'checked');
    assert.equal(statuses.filter((s) => s === 429).length, 60 - shared.t.config.limits.signIn.freeTries, 'told to wait');
    const recorded = await shared.t.db.pool.query(`select count(*)::int as n from login_attempts where address = '10.2.0.1'`);
    assert.equal(recorded.rows[0].n, shared.t.config.limits.signIn.freeTries);
    assert.equal((await tryToSignIn('trainee', DEMO_PASSWORD, { address: '10.2.0.1' })).statusCode, 429);
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  let proxied: TestApp;
  before(async () => {
    proxied = await createTestApp({ trustProxy: readConfig({ TRUST_PROXY: '1' }).trustProxy });
  });
  after(() => proxied?.close());

  const proxy = '10.9.0.1';
  async function countedAddresses(): Promise<string[]> {
    const rows = await proxied.db.pool.query<{ address: string }>('select distinct address from login_attempts order by address');
    return rows.rows.map((r) => r.address);
  }

  test('TRUST_PROXY=1 believes the one address the proxy added, not what the client wrote before it', async () => {
    const res = await tryToSignIn(
      'nobody',
      'wrong',
      { address: proxy, headers: { 'x-forwarded-for': '203.0.113.7, 198.51.100.4' } },
      proxied.app,
    );
    assert.equal(res.statusCode, 401);
    assert.deepEqual(await countedAddresses(), ['198.51.100.4']);
  });

  test('a client rotating a forged left-most X-Forwarded-For is still throttled as one address', async () => {
    for (let i = 0; i <= shared.t.config.limits.signIn.freeTries; i++) {
      const res = await tryToSignIn(
        'trainee',
        'wrong',
        { address: proxy, headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.5` } },
        proxied.app,
      );
      assert.equal(res.statusCode, i < shared.t.config.limits.signIn.freeTries ? 401 : 429, `try ${i + 1}`);
    }
  });

  test('TRUST_PROXY may name the proxies: a forwarded address is believed only when one of them sent it', async () => {
    const named = await createTestApp({ trustProxy: readConfig({ TRUST_PROXY: '10.9.0.0/24, 10.8.0.7' }).trustProxy });
    try {
      const via = (address: string) =>
        tryToSignIn('nobody', 'wrong', { address, headers: { 'x-forwarded-for': '203.0.113.9, 198.51.100.6' } }, named.app);
      await via('10.9.0.3');
      await via('10.8.0.7');
      await via('10.7.0.1');
      const rows = await named.db.pool.query<{ address: string }>('select address from login_attempts order by attempt_id');
      // Through named proxies the address before them is believed; the forged one further left never is.
      assert.deepEqual(
        rows.rows.map((r) => r.address),
        ['198.51.100.6', '198.51.100.6', '10.7.0.1'],
      );
    } finally {
      await named.close();
    }
  });

  test('TRUST_PROXY reads a hop count, a list of proxies, or nothing', () => {
    assert.equal(readConfig({}).trustProxy, false);
    assert.equal(readConfig({ TRUST_PROXY: '0' }).trustProxy, false);
    assert.equal(readConfig({ TRUST_PROXY: 'true' }).trustProxy, 1);
    assert.equal(readConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(readConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16' }).trustProxy, ['10.0.0.1', '10.1.0.0/16']);
  });
});
