// The real-time hub under 1,000 connected browsers (simulated in a separate process, bench/lib/hub-clients.ts):
// how long a broadcast to a group takes to reach every socket (target: p95 <= 100 ms), and what an idle
// connection costs the server (target: <= 50 KB each, in JS heap and buffers: RSS is shown too, but the
// heap may have had room for them before). With DATABASE_URL set, also across two instances
// sharing PostgreSQL: half the sockets on each, the broadcast published on one (LISTEN/NOTIFY between them).
import { fork, type ChildProcess } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { HUB_PATH } from '../common/hub-frames.ts';
import { buildApp } from '../server/app.ts';
import { openDatabase } from '../server/db/index.ts';
import { createTestApp, signIn } from '../test/support/app.ts';
import { postgresBase } from '../test/support/template-db.ts';
import type { ClientsCommand, ClientsReport } from './lib/hub-clients.ts';
import { percentile, report } from './report.ts';

const CLIENTS = 1000;
const ROUNDS = 30;
/** The simulated browsers' processes: one process reading a thousand sockets would measure its own queue. */
const CLIENT_PROCESSES = 4;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const now = () => performance.timeOrigin + performance.now();

/** A process of simulated browsers, and a way to wait for its next report. */
function startClients(): { child: ChildProcess; send(c: ClientsCommand): void; next<R extends ClientsReport>(): Promise<R> } {
  const child = fork(new URL('./lib/hub-clients.ts', import.meta.url), { execArgv: ['--import', 'tsx'] });
  const queue: ClientsReport[] = [];
  let waiting: ((r: ClientsReport) => void) | null = null;
  child.on('message', (r: ClientsReport) => {
    if (waiting) {
      const w = waiting;
      waiting = null;
      w(r);
    } else queue.push(r);
  });
  return {
    child,
    send: (c) => child.send(c),
    next: <R extends ClientsReport>() =>
      new Promise<R>((resolve) => {
        if (queue.length) resolve(queue.shift() as R);
        else waiting = resolve as (r: ClientsReport) => void;
      }),
  };
}

async function connect(clients: ReturnType<typeof startClients>, base: string, cookie: string, count: number): Promise<void> {
  clients.send({ connect: { url: `${base.replace(/^http/, 'ws')}${HUB_PATH}`, origin: base, cookie, count } });
  const { connected } = await clients.next<{ connected: number }>();
  if (connected !== count) throw new Error(`only ${connected} of ${count} sockets connected`);
}

/** Latencies (ms) from publishing each round's group broadcast on `publisher` to its arrival at every socket. */
async function broadcastRounds(
  publisher: FastifyInstance,
  group: number,
  processes: Array<ReturnType<typeof startClients>>,
): Promise<number[]> {
  const latencies: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const resource = `bench-${round}`;
    const arrived = processes.map((p) => p.next<{ round: string; arrivals: number[] }>());
    const sent = now();
    await publisher.hub.publish({ group }, { type: 'changed', resource, by: 0 });
    for (const { arrivals } of await Promise.all(arrived)) latencies.push(...arrivals.map((t) => t - sent));
  }
  return latencies;
}

function serverMemory(): { rss: number; heap: number } {
  gc();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed + m.external };
}

// Every simulated browser connects from 127.0.0.1, with one session: the per-address and per-session bounds
// would otherwise refuse all but the first few hundred (or twenty) of them.
const t = await createTestApp({
  limits: { connections: { perAddress: CLIENTS + 100 }, hub: { socketsPerUser: CLIENTS + 100 } },
});
const processes: Array<ReturnType<typeof startClients>> = [];
let second: { app: FastifyInstance; close(): Promise<void> } | null = null;
try {
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await signIn(t.app, 'clerk');
  const group = (await t.db.pool.query(`select group_id from users where user_name = 'clerk'`)).rows[0].group_id as number;
  console.log(`hub: ${CLIENTS} sockets of one group on one instance (${t.db.kind} database), ${ROUNDS} broadcasts`);

  // A few connections first, so that what is made once (buffers, code) is not counted per connection.
  const warm = startClients();
  await connect(warm, base, user.cookie, 20);
  warm.send({ close: true });
  await new Promise((r) => warm.child.once('exit', r));
  await new Promise((r) => setTimeout(r, 500));
  const idleBefore = serverMemory();

  const browsers = Array.from({ length: CLIENT_PROCESSES }, startClients);
  processes.push(...browsers);
  for (const b of browsers) await connect(b, base, user.cookie, CLIENTS / CLIENT_PROCESSES);
  await new Promise((r) => setTimeout(r, 1000));
  const idleAfter = serverMemory();
  report({
    name: 'server memory per idle connection (JS heap + buffers)',
    value: (idleAfter.heap - idleBefore.heap) / CLIENTS / 1024,
    unit: 'KB',
    target: { op: '<=', value: 50 },
  });
  report({
    name: 'server memory per idle connection (RSS; the heap may have had room)',
    value: (idleAfter.rss - idleBefore.rss) / CLIENTS / 1024,
    unit: 'KB',
  });

  const latencies = await broadcastRounds(t.app, group, browsers);
  report({ name: `group broadcast to ${CLIENTS} sockets, p50 to each socket`, value: percentile(latencies, 50), unit: 'ms' });
  report({
    name: `group broadcast to ${CLIENTS} sockets, p95 to each socket`,
    value: percentile(latencies, 95),
    unit: 'ms',
    target: { op: '<=', value: 100 },
  });
  report({ name: 'group broadcast, slowest socket of all rounds', value: Math.max(...latencies), unit: 'ms' });
  const connections = t.app.hub.connections;
  const sending: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    connections.send(connections.audience({ group }), { type: 'changed', resource: 'stores', by: 0 });
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
    sending.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 20));
  }
  // On a machine shared with other work the two differ: the wall time includes waiting for a core.
  report({ name: `server's fan-out to ${CLIENTS} sockets, wall time p95`, value: percentile(sending, 95), unit: 'ms' });
  report({ name: `server's fan-out to ${CLIENTS} sockets, CPU time p95`, value: percentile(cpu, 95), unit: 'ms' });
  for (const b of browsers) b.send({ close: true });

  if (!postgresBase()) {
    console.log('hub across two instances: SKIPPED (set DATABASE_URL for PostgreSQL)');
  } else {
    const db = await openDatabase({ databaseUrl: t.db.pool.options.connectionString!, dataDir: '' });
    const app = await buildApp({ config: t.config, db });
    second = {
      app,
      async close() {
        await app.close();
        await db.close();
      },
    };
    const secondBase = await app.listen({ port: 0, host: '127.0.0.1' });
    console.log(`hub across two instances on PostgreSQL: ${CLIENTS / 2} sockets on each, broadcasts published on the first`);
    const across2 = Array.from({ length: CLIENT_PROCESSES }, startClients);
    processes.push(...across2);
    for (const [i, b] of across2.entries()) await connect(b, i % 2 ? secondBase : base, user.cookie, CLIENTS / CLIENT_PROCESSES);
    const across = await broadcastRounds(t.app, group, across2);
    report({ name: `group broadcast to ${CLIENTS} sockets on 2 instances, p50`, value: percentile(across, 50), unit: 'ms' });
    report({
      name: `group broadcast to ${CLIENTS} sockets on 2 instances, p95`,
      value: percentile(across, 95),
      unit: 'ms',
      target: { op: '<=', value: 100 },
    });
    for (const b of across2) b.send({ close: true });
  }
} finally {
  for (const p of processes) if (p.child.exitCode === null) p.child.kill();
  await second?.close();
  await t.close();
}
