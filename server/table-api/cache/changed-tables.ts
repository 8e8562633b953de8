// A change to a table forgets the figures kept (short-lived.ts) for every resource that reads it: the
// resource on that table, and those that join it or read it in a column (a store renamed changes which
// sales a search on store names finds; an audit entry changes the audit log's count). Whatever writes
// outside the table API (error reports, the new-user form) says which tables it changed too. Every app
// instance keeps its own figures: the hub carries each change's tables to the others (server/hub/).
import type pg from 'pg';
import { resources } from '../../resources/index.ts';
import { forgetResource } from './short-lived.ts';

/** Who made a change: a user's id, or SYSTEM for the app's own work (a scheduled check, a background load). */
export const SYSTEM = 0;

const announcers = new WeakMap<pg.Pool, (tables: ReadonlyArray<string>, by: number) => void>();

/** Who hears of every change to this database's tables: the hub, which tells the other app instances. */
export function announceChanges(pool: pg.Pool, announce: (tables: ReadonlyArray<string>, by: number) => void): void {
  announcers.set(pool, announce);
}

/**
 * Forgets the kept figures of every resource that reads one of `tables`, here and on every other instance;
 * the tables' viewers hear that `by` changed them.
 */
export function forgetChangesTo(pool: pg.Pool, tables: ReadonlyArray<string>, by: number): void {
  forgetKeptFigures(pool, tables);
  announcers.get(pool)?.(tables, by);
}

/** Forgets them on this instance only: what another instance announced it changed. */
export function forgetKeptFigures(pool: pg.Pool, tables: ReadonlyArray<string>): void {
  for (const def of resources) {
    if (tables.some((t) => def.tables.has(t))) forgetResource(pool, def.name);
  }
}
