// Staff at work, as a server sees them: many signed-in people, each swapping pages (htmx partial requests) and
// paging tables (the table API), with a think time between clicks, against one app instance in its own
// process (`npm start`'s bundle) on the bench database (1M daily sales on PostgreSQL; see lib/table-bench.ts).
// 1. Load: BENCH_STAFF people (500) with 1 s think time (0.5-1.5 s) for BENCH_SECONDS (60 s), after a ramp:
//    latency p50/p99 and errors. Targets: p99 <= 100 ms, 0 errors.
// 2. Saturation: workers with no think time, 8 to 128 at once, 15 s each: the most requests per second
//    served with 0 errors. Target >= 1,000 req/s. BENCH_SATURATION=0 skips it.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/load.ts
import { setTimeout as sleep } from 'node:timers/promises';
import { benchSession } from './lib/bench-session.ts';
import { ADMIN_PASSWORD, openBenchApp } from './lib/table-bench.ts';
import { percentile, report } from './report.ts';
import { postgresCpuMs, startServer } from './server-process.ts';

const STAFF = Number(process.env.BENCH_STAFF ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PORT = process.env.BENCH_PORT ?? '3198';
const base = `http://127.0.0.1:${PORT}`;

/** What each kind of staff opens: the pages of their menu and the tables on them. */
const roles = {
  admin: {
    pages: ['/', '/stores', '/sales', '/states', '/cycles', '/summaries', '/admin/users'],
    tables: ['stores', 'sales', 'states', 'cycles'],
  },
  manager: { pages: ['/', '/stores', '/sales', '/summaries', '/charts', '/reports'], tables: ['stores', 'sales', 'cycles'] },
  analyst: { pages: ['/', '/sales', '/summaries', '/charts', '/reports'], tables: ['sales'] },
  clerk: { pages: ['/', '/stores', '/states', '/cycles'], tables: ['stores', 'states', 'cycles'] },
} as const;
type Role = keyof typeof roles;

interface Person {
  role: Role;
  cookie: string;
}

const pick = <T>(list: ReadonlyArray<T>): T => list[Math.floor(Math.random() * list.length)]!;

/**
 * What a browser accepts: fetch alone asks for gzip and deflate only, so the server would compress every
 * answer with gzip (level 6), where the staff's browsers get Brotli (quality 4: less processor time, fewer bytes).
 */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** One click: a page swap (two in five) or a table page (a random page of the first 40, in a random sortable order). */
function click(person: Person): { url: string; headers: Record<string, string> } {
  const { pages, tables } = roles[person.role];
  if (Math.random() < 0.4)
    return {
      url: pick(pages),
      headers: { cookie: person.cookie, 'accept-encoding': ACCEPT_ENCODING, 'hx-request': 'true', 'hx-target': 'main#main' },
    };
  const table = pick(tables);
  const start = 25 * Math.floor(Math.random() * 40);
  const search = Math.random() < 0.2 ? '&search[value]=ar' : '';
  return {
    url: `/api/${table}?draw=1&start=${start}&length=25&order[0][column]=0&order[0][dir]=${pick(['asc', 'desc'])}${search}`,
    headers: { cookie: person.cookie, 'accept-encoding': ACCEPT_ENCODING, accept: 'application/json' },
  };
}

interface Tally {
  ms: number[];
  errors: number;
  firstError?: string;
}

async function send(person: Person, tally: Tally): Promise<void> {
  const { url, headers } = click(person);
  const began = performance.now();
  try {
    const res = await fetch(base + url, { headers });
    await res.arrayBuffer();
    tally.ms.push(performance.now() - began);
    if (res.status !== 200) {
      tally.errors++;
      tally.firstError ??= `${res.status} on ${url}`;
    }
  } catch (err) {
    tally.errors++;
    tally.firstError ??= `${(err as Error).message} on ${url}`;
  }
}

const bench = await openBenchApp();
// Every simulated person connects from 127.0.0.1: one address's allowance of connections would refuse most.
const env = { ...bench.env, ADMIN_PASSWORD, PORT, LOG_LEVEL: 'error', CONNECTIONS_PER_ADDRESS: String(STAFF * 2) };
console.log(`  ${bench.kind}, ${bench.rows} daily sales`);
// Each person's session, made in the database before the server opens it (a seeded chain's users have the
// seed's passwords, not the bench's: bench-session.ts).
const people: Person[] = [];
const kinds = Object.keys(roles) as Role[];
for (let i = 0; i < STAFF; i++) {
  const role = kinds[i % kinds.length]!;
  people.push({ role, cookie: await benchSession(bench.db, role) });
}
await bench.close();
const server = await startServer(env);
try {
  // 1. Load: each person clicks, thinks 0.5-1.5 s, clicks again; the first 10 s (everyone starting) are not counted.
  const tally: Tally = { ms: [], errors: 0 };
  const warm: Tally = { ms: [], errors: 0 };
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
        await send(person, counting ? tally : warm);
        await sleep(500 + Math.random() * 1000);
      }
    }),
  );
  console.log(
    `${STAFF} staff, 1 s think time, ${SECONDS} s (${tally.ms.length} requests, ${(tally.ms.length / SECONDS).toFixed(0)} req/s)`,
  );
  // The server's own processor time per request: what one instance can serve at most on one core, read
  // apart from the load generator and PostgreSQL, which share this machine's cores.
  report({ name: 'server processor time per request', value: (server.cpuMs() - cpuAtStart) / tally.ms.length, unit: 'ms' });
  report({ name: 'p50', value: percentile(tally.ms, 50), unit: 'ms' });
  report({ name: 'p99', value: percentile(tally.ms, 99), unit: 'ms', target: { op: '<=', value: 100 } });
  report({ name: 'errors', value: tally.errors, unit: '', target: { op: '<=', value: 0 } });
  if (tally.firstError) console.log(`  first error: ${tally.firstError}`);

  // 2. Saturation: workers click back to back; the best rate with no error.
  if (process.env.BENCH_SATURATION !== '0') {
    let best = 0;
    for (const workers of [8, 16, 32, 64, 128]) {
      const round: Tally = { ms: [], errors: 0 };
      const cpuBefore = server.cpuMs();
      const pgBefore = postgresCpuMs();
      const ownBefore = process.cpuUsage();
      const stop = performance.now() + 15_000;
      await Promise.all(
        people.slice(0, workers).map(async (person) => {
          while (performance.now() < stop) await send(person, round);
        }),
      );
      const rate = round.ms.length / 15;
      // Processor time per request of the three that share this machine's cores: the server, PostgreSQL and
      // this load generator; their sum over the cores bounds the rate this machine can reach.
      const each = (ms: number) => (ms / round.ms.length).toFixed(2);
      const own = process.cpuUsage(ownBefore);
      const cpu = `server ${each(server.cpuMs() - cpuBefore)}, PostgreSQL ${each(postgresCpuMs() - pgBefore)}, generator ${each((own.user + own.system) / 1000)} ms processor each`;
      report({
        name: `${workers} workers, no think time (p99 ${percentile(round.ms, 99).toFixed(0)} ms, ${round.errors} errors; ${cpu})`,
        value: rate,
        unit: 'req/s',
      });
      if (round.errors === 0) best = Math.max(best, rate);
      else console.log(`  first error: ${round.firstError}`);
    }
    report({ name: 'saturation: most req/s with 0 errors', value: best, unit: 'req/s', target: { op: '>=', value: 1000 } });
  }
} finally {
  await server.stop();
}
