// First start of a new database: seed what the first screens need and, when ADMIN_PASSWORD is unset,
// generate the admin's password and print it once (it is stored only as a hash). The sales history
// follows in the background once the app serves, its progress in the log; a later start finishes a load
// an earlier one did not.
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { generatePassword } from '../auth/password.ts';
import { seedFirstScreens } from './seed.ts';
import { changeTables, SYSTEM, type TableName } from '../db/table-changes.ts';
import { FILLED_TABLES, loadSalesHistory, salesHistoryProgress } from './sales-history.ts';

export async function ensureSeeded(
  pool: pg.Pool,
  config: Pick<Config, 'adminPassword' | 'demoPassword'>,
  options: { stores?: number; salesDays?: number; quiet?: boolean } = {},
): Promise<void> {
  const adminPassword = config.adminPassword ?? generatePassword();
  const seeded = await seedFirstScreens(pool, { ...options, adminPassword, demoPassword: config.demoPassword });
  if (seeded && !config.adminPassword && !options.quiet) {
    process.stdout.write(
      `\n  Demo data created. Sign in as "admin" with the password: ${adminPassword}\n` +
        `  (shown only this once; set ADMIN_PASSWORD before the first start to choose it)\n\n`,
    );
  }
}

export interface BackgroundLoad {
  /** Resolves when the load has completed, stopped, or failed (logged) for this run. */
  finished: Promise<void>;
  /** Stops after the step under way (the next start goes on from there); resolves when it has. */
  stop(): Promise<void>;
}

/** A failed step (the database restarting, say) is tried again a few times before waiting for the next start. */
const ATTEMPTS = 5;
const RETRY_MS = 5_000;

/** What loading the sales history writes: the tables it fills, and its progress in `meta`. */
const salesTables: ReadonlyArray<TableName> = [...FILLED_TABLES, 'meta'];

/** Loads what is left of the sales history, if anything, while the app serves. Never rejects: failures are logged. */
export function loadHistoryInBackground(pool: pg.Pool, log: FastifyBaseLogger): BackgroundLoad {
  const controller = new AbortController();
  const finished = runLoad(pool, log, controller.signal);
  return {
    finished,
    stop() {
      controller.abort();
      return finished;
    },
  };
}

async function runLoad(pool: pg.Pool, log: FastifyBaseLogger, signal: AbortSignal): Promise<void> {
  const started = Date.now();
  let tens = 0;
  const onProgress = (percent: number) => {
    if (Math.floor(percent / 10) <= tens) return;
    tens = Math.floor(percent / 10);
    log.info({ percent }, `sales history: ${percent} % loaded`);
  };
  for (let attempt = 1; ; attempt++) {
    try {
      const pending = await salesHistoryProgress(pool);
      if (pending === null) return;
      if (attempt === 1) log.info({ percent: pending }, 'loading the sales history in the background: pages say so until it is complete');
      // Pages read the sales while they load: what was kept of them is forgotten once a load ends.
      const load = () => loadSalesHistory(pool, { signal, onProgress });
      if ((await changeTables(pool, salesTables, SYSTEM, load)) === 'stopped') {
        log.info('sales history: stopped, to go on at the next start');
        return;
      }
      const rows = (await pool.query<{ n: number }>('select count(*)::int as n from sales')).rows[0]!.n;
      log.info({ rows, seconds: (Date.now() - started) / 1000 }, 'sales history loaded');
      return;
    } catch (err) {
      // Stopping while the database closes fails the step under way: that is the stop, not a failure.
      if (signal.aborted) return;
      if (attempt === ATTEMPTS) {
        log.error({ err }, 'sales history: loading failed; the next start goes on with it');
        return;
      }
      log.error({ err }, `sales history: a step failed; trying again in ${RETRY_MS / 1000} s`);
      await sleep(RETRY_MS, undefined, { signal }).catch(() => undefined);
    }
  }
}
