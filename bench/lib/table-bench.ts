// Shared by bench/table-list.ts and bench/export.ts: a database with many daily sales rows (PostgreSQL when
// DATABASE_URL is set: the dedicated database `backroom_bench`, or BENCH_DATABASE's (a branch whose
// migrations differ benches on a copy of its own), grown once and reused; otherwise an embedded PGlite
// directory under .test-cache/, likewise reused), the app built on it, an admin signed in, and the
// percentile/print helpers. Kept in a subfolder so bench/run.ts does not run it as a benchmark.
import { join } from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/index.ts';
import { seedDemo } from '../../server/demo/seed.ts';
import { growSales } from '../../server/demo/sales-rows.ts';
import { sessionOf, type SignedIn } from '../../test/support/app.ts';
import { cacheDir } from '../../test/support/template-db.ts';
import { benchSession } from './bench-session.ts';

/**
 * The admin password the bench database is seeded with (demo users have it too: no demo password is set);
 * benches sign in without it (bench-session.ts), as a chain seeded by `npm run seed` has passwords of its own.
 */
export const ADMIN_PASSWORD = 'bench-admin-password';
const BENCH_DATABASE = process.env.BENCH_DATABASE ?? 'backroom_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(BENCH_DATABASE)) throw new Error(`BENCH_DATABASE ${BENCH_DATABASE} is not a plain database name`);

export interface BenchApp {
  kind: 'postgres' | 'embedded';
  /** Where the data lives, for a server process started on it: DATABASE_URL, or DATA_DIR when embedded. */
  env: Record<string, string>;
  rows: number;
  app: FastifyInstance;
  db: Database;
  admin: SignedIn;
  /** A store-scoped user: the Northeast group's stores (a fifth of them), as every user below head office. */
  analyst: SignedIn;
  /** The server's time for the last request it answered (ms). */
  served: { ms: number };
  close(): Promise<void>;
}

/** The bench database with at least `rows` sales (default: 1M on PostgreSQL, 100k embedded), and the app on it. */
export async function openBenchApp(rowsByKind = { postgres: 1_000_000, embedded: 100_000 }): Promise<BenchApp> {
  const serverUrl = process.env.DATABASE_URL;
  const kind = serverUrl ? 'postgres' : 'embedded';
  const env: Record<string, string> = serverUrl
    ? { DATABASE_URL: await ensureServerDatabase(serverUrl) }
    : { DATA_DIR: join(cacheDir, 'bench-pglite') };
  const db = await openDatabase(serverUrl ? { databaseUrl: env.DATABASE_URL, dataDir: '' } : { dataDir: env.DATA_DIR! });
  await seedDemo(db.pool, { adminPassword: ADMIN_PASSWORD, salesDays: 0 });
  const before = await salesCount(db);
  const rows = await growSales(db.pool, { rows: rowsByKind[kind] });
  // Index-only scans need the visibility map: vacuum once after growing, not on every run.
  if (rows !== before) {
    console.log(`  (grew sales from ${before} to ${rows} rows; vacuuming)`);
    await db.pool.query('vacuum analyze');
  }
  const app = await buildApp({ config: { ...readConfig({}), adminPassword: ADMIN_PASSWORD }, db });
  const served = { ms: Number.NaN };
  // The server's own time for each request (Fastify's, from routing to the answer written).
  app.addHook('onResponse', async (_req, reply) => {
    served.ms = reply.elapsedTime;
  });
  await app.ready();
  const admin = await sessionOf(app, await benchSession(db, 'admin'));
  const analyst = await sessionOf(app, await benchSession(db, 'analyst'));
  return {
    kind,
    env,
    rows,
    app,
    db,
    admin,
    analyst,
    served,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

async function salesCount(db: Database): Promise<number> {
  return (await db.pool.query<{ n: number }>('select count(*)::int8 as n from sales')).rows[0]!.n;
}

async function ensureServerDatabase(serverUrl: string): Promise<string> {
  const url = new URL(serverUrl);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [BENCH_DATABASE]);
  if (!exists.rowCount) await admin.query(`create database ${BENCH_DATABASE}`);
  await admin.end();
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
}

export function percentile(samples: ReadonlyArray<number>, p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

/** One line: the figure, its target and whether it is met. */
export function printFigure(name: string, value: string, target: string, met: boolean | null): void {
  const verdict = met === null ? '' : met ? 'OK' : 'MISSED';
  console.log(`  ${name.padEnd(44)} ${value.padStart(30)}   ${target.padEnd(16)} ${verdict}`);
}
