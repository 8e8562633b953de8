// The instance's metrics in Prometheus' terms (prom-client), served at /metrics (routes/metrics.ts) and
// explained, with the alerts to set on them, in docs/operations.md. One registry per app: tests build many
// apps in one process, and each must count only its own. Most figures are read when Prometheus scrapes (a
// gauge's `collect`), from what the app already keeps (pools, hub, PDF engine, export slots); only requests,
// sign-in failures, imports and readiness are counted as they happen.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/index.ts';
import { exportsRunning } from '../table-api/export/slots.ts';
import { pdfsUnderWay } from '../reports/pdf/pdf-slots.ts';

/** Why a sign-in failed, as the failure counter labels it. */
export const signInFailureReasons = ['refused', 'throttled'] as const;
export type SignInFailureReason = (typeof signInFailureReasons)[number];

export interface Metrics {
  readonly registry: Registry;
  /** A request answered: its route's pattern (never the raw URL), method and status, and how long it took. */
  readonly requests: Histogram<'method' | 'route' | 'status'>;
  readonly signInFailures: Counter<'reason'>;
  /**
   * Imports running on this instance: the import engine counts its own (`countRunning(app.metrics.importsRunning,
   * work)`), as nothing else knows when one starts and ends.
   */
  readonly importsRunning: Gauge;
  /** 1 while the instance takes new work, 0 once it drains for a shutdown (lifecycle/readiness.ts). */
  readonly ready: Gauge;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** What a request of no route (a 404 for an unknown address) is labelled: unknown addresses are countless. */
export const NO_ROUTE = 'none';

/** Runs `work` with the gauge one higher until it has ended (an import, say). */
export async function countRunning<T>(gauge: Gauge, work: () => Promise<T>): Promise<T> {
  gauge.inc();
  try {
    return await work();
  } finally {
    gauge.dec();
  }
}

export default fp(async function metrics(app: FastifyInstance) {
  const registry = new Registry();
  const registers = [registry];
  // Process figures under their usual names (CPU, memory, event loop delay, handles), as dashboards expect them.
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'backroom_http_request_duration_seconds',
    help: 'Requests answered, by route pattern, method and status, and the time to answer them.',
    labelNames: ['method', 'route', 'status'] as const,
    // Pages and table pages answer in milliseconds; downloads and PDFs take seconds to a minute.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers,
  });
  app.addHook('onResponse', async (req, reply) => {
    requests.observe(
      { method: req.method, route: req.routeOptions.url ?? NO_ROUTE, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const signInFailures = new Counter({
    name: 'backroom_sign_in_failures_total',
    help: 'Sign-in tries refused: a wrong user name or password, or an inactive account (refused), or too many tries (throttled).',
    labelNames: ['reason'] as const,
    registers,
  });
  for (const reason of signInFailureReasons) signInFailures.inc({ reason }, 0);
  const importsRunning = new Gauge({ name: 'backroom_imports_running', help: 'Imports running on this instance.', registers });
  const ready = new Gauge({ name: 'backroom_ready', help: '1 while this instance takes new work; 0 while it drains to stop.', registers });
  ready.set(1);

  databaseGauges(app.db, registers);
  new Gauge({
    name: 'backroom_hub_sockets',
    help: 'Browser tabs connected to this instance through the real-time hub.',
    registers,
    collect() {
      this.set(app.hub.connections.size);
    },
  });
  new Gauge({
    name: 'backroom_pdf_printing',
    help: 'PDFs being printed now (at most PDF_PAGES).',
    registers,
    collect() {
      this.set(app.pdf.printing);
    },
  });
  new Gauge({
    name: 'backroom_pdf_queued',
    help: 'PDFs waiting for a page to print on (at most PDF_QUEUE; one more is refused with 503).',
    registers,
    collect() {
      this.set(app.pdf.queued);
    },
  });
  new Gauge({
    name: 'backroom_feed_serving',
    help: 'Feed requests in their turn (at most FEED_AT_ONCE): their token look-up, then their write and answer; not while their body arrives.',
    registers,
    collect() {
      this.set(app.feedQueue.serving);
    },
  });
  new Gauge({
    name: 'backroom_feed_waiting',
    help: 'Feed requests waiting their turn: a first one (at most FEED_QUEUE; one more is refused with 503), or one again once their body is in.',
    registers,
    collect() {
      this.set(app.feedQueue.waiting);
    },
  });
  new Gauge({
    name: 'backroom_pdfs_under_way',
    help: 'PDFs under way on this instance, from reading their rows to printing their last page.',
    registers,
    collect() {
      this.set(pdfsUnderWay(app));
    },
  });
  new Gauge({
    name: 'backroom_exports_running',
    help: 'CSV and Excel exports running on this instance (at most EXPORTS_AT_ONCE).',
    registers,
    collect() {
      this.set(exportsRunning(app.db));
    },
  });

  app.decorate('metrics', { registry, requests, signInFailures, importsRunning, ready } satisfies Metrics);
});

/** The pools' connections in use and idle, the callers waiting for one, and the read replica's state. */
function databaseGauges(db: Database, registers: Registry[]): void {
  const pools = (): Array<{ labels: { database: string; pool: string }; pool: pg.Pool }> => {
    const list = [{ labels: { database: 'primary', pool: 'requests' }, pool: db.pool }];
    if (db.exportPool !== db.pool) list.push({ labels: { database: 'primary', pool: 'exports' }, pool: db.exportPool });
    if (db.feedPool !== db.pool) list.push({ labels: { database: 'primary', pool: 'feed' }, pool: db.feedPool });
    const replica = db.replica?.pools;
    if (replica) {
      list.push({ labels: { database: 'replica', pool: 'requests' }, pool: replica.pool });
      list.push({ labels: { database: 'replica', pool: 'exports' }, pool: replica.exportPool });
    }
    return list;
  };
  new Gauge({
    name: 'backroom_db_pool_connections',
    help: "Database connections of each of this instance's pools, in use by a query or transaction and idle.",
    labelNames: ['database', 'pool', 'state'] as const,
    registers,
    collect() {
      for (const { labels, pool } of pools()) {
        this.set({ ...labels, state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ ...labels, state: 'idle' }, pool.idleCount);
      }
    },
  });
  new Gauge({
    name: 'backroom_db_pool_waiting',
    help: 'Queries waiting for a connection of the pool (all its connections in use).',
    labelNames: ['database', 'pool'] as const,
    registers,
    collect() {
      for (const { labels, pool } of pools()) this.set(labels, pool.waitingCount);
    },
  });
  const replica = db.replica;
  if (!replica) return;
  new Gauge({
    name: 'backroom_replica_used',
    help: 'Whether the read replica (DATABASE_READ_URL) is read: 0 while it is down, not a standby or lagging.',
    registers,
    collect() {
      this.set(replica.state.used ? 1 : 0);
    },
  });
  new Gauge({
    name: 'backroom_replica_lag_seconds',
    help: 'How far the read replica is behind the primary, to within one check (NaN while not known).',
    registers,
    collect() {
      this.set(replica.state.lagSeconds ?? Number.NaN);
    },
  });
}
