// A change to a table forgets the figures kept (short-lived.ts) for every resource that reads it: the
// resource on that table, and those that join it or read it in a column (a store renamed changes which
// sales a search on store names finds; an audit entry changes the audit log's count). Every write says which
// tables it changed (server/db/table-changes.ts); every app instance keeps its own figures, and the hub
// carries each change's tables to the others (server/hub/).
import type pg from 'pg';
import { onTableChanges } from '../../db/table-changes.ts';
import type { ResourceDef } from '../../resources/resource-def.ts';
import { forgetResource } from './short-lived.ts';

/** Figures kept beside the resources' (the summaries'), by name, with the tables they read. */
const figureSets = new Map<string, ReadonlySet<string>>();

/** Figures kept under `name` (ShortLived) read `tables`: a change to one of them forgets them, as a resource's. */
export function keepFiguresOf(name: string, tables: ReadonlyArray<string>): void {
  figureSets.set(name, new Set(tables));
}

/** Forgets the kept figures of every one of `resources` (and figure set) that reads one of `tables`, on this instance. */
export function forgetKeptFigures(resources: ReadonlyArray<ResourceDef>, pool: pg.Pool, tables: ReadonlyArray<string>): void {
  for (const def of resources) {
    if (tables.some((t) => def.tables.has(t))) forgetResource(pool, def.name);
  }
  for (const [name, read] of figureSets) {
    if (tables.some((t) => read.has(t))) forgetResource(pool, name);
  }
}

/** From now on, every change this instance makes to the database's tables forgets what was kept of them. */
export function forgetOnChanges(pool: pg.Pool, resources: ReadonlyArray<ResourceDef>): void {
  onTableChanges(pool, (tables) => forgetKeptFigures(resources, pool, tables));
}
