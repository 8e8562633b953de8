// A change to a table forgets the figures kept (short-lived.ts) for every resource that reads it: the
// resource on that table, and those that join it or read it in a column (a store renamed changes which
// sales a search on store names finds; an audit entry changes the audit log's count). Whatever writes
// outside the table API (error reports, the new-user form) says which tables it changed too.
import type pg from 'pg';
import { resources } from '../../resources/index.ts';
import { forgetResource } from './short-lived.ts';

/** Forgets the kept figures of every resource that reads one of `tables` (server/resources: `tables`). */
export function forgetChangesTo(pool: pg.Pool, tables: ReadonlyArray<string>): void {
  for (const def of resources) {
    if (tables.some((t) => def.tables.has(t))) forgetResource(pool, def.name);
  }
}
