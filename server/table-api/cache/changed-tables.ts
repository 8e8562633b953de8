// A change to a table forgets the figures kept (short-lived.ts) for every resource that reads it: the
// resource on that table, and those that join it or read it in a column (a store renamed changes which
// sales a search on store names finds; an audit entry changes the audit log's count). Whatever writes
// outside the table API (error reports, the new-user form) says which tables it changed too.
import type pg from 'pg';
import { resources } from '../../../server/resources/index.ts';
import type { ResourceDef } from '../../../server/resources/resource-def.ts';
import { forgetResource } from './short-lived.ts';

const tableNames = /\b(?:from|join)\s+([a-z_][a-z0-9_]*)/gi;
const read = new WeakMap<ResourceDef, ReadonlySet<string>>();

/** Every table the resource's SQL reads: its own, its joins', its columns' subqueries', its counts tables. */
export function tablesRead(def: ResourceDef): ReadonlySet<string> {
  let tables = read.get(def);
  if (tables) return tables;
  const sql = [
    `from ${def.table}`,
    ...(def.joins ?? []).map((j) => j.sql),
    ...def.columns.map((c) => c.sql),
    def.where ?? '',
    def.dimension ? `from ${def.dimension.from}` : '',
    def.totalsTable ? `from ${def.totalsTable.table}` : '',
    def.valueCounts ? `from ${def.valueCounts.table}` : '',
  ];
  tables = new Set(sql.flatMap((text) => [...text.matchAll(tableNames)].map((m) => m[1]!.toLowerCase())));
  read.set(def, tables);
  return tables;
}

/** Forgets the kept figures of every resource that reads one of `tables`. */
export function forgetChangesTo(pool: pg.Pool, tables: ReadonlyArray<string>): void {
  for (const def of resources) {
    const reads = tablesRead(def);
    if (tables.some((t) => reads.has(t))) forgetResource(pool, def.name);
  }
}
