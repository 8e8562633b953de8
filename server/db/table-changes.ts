// Every write to a table the app reads back goes through changeTables, which says which tables it changed
// once the write is done: the figures kept for them are forgotten (server/table-api/cache/), here and, through
// the hub, on every instance, and the tables' viewers hear of it. A write outside it would leave stale totals
// and no "changed elsewhere" notice; test/unit/table-writes.test.ts finds one.
import type pg from 'pg';

/**
 * A table of the app's migrations (server/db/migrations/), by name. The migrations are the one list of them:
 * test/unit/table-writes.test.ts holds every table the code names (a definition's, a change's) to it.
 */
export type TableName = string;

/** Who made a change: a user's id, or SYSTEM for the app's own work (a scheduled check, a background load). */
export const SYSTEM = 0;

/**
 * How a change reaches the figures kept of its tables: `soon` for a machine's steady stream of writes (the
 * feed's: a chain's close of day writes thousands of days a minute), whose figures may follow it by up to
 * FIGURES_LAG_MS (table-api/cache/changed-tables.ts) rather than be forgotten at every write; else at once.
 */
export interface ChangeOptions {
  soon?: boolean;
}

/** A write's announcement: `changed` says whether its result changed anything (default: it did). */
export interface WriteOptions<T> extends ChangeOptions {
  changed?: (result: T) => boolean;
}

export type TableChangeListener = (tables: ReadonlyArray<TableName>, by: number, options: ChangeOptions) => void;

const listeners = new WeakMap<pg.Pool, TableChangeListener[]>();

/** Hears of every change made through changeTables on this database (the figures' caches, the hub). */
export function onTableChanges(pool: pg.Pool, listener: TableChangeListener): void {
  listeners.set(pool, [...(listeners.get(pool) ?? []), listener]);
}

/**
 * Runs `write`, which changes `tables`, then tells who listens that `by` changed them, unless `options.changed`
 * says the write changed nothing (an update that matched no row). A write that throws is announced too: one cut
 * short may have committed part of its rows, and announcing a change that did not happen costs only a re-read.
 */
export async function changeTables<T>(
  pool: pg.Pool,
  tables: ReadonlyArray<TableName>,
  by: number,
  write: () => Promise<T>,
  { changed = () => true, ...options }: WriteOptions<T> = {},
): Promise<T> {
  let result: T;
  try {
    result = await write();
  } catch (err) {
    announce(pool, tables, by, options);
    throw err;
  }
  if (changed(result)) announce(pool, tables, by, options);
  return result;
}

/** Tells who listens that `by` changed `tables`, with no write of its own (a change announced again). */
export function announce(pool: pg.Pool, tables: ReadonlyArray<TableName>, by: number, options: ChangeOptions = {}): void {
  for (const listener of listeners.get(pool) ?? []) listener(tables, by, options);
}
