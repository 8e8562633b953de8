// Staff at work, as a server sees them: many signed-in people, each swapping pages (htmx partial requests) and
// paging tables (the table API), with a think time between clicks, against one app instance in its own
// process (`npm start`'s bundle) on the bench database (1M daily sales on PostgreSQL; see lib/table-bench.ts).
// Two mixes, in turn (BENCH_MIX=tables or pages runs one):
//  - tables (lib/staff-mix.ts): the tables' pages in a random order, a page swap in five clicks out of two;
//  - pages (lib/page-mix.ts, issue 37): the pages of each role's menu and the calls they make, as a browser asks.
// 1. Load: BENCH_STAFF people (500) with 1 s think time (0.5-1.5 s) for BENCH_SECONDS (60 s), after a ramp:
//    latency p50/p99 and errors. Targets: p99 <= 100 ms, 0 errors.
// 2. Saturation: workers with no think time (tables: 8 to 128 at once, pages: 200), 15 s each: the most
//    requests per second served with 0 errors. Target >= 1,000 req/s. BENCH_SATURATION=0 skips it.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/load.ts
import { setTimeout as sleep } from 'node:timers/promises';
import { staffSessions } from './lib/bench-session.ts';
import { byPath, send, tally, type Click } from './lib/staff-browsing.ts';
import { ADMIN_PASSWORD, openBenchApp } from './lib/table-bench.ts';
import { click, roles, type Person, type Role } from './lib/staff-mix.ts';
import { pageClick } from './lib/page-mix.ts';
import { percentile, report } from './report.ts';
import { databaseCpuMs, startServer, type Started } from './server-process.ts';

const STAFF = Number(process.env.BENCH_STAFF ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PORT = process.env.BENCH_PORT ?? '3198';
const base = `http://127.0.0.1:${PORT}`;

interface Mix {
  click: Click;
  /** How many work at once, with no think time, in each saturation round. */
  saturation: number[];
}
const mixes: Record<string, Mix> = {
  tables: { click, saturation: [8, 16, 32, 64, 128] },
  pages: { click: pageClick, saturation: [200] },
};
const chosen = process.env.BENCH_MIX ? [process.env.BENCH_MIX] : Object.keys(mixes);

async function load(mix: Mix, server: Started): Promise<void> {
  // Each person clicks, thinks 0.5-1.5 s, clicks again; the first 10 s (everyone starting) are not counted.
  const counted = tally();
  const warm = tally();
  let counting = false;
  let cpuAtStart = 0;
  const end = performance.now() + (10 + SECONDS) * 1000;
  setTimeout(() => {
    counting = true;
    cpuAtStart = server.cpuMs();
  }, 10_000).unref();
  await Promise.all(
    people.map(async (person) => {
      await sleep(Math.random() * 1000);
      while (performance.now() < end) {
        await send(base, mix.click, person, counting ? counted : warm);
        await sleep(500 + Math.random() * 1000);
      }
    }),
  );
  console.log(
    `${STAFF} staff, 1 s think time, ${SECONDS} s (${counted.ms.length} requests, ${(counted.ms.length / SECONDS).toFixed(0)} req/s)`,
  );
  // The server's own processor time per request: what one instance can serve at most on one core, read
  // apart from the load generator and PostgreSQL, which share this machine's cores.
  report({ name: 'server processor time per request', value: (server.cpuMs() - cpuAtStart) / counted.ms.length, unit: 'ms' });
  report({ name: 'p50', value: percentile(counted.ms, 50), unit: 'ms' });
  report({ name: 'p95', value: percentile(counted.ms, 95), unit: 'ms' });
  report({ name: 'p99', value: percentile(counted.ms, 99), unit: 'ms', target: { op: '<=', value: 100 } });
  report({ name: 'errors', value: counted.errors, unit: '', target: { op: '<=', value: 0 } });
  if (counted.firstError) console.log(`  first error: ${counted.firstError}`);
  console.log(`  p50 by kind, ms: ${byPath(counted)}`);
}

/** Workers click back to back; the best rate with no error. */
async function saturate(mix: Mix, server: Started): Promise<void> {
  let best = 0;
  for (const workers of mix.saturation) {
    const round = tally();
    const cpuBefore = server.cpuMs();
    const pgBefore = databaseUrl ? await databaseCpuMs(databaseUrl) : 0;
    const ownBefore = process.cpuUsage();
    const stop = performance.now() + 15_000;
    await Promise.all(
      people.slice(0, workers).map(async (person) => {
        while (performance.now() < stop) await send(base, mix.click, person, round);
      }),
    );
    const rate = round.ms.length / 15;
    // Processor time per request of the three that share this machine's cores: the server, PostgreSQL (the
    // bench database's backends only) and this load generator; their sum over the cores bounds the rate this
    // machine can reach.
    const each = (ms: number) => (ms / round.ms.length).toFixed(2);
    const own = process.cpuUsage(ownBefore);
    const database = databaseUrl ? `, PostgreSQL ${each((await databaseCpuMs(databaseUrl)) - pgBefore)}` : '';
    const cpu = `server ${each(server.cpuMs() - cpuBefore)}${database}, generator ${each((own.user + own.system) / 1000)} ms processor each`;
    const latency = `p50 ${percentile(round.ms, 50).toFixed(0)} ms, p99 ${percentile(round.ms, 99).toFixed(0)} ms`;
    report({ name: `${workers} workers, no think time (${latency}, ${round.errors} errors; ${cpu})`, value: rate, unit: 'req/s' });
    console.log(`  p50 by kind, ms: ${byPath(round)}`);
    if (round.errors === 0) best = Math.max(best, rate);
    else console.log(`  first error: ${round.firstError}`);
  }
  report({ name: 'saturation: most req/s with 0 errors', value: best, unit: 'req/s', target: { op: '>=', value: 1000 } });
}

const bench = await openBenchApp();
// Every simulated person connects from 127.0.0.1: one address's allowance of connections would refuse most.
const env = { ...bench.env, ADMIN_PASSWORD, PORT, LOG_LEVEL: 'error', CONNECTIONS_PER_ADDRESS: String(STAFF * 2) };
/** The bench database on PostgreSQL, whose backends' processor time is the database's share (none embedded). */
const databaseUrl = bench.env.DATABASE_URL;
console.log(`  ${bench.kind}, ${bench.rows} daily sales`);
// Each person's session, made in the database before the server opens it (a seeded chain's users have the
// seed's passwords, not the bench's: bench-session.ts).
const people: Person[] = await staffSessions(bench.db, Object.keys(roles) as Role[], STAFF);
await bench.close();
const server = await startServer(env);
try {
  for (const name of chosen) {
    const mix = mixes[name];
    if (!mix) throw new Error(`BENCH_MIX ${name}: not one of ${Object.keys(mixes).join(', ')}`);
    console.log(`mix: ${name}`);
    await load(mix, server);
    if (process.env.BENCH_SATURATION !== '0') await saturate(mix, server);
  }
} finally {
  await server.stop();
}
