// The demo's sales history (500 stores x 1100 days, ~530k rows), loaded after the data the first screens need,
// so that a new database serves its sign-in page within seconds while the history goes in behind it.
// - Resumable: its state is a row of `meta` that every step moves on in the step's own transaction; an
//   interrupted load (a stop, a crash) goes on where it stopped when the app next starts. The row is gone
//   once the history is complete.
// - Short steps that yield to people: a few stores' history per transaction (~5k rows; ~1.5k on the embedded
//   database, whose one connection a step holds), and on that one connection the load waits for a quiet
//   moment before each step, so a page waits for one short step at most instead of one per query.
// - Quick: on PostgreSQL rows go in without the sales indexes no constraint needs (each row would update five
//   of them at random places), which are built again, whole, at the end, while pages read on other
//   connections. On the embedded database's one connection an index build is one step no page can pass
//   (0.6-0.8 s each), so there the indexes stay and each short step keeps them. The totals tables' triggers
//   see every chunk either way, so counts and totals match the rows at every commit.
// - Shared: each step locks the state row, so app instances starting together on one PostgreSQL take turns.
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { insertSalesRows } from './sales-rows.ts';
import { allowExportTime } from '../db/query-deadline.ts';
import { inTransaction } from '../db/transaction.ts';

const KEY = 'sales_history';
/** Rows per step, about: a step holds a connection for a fraction of a second. */
const ROWS_PER_STEP = 5_000;
/** On a single connection (the embedded database), where every request waits for the step under way. */
const ROWS_PER_SHARED_STEP = 1_500;
/** The tables the history fills: the sales and the totals their triggers keep. */
export const FILLED_TABLES: ReadonlyArray<string> = [
  'sales',
  'sales_day_totals',
  'sales_store_month_totals',
  'sales_store_totals',
  'sales_store_value_counts',
  'sales_value_counts',
  'sales_value_sums',
];
/** How long the single connection must have been free of requests before the next step starts. */
export const QUIET_MS = 150;
/** The longest a step waits for quiet: the load goes on, a step at a time, however busy people are. */
export const MOST_YIELD_MS = 2_000;

/** Whether the pool is one connection that people's requests and the load share. */
const sharedConnection = (pool: pg.Pool) => pool.options.max === 1;

/**
 * Resolves once nobody has used or waited for the pool's connection for QUIET_MS (a page's queries come one
 * after another, with moments of the app's own work between them), or after MOST_YIELD_MS.
 */
export async function yieldToPeople(pool: pg.Pool, signal?: AbortSignal): Promise<void> {
  const began = Date.now();
  let quietSince = Date.now();
  while (Date.now() - began < MOST_YIELD_MS && !signal?.aborted) {
    if (pool.waitingCount > 0 || pool.idleCount < pool.totalCount) quietSince = Date.now();
    else if (Date.now() - quietSince >= QUIET_MS) return;
    await sleep(10);
  }
}

interface SetAsideIndex {
  name: string;
  definition: string;
}

interface HistoryState {
  /** Days of sales per store, ending yesterday. */
  days: number;
  /** The history is for the stores there were when the demo data was made, not for stores added since. */
  lastStore: number;
  /** Stores up to this id have their history. */
  doneThrough: number;
  /** Share of the work done, for the notice on pages: 0-99 (99 while the last steps build the indexes). */
  percent: number;
  /** The sales indexes set aside while rows go in (built again at the end); absent until that is done. */
  setAside?: SetAsideIndex[];
}

export interface LoadOptions {
  /** Stores per step (default: about 5k rows' worth). */
  storesPerStep?: number;
  /** Stops the load after the step under way; it goes on at the next call. */
  signal?: AbortSignal;
  /** Called after each step with the share done. */
  onProgress?: (percent: number) => void;
}

/** In the transaction that seeds the stores: the history of `days` days is to be loaded for them. */
export async function planSalesHistory(client: pg.PoolClient, days: number): Promise<void> {
  if (days <= 0) return;
  await client.query(
    `insert into meta (key, value)
     select $1, json_build_object('days', $2::int, 'lastStore', coalesce(max(store_id), 0), 'doneThrough', 0, 'percent', 0)::text
     from stores`,
    [KEY, days],
  );
}

const complete = new WeakSet<pg.Pool>();

/** The share of the sales history loaded so far, or null when it is complete (once complete, known without asking). */
export async function salesHistoryProgress(pool: pg.Pool): Promise<number | null> {
  if (complete.has(pool)) return null;
  const row = (await pool.query<{ value: string }>(`select value from meta where key = $1`, [KEY])).rows[0];
  if (!row) {
    complete.add(pool);
    return null;
  }
  return (JSON.parse(row.value) as HistoryState).percent;
}

/** Loads what is left of the sales history: 'complete' when it all is (or none was planned), 'stopped' if the signal stopped it first. */
export async function loadSalesHistory(pool: pg.Pool, options: LoadOptions = {}): Promise<'complete' | 'stopped'> {
  const shared = sharedConnection(pool);
  for (;;) {
    if (shared) await yieldToPeople(pool, options.signal);
    if (options.signal?.aborted) return 'stopped';
    // Background work, like an export: a step that rebuilds an index on the whole history may run longer than
    // a page's query deadline on a busy machine, and must not be taken for a hung database.
    const state = await inTransaction(pool, (client) => {
      allowExportTime(client);
      return step(client, options.storesPerStep, shared);
    });
    if (state === 'none') break;
    if (state === 'built') {
      // Planner statistics and the visibility map (index-only scans) for the tables the history filled, a
      // table at a time so that on one connection people pass between them.
      for (const table of FILLED_TABLES) {
        if (shared) await yieldToPeople(pool, options.signal);
        await withExportTime(pool, (client) => client.query(`vacuum analyze ${table}`));
      }
      await pool.query(`delete from meta where key = $1`, [KEY]);
      break;
    }
    options.onProgress?.(state.percent);
  }
  complete.add(pool);
  return 'complete';
}

/** One step of the load and the state after it: 'built' when only the finish is left, 'none' when no load is planned. */
async function step(client: pg.PoolClient, storesPerStep: number | undefined, shared: boolean): Promise<HistoryState | 'built' | 'none'> {
  const row = (await client.query<{ value: string }>(`select value from meta where key = $1 for update`, [KEY])).rows[0];
  if (!row) return 'none';
  const state = JSON.parse(row.value) as HistoryState;
  const rowsPerStep = shared ? ROWS_PER_SHARED_STEP : ROWS_PER_STEP;
  if (!state.setAside) {
    state.setAside = shared ? [] : await setAsideIndexes(client);
  } else if (state.doneThrough < state.lastStore) {
    await loadStores(client, state, storesPerStep ?? Math.max(1, Math.round(rowsPerStep / state.days)));
  } else if (!(await restoreAnIndex(client, state.setAside))) {
    return 'built';
  }
  await client.query(`update meta set value = $2 where key = $1`, [KEY, JSON.stringify(state)]);
  return state;
}

async function loadStores(client: pg.PoolClient, state: HistoryState, count: number): Promise<void> {
  const next = await client.query<{ through: number | null }>(
    `select max(store_id) as through from (select store_id from stores where store_id > $1 and store_id <= $2 order by store_id limit $3) s`,
    [state.doneThrough, state.lastStore, count],
  );
  // No stores left in the range (users deleted them meanwhile): the rows are done.
  const through = next.rows[0]!.through ?? state.lastStore;
  await insertSalesRows(client, { fromDay: 1, toDay: state.days, afterStore: state.doneThrough, throughStore: through });
  state.doneThrough = through;
  const share = await client.query<{ done: number; total: number }>(
    `select count(*) filter (where store_id <= $1)::int as done, count(*)::int as total from stores where store_id <= $2`,
    [through, state.lastStore],
  );
  const { done, total } = share.rows[0]!;
  state.percent = Math.min(99, total ? Math.floor((100 * done) / total) : 99);
}

/** Drops the sales indexes no constraint needs (the sort indexes), returning how to build them again. */
async function setAsideIndexes(client: pg.PoolClient): Promise<SetAsideIndex[]> {
  const { rows } = await client.query<SetAsideIndex>(
    `select i.relname as name, pg_get_indexdef(i.oid) as definition
     from pg_index x join pg_class i on i.oid = x.indexrelid
     where x.indrelid = 'sales'::regclass and not x.indisunique
       and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
     order by i.relname`,
  );
  for (const index of rows) await client.query(`drop index ${quoteName(index.name)}`);
  return rows;
}

/** Builds one set-aside index that is not there (yet); false when they all are. */
async function restoreAnIndex(client: pg.PoolClient, setAside: SetAsideIndex[]): Promise<boolean> {
  const present = await client.query<{ name: string }>(
    `select i.relname as name from pg_index x join pg_class i on i.oid = x.indexrelid where x.indrelid = 'sales'::regclass`,
  );
  const names = new Set(present.rows.map((r) => r.name));
  const missing = setAside.find((index) => !names.has(index.name));
  if (!missing) return false;
  await client.query(missing.definition);
  return true;
}

function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Runs one statement on a connection given an export's deadline (VACUUM cannot run inside a transaction). */
async function withExportTime(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<unknown>): Promise<void> {
  const client = await pool.connect();
  try {
    allowExportTime(client);
    await work(client);
  } finally {
    client.release();
  }
}
