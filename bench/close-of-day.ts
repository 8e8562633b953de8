// Close of day (issue 36): a chain's 5,000 stores each send their day's sales through the feed
// (POST /api/feed/sales, a token per store, an Idempotency-Key per store and day) within one minute, then
// each request is sent again as a retry (a till that lost the answer). Against one app instance in its own
// process (`npm start`'s bundle) on PostgreSQL. Targets: all 5,000 days stored within 60 s of the last
// request, none lost, none doubled (one row per store and day, none written twice: each stored once at
// version 1, every retry answered from its key with the first answer). Printed beside them: the requests'
// latency and the server's processor time per request.
// A till whose request is answered 503 (the instance's feed queue full, FEED_AT_ONCE and FEED_QUEUE, or the
// server's connections all busy past their wait) or 429, or not at all, sends it again after Retry-After or a
// second, with the same key, as a till should; those are counted.
// Meanwhile BENCH_STAFF staff (200) browse as bench/load.ts's mix does, with 1 s think time, from the first
// request to the last retry: their p99 is held to 250 ms with 0 errors (BENCH_STAFF=0 leaves them out).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/close-of-day.ts
// BENCH_STORES (5000) and BENCH_SECONDS (60) change its size; its database is `backroom_close_of_day`.
// Each store's amounts vary as the seeded days' do (a chain's stores do not sell alike), so their writes meet
// on the kept totals' shared rows only as often as a chain's would; BENCH_AMOUNTS=uniform gives every store
// the same margin and near amounts, as this bench did first (every write then updates the same value rows).
// While it runs, pg_stat_activity is sampled: what the database's busy connections wait for, printed at the end.
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { openDatabase } from '../server/db/index.ts';
import { seedDemo } from '../server/demo/seed.ts';
import { addStoresUpTo } from '../server/demo/seed-stores.ts';
import { percentile, report } from './report.ts';
import { databaseCpuMs, startServer } from './server-process.ts';
import { sampleWaits } from './lib/db-waits.ts';
import { staffSessions } from './lib/bench-session.ts';
import { browse, byPath } from './lib/staff-browsing.ts';
import { click, roles, type Person, type Role } from './lib/staff-mix.ts';

const STORES = Number(process.env.BENCH_STORES ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const STAFF = Number(process.env.BENCH_STAFF ?? 200);
const UNIFORM = process.env.BENCH_AMOUNTS === 'uniform';
const PORT = process.env.BENCH_PORT ?? '3199';
const base = `http://127.0.0.1:${PORT}`;
const ADMIN_PASSWORD = 'bench-admin-password';
const TOKEN_NAME = 'close-of-day bench';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log('  close of day is measured on PostgreSQL: set DATABASE_URL (skipped)');
  process.exit(0);
}
const url = new URL(serverUrl);
url.pathname = '/postgres';
const admin = new pg.Client({ connectionString: url.toString() });
await admin.connect();
if (!(await admin.query(`select 1 from pg_database where datname = 'backroom_close_of_day'`)).rowCount)
  await admin.query('create database backroom_close_of_day');
await admin.end();
url.pathname = '/backroom_close_of_day';
const databaseUrl = url.toString();

// The chain, and yesterday without its sales (as at close of day), and no tokens of an earlier run.
const db = await openDatabase({ databaseUrl, dataDir: '' });
await seedDemo(db.pool, { adminPassword: ADMIN_PASSWORD, salesDays: 1 });
// A few of the stores added open later than yesterday: enough more that STORES of them were open.
await addStoresUpTo(db.pool, Math.ceil(STORES * 1.02));
const day = (await db.pool.query<{ day: string }>(`select to_char(current_date - 1, 'YYYY-MM-DD') as day`)).rows[0]!.day;
await db.pool.query('delete from sales where sale_date = $1', [day]);
await db.pool.query('delete from api_tokens where name like $1', [`${TOKEN_NAME}%`]);
const stores = (
  await db.pool.query<{ store_number: number; group_id: number }>(
    `select store_number, group_id from stores where open_date <= $1 order by store_id limit $2`,
    [day, STORES],
  )
).rows;
// The staff's sessions, of every kind in turn, made before the server opens them.
const people: Person[] = await staffSessions(db, Object.keys(roles) as Role[], STAFF);
await db.close();
console.log(`  PostgreSQL, ${stores.length} stores, the day ${day}; ${people.length} staff browsing meanwhile`);

const server = await startServer({
  DATABASE_URL: databaseUrl,
  ADMIN_PASSWORD,
  PORT,
  LOG_LEVEL: 'error',
  CONNECTIONS_PER_ADDRESS: '100000',
});
try {
  const session = await signIn();
  // A token per store, for its group's stores and daily sales only, issued as an administrator does.
  const tokens: string[] = [];
  for (let i = 0; i < stores.length; i += 16)
    tokens.push(
      ...(await Promise.all(
        stores.slice(i, i + 16).map(async (s, k) => {
          const res = await fetch(`${base}/api/tokens`, {
            method: 'POST',
            headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'content-type': 'application/json' },
            body: JSON.stringify({ Name: `${TOKEN_NAME} ${i + k}`, Tables: ['sales'], GroupID: s.group_id, ExpiresOn: '2099-12-31' }),
          });
          if (res.status !== 200) throw new Error(`token ${i + k}: ${res.status} ${await res.text()}`);
          return ((await res.json()) as { Data: Array<{ Token: string }> }).Data[0]!.Token;
        }),
      )),
    );
  console.log(`  issued ${tokens.length} tokens`);

  const bodies = stores.map((s, i) => JSON.stringify([{ StoreNumber: s.store_number, SaleDate: day, ...amounts(i) }]));
  interface Sent {
    ms: number;
    status: number;
    body: string;
    replayed: boolean;
    /** Attempts before the last: answers of 503 or 429, or no answer, after which the till sent it again. */
    again: number;
    error?: string;
  }
  /** A till's request: sent until answered other than 503 or 429 (waiting as told, or a second), always with its key. */
  const send = async (i: number): Promise<Sent> => {
    const began = performance.now();
    let again = 0;
    for (;;) {
      const sent = await attempt(i);
      if (![0, 429, 503].includes(sent.status) || again >= 20) return { ...sent, ms: performance.now() - began, again };
      again++;
      await sleep(1000 * Number(sent.retryAfter ?? 1) + Math.random() * 500);
    }
  };
  const attempt = async (i: number): Promise<Omit<Sent, 'ms' | 'again'> & { retryAfter?: string }> => {
    try {
      const res = await fetch(`${base}/api/feed/sales`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json', 'idempotency-key': `close-${day}-${i}` },
        body: bodies[i],
      });
      const body = await res.text();
      const retryAfter = res.headers.get('retry-after') ?? undefined;
      return { status: res.status, body, replayed: res.headers.get('idempotent-replayed') === 'true', retryAfter };
    } catch (err) {
      return { status: 0, body: '', replayed: false, error: (err as Error).message };
    }
  };
  /** Every store's request once, started evenly over SECONDS; what each was answered, and when the last was sent. */
  const round = async (): Promise<{ sent: Sent[]; lastSentAt: number }> => {
    const started = performance.now();
    const spacing = (SECONDS * 1000) / stores.length;
    let lastSentAt = 0;
    const sent = await Promise.all(
      stores.map(async (_, i) => {
        await sleep(i * spacing);
        lastSentAt = Math.max(lastSentAt, performance.now());
        return send(i);
      }),
    );
    console.log(`  ${stores.length} requests in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { sent, lastSentAt };
  };
  const storedCount = async (pool: pg.Pool) =>
    (
      await pool.query<{ n: number; versions: number }>(
        `select count(*)::int as n, coalesce(max(version), 0)::int as versions from sales where sale_date = $1`,
        [day],
      )
    ).rows[0]!;

  const check = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const cpuBefore = server.cpuMs();
  const pgCpuBefore = await databaseCpuMs(databaseUrl);
  const waits = sampleWaits(databaseUrl);
  const staff = browse(base, click, people);
  const first = await round();
  // Stored within: from the last request sent until every day is in the table.
  let storedAt = performance.now();
  for (;;) {
    if ((await storedCount(check)).n >= stores.length || performance.now() - first.lastSentAt > 120_000) break;
    await sleep(50);
    storedAt = performance.now();
  }
  console.log(`  all stored ${((storedAt - first.lastSentAt) / 1000).toFixed(1)} s after the last request was sent; sending each again`);
  // The first requests' share and the retries' (each with the staff's clicks of its time).
  const cpuFirst = { ms: server.cpuMs() - cpuBefore, clicks: staff.tally.ms.length };
  const retry = await round();
  await staff.stop();
  const cpuMs = server.cpuMs() - cpuBefore;
  const pgCpuMs = (await databaseCpuMs(databaseUrl)) - pgCpuBefore;
  const waited = await waits.stop();
  const after = await storedCount(check);
  await check.end();

  const ok = (s: Sent) => s.status === 200;
  const errors = [...first.sent, ...retry.sent].filter((s) => !ok(s));
  const sameAnswer = retry.sent.filter((s, i) => s.replayed && s.body === first.sent[i]!.body).length;
  report({
    name: 'first requests answered 200',
    value: first.sent.filter(ok).length,
    unit: '',
    target: { op: '>=', value: stores.length },
  });
  report({
    name: 'stored within, after the last request',
    value: (storedAt - first.lastSentAt) / 1000,
    unit: 's',
    target: { op: '<=', value: 60 },
  });
  report({ name: 'days stored (none lost)', value: after.n, unit: '', target: { op: '>=', value: stores.length } });
  report({ name: 'days stored (none doubled)', value: after.n, unit: '', target: { op: '<=', value: stores.length } });
  report({
    name: 'highest version after the retries (none written twice)',
    value: after.versions,
    unit: '',
    target: { op: '<=', value: 1 },
  });
  report({
    name: 'retries answered from their key, as the first time',
    value: sameAnswer,
    unit: '',
    target: { op: '>=', value: stores.length },
  });
  report({ name: "errors (after a till's retries of 503, 429)", value: errors.length, unit: '', target: { op: '<=', value: 0 } });
  report({ name: 'first requests sent again after 503, 429 or no answer', value: first.sent.filter((s) => s.again > 0).length, unit: '' });
  report({ name: 'machine load average (1 min) at the end', value: loadavg()[0]!, unit: '' });
  if (errors[0]) console.log(`  first error: ${errors[0].status} ${errors[0].error ?? errors[0].body.slice(0, 300)}`);
  report({
    name: 'first requests p50',
    value: percentile(
      first.sent.map((s) => s.ms),
      50,
    ),
    unit: 'ms',
  });
  report({
    name: 'first requests p99',
    value: percentile(
      first.sent.map((s) => s.ms),
      99,
    ),
    unit: 'ms',
  });
  report({
    name: 'retries p99',
    value: percentile(
      retry.sent.map((s) => s.ms),
      99,
    ),
    unit: 'ms',
  });
  report({
    name: 'server processor time per request (feed and staff)',
    value: cpuMs / (2 * stores.length + staff.tally.ms.length),
    unit: 'ms',
  });
  report({
    name: 'of it, per first request (and staff click meanwhile)',
    value: cpuFirst.ms / (stores.length + cpuFirst.clicks),
    unit: 'ms',
  });
  report({
    name: 'of it, per retry (and staff click meanwhile)',
    value: (cpuMs - cpuFirst.ms) / (stores.length + staff.tally.ms.length - cpuFirst.clicks),
    unit: 'ms',
  });
  report({
    name: "PostgreSQL's processor time (the bench database's backends) per request",
    value: pgCpuMs / (2 * stores.length + staff.tally.ms.length),
    unit: 'ms',
  });
  const top = (list: Array<[string, number]>) =>
    list
      .slice(0, 8)
      .map(([k, n]) => `\n    ${String(n).padStart(6)}  ${k}`)
      .join('');
  console.log(
    `  database connections busy, ${waited.samples} samples every 0.1 s (${(waited.busy / waited.samples).toFixed(1)} busy on average)`,
  );
  console.log(`  by what they wait for:${top(waited.byWait)}`);
  console.log(`  by statement:${top(waited.byStatement)}`);
  if (waited.lockedOn.length) console.log(`  lock waits on:${top(waited.lockedOn)}`);
  if (people.length) {
    const { tally } = staff;
    console.log(`  ${people.length} staff browsing meanwhile: ${tally.ms.length} clicks`);
    report({ name: 'staff p50', value: percentile(tally.ms, 50), unit: 'ms' });
    report({ name: 'staff p99', value: percentile(tally.ms, 99), unit: 'ms', target: { op: '<=', value: 250 } });
    console.log(`  staff p50 by path, slowest first (ms): ${byPath(tally)}`);
    report({ name: 'staff errors', value: tally.errors, unit: '', target: { op: '<=', value: 0 } });
    if (tally.firstError) console.log(`  staff's first error: ${tally.firstError}`);
  }
} finally {
  // A server that ended under the load says why (its requests then all failed, and the figures mean nothing).
  if (server.child.exitCode !== null || server.child.signalCode !== null)
    console.log(`  the server process ended (${server.child.exitCode ?? server.child.signalCode}): ${server.output().slice(-3000)}`);
  await server.stop();
}

/**
 * A store's day: as the seeded days vary (server/demo/sales-rows.ts), drawn from a generator seeded by its
 * place, so every run sends the same days; or, with BENCH_AMOUNTS=uniform, the same margin for every store.
 */
function amounts(i: number): { Sales: string; Transactions: number; Margin: number } {
  if (UNIFORM) return { Sales: (1000 + i / 100).toFixed(2), Transactions: 50 + (i % 200), Margin: 0.25 };
  let seed = (i + 1) * 0x9e3779b1;
  const random = () => {
    seed = Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) ^ Math.imul(seed ^ (seed >>> 12), 0x297a2d39);
    return ((seed ^ (seed >>> 15)) >>> 0) / 2 ** 32;
  };
  return {
    Sales: ((1800 + 6400 * random()) * (1 + (i % 7) / 10)).toFixed(2),
    Transactions: Math.round(40 + 360 * random()),
    Margin: Math.round(1200 + 2800 * random()) / 10_000,
  };
}

/** Signs in as the administrator through the login form: the session cookie and its CSRF token. */
async function signIn(): Promise<{ cookie: string; csrf: string }> {
  const form = await fetch(`${base}/login`);
  const token = /name="_csrf" value="([^"]+)"/.exec(await form.text())?.[1] ?? '';
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookiesOf(form), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD, _csrf: token }),
  });
  if (res.status !== 303) throw new Error(`sign-in: ${res.status}`);
  const cookie = cookiesOf(res);
  const page = await (await fetch(`${base}/`, { headers: { cookie } })).text();
  return { cookie, csrf: /<meta name="csrf-token" content="([^"]+)"/.exec(page)?.[1] ?? '' };
}

function cookiesOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
