// Restarts nobody notices (docs/operations.md): two instances (`npm start`'s bundle, each its own process) on
// the PostgreSQL bench database behind a small round-robin proxy (node http, below) that checks each
// instance's /readyz every PROXY_CHECK_MS and takes it out of rotation after three failures in a row (HAProxy's
// `inter 500 fall 3 rise 1`, `timeout check 2s`). BENCH_STAFF people (100) work through the proxy with the load bench's mix (page swaps
// and table pages, 0.5-1.5 s think time) while one instance is restarted (SIGTERM, it drains and exits, a new
// one starts and comes back into rotation), then the other. The proxy never retries a request: any request
// an instance dropped counts as failed. Prints the failed requests (target 0) and the latency p99.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/restart.ts
import { randomUUID } from 'node:crypto';
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ADMIN_PASSWORD, openBenchApp } from './lib/table-bench.ts';
import { click, signInStaff, type Person } from './lib/staff-mix.ts';
import { percentile, report } from './report.ts';
import { startServer, type Started } from './server-process.ts';

const STAFF = Number(process.env.BENCH_STAFF ?? 100);
/** Steady load before the first restart and after the second. */
const STEADY_MS = Number(process.env.BENCH_STEADY_MS ?? 5000);
/** How often the proxy asks each instance's /readyz, how long it waits for the answer, and the failures that take it out. */
const PROXY_CHECK_MS = 500;
const CHECK_TIMEOUT_MS = 2000;
const FALL = 3;
/** The instances' drain time: longer than the proxy takes to see a draining instance fail its checks (3 x 0.5 s). */
const DRAIN_MS = 5000;
const ports = ['3201', '3202'];

if (!process.env.DATABASE_URL) {
  console.log('  skipped: set DATABASE_URL (several instances share a PostgreSQL server)');
  process.exit(0);
}

interface Instance {
  port: string;
  inRotation: boolean;
  /** Failed checks in a row. */
  failures: number;
  server: Started | null;
}

/** The proxy: round robin over the instances in rotation, each checked on /readyz; nothing retried. */
function startProxy(instances: Instance[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  let next = 0;
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const live = instances.filter((i) => i.inRotation);
    if (live.length === 0) {
      res.writeHead(502, { 'x-proxy-failure': 'no instance in rotation' }).end();
      return;
    }
    const target = live[next++ % live.length]!;
    const upstream = request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: req.method,
        path: req.url,
        agent,
        headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '', 'x-request-id': randomUUID() },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'x-proxy-failure': `instance :${target.port} dropped the request` });
      res.end();
    });
    req.pipe(upstream);
  };
  const checks = instances.map((instance) =>
    setInterval(async () => {
      let ok = false;
      try {
        const res = await fetch(`http://127.0.0.1:${instance.port}/readyz`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
        await res.arrayBuffer();
        ok = res.status === 200;
      } catch {
        // not listening, or no answer in time
      }
      instance.failures = ok ? 0 : instance.failures + 1;
      if (ok) instance.inRotation = true;
      else if (instance.failures >= FALL) instance.inRotation = false;
    }, PROXY_CHECK_MS),
  );
  // Longer than the load generator (undici) keeps an idle connection: the proxy never closes one under it,
  // which would fail a request on the hop this bench does not measure.
  const server = createServer({ keepAliveTimeout: 65_000 }, forward);
  return {
    server,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    close() {
      for (const check of checks) clearInterval(check);
      server.close();
      agent.destroy();
    },
  };
}

interface Tally {
  ms: number[];
  during: number[];
  failed: number;
  firstFailure?: string;
}

const bench = await openBenchApp({ postgres: 100_000, embedded: 100_000 });
console.log(`  ${bench.kind}, ${bench.rows} daily sales`);
await bench.close();
const env = (port: string) => ({
  ...bench.env,
  ADMIN_PASSWORD,
  PORT: port,
  LOG_LEVEL: 'warn',
  // The proxy, on this machine, is the one hop in front: its X-Request-Id and X-Forwarded-For are believed.
  TRUST_PROXY: '1',
  SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
  SHUTDOWN_FINISH_MS: '10000',
});

const instances: Instance[] = ports.map((port) => ({ port, inRotation: false, failures: 0, server: null }));
const proxy = startProxy(instances);
const base = await proxy.listen();
try {
  for (const instance of instances) instance.server = await startServer(env(instance.port));
  const allIn = () => instances.every((i) => i.inRotation);
  while (!allIn()) await sleep(50);
  const people: Person[] = await signInStaff(base, STAFF);

  const tally: Tally = { ms: [], during: [], failed: 0 };
  let restarting = false;
  let working = true;
  const send = async (person: Person) => {
    const { url, headers } = click(person);
    const began = performance.now();
    try {
      const res = await fetch(base + url, { headers });
      await res.arrayBuffer();
      const ms = performance.now() - began;
      tally.ms.push(ms);
      if (restarting) tally.during.push(ms);
      if (res.status !== 200) {
        tally.failed++;
        tally.firstFailure ??= `${res.status} on ${url} ${res.headers.get('x-proxy-failure') ?? ''}`;
      }
    } catch (err) {
      tally.failed++;
      tally.firstFailure ??= `${(err as Error).message} on ${url}`;
    }
  };
  const load = Promise.all(
    people.map(async (person) => {
      await sleep(Math.random() * 1000);
      while (working) {
        await send(person);
        await sleep(500 + Math.random() * 1000);
      }
    }),
  );

  await sleep(STEADY_MS);
  for (const instance of instances) {
    restarting = true;
    const began = performance.now();
    const old = instance.server!;
    const exited = new Promise<number | null>((resolve) => old.child.once('exit', (code) => resolve(code)));
    old.child.kill('SIGTERM');
    const code = await exited;
    const stoppedMs = performance.now() - began;
    instance.server = await startServer(env(instance.port));
    while (!instance.inRotation) await sleep(50);
    report({
      name: `instance on :${instance.port}: SIGTERM to exit (drain ${DRAIN_MS} ms), exit status`,
      value: code ?? -1,
      unit: '',
      target: { op: '<=', value: 0 },
    });
    report({ name: `instance on :${instance.port}: stopped in`, value: stoppedMs, unit: 'ms' });
    report({ name: `instance on :${instance.port}: back in rotation after`, value: performance.now() - began, unit: 'ms' });
    restarting = false;
  }
  await sleep(STEADY_MS);
  working = false;
  await load;

  console.log(`${STAFF} staff through the proxy, two restarts (${tally.ms.length} requests, ${tally.during.length} during restarts)`);
  report({ name: 'failed requests', value: tally.failed, unit: '', target: { op: '<=', value: 0 } });
  if (tally.firstFailure) console.log(`  first failure: ${tally.firstFailure}`);
  report({ name: 'p50', value: percentile(tally.ms, 50), unit: 'ms' });
  report({ name: 'p99', value: percentile(tally.ms, 99), unit: 'ms', target: { op: '<=', value: 100 } });
  report({ name: 'p99 during the restarts', value: percentile(tally.during, 99), unit: 'ms' });
} finally {
  proxy.close();
  await Promise.all(instances.map((i) => i.server?.stop()));
}
