// Whether a list's filter can be answered from its resource's totals table (server/resources/resource-sql.ts
// `totalsTable`), bucket totals table (`bucketTotals`) or value counts table (`valueCounts`): only when the
// filter reads no column but those the table keeps. And the exact row count from the totals table, a few
// thousand rows summed where counting the base table would read a million.
import type pg from 'pg';
import type { ResourceDef } from '../../resources/resource-def.ts';
import type { Filter } from '../query/filter.ts';
import { fromClause } from '../query/sql.ts';
import { keptRows } from '../cache/totals-cache.ts';

type Reads = Pick<Filter, 'columns'>;

/** A table of sums standing in for the base table: the totals table, or the bucket totals table. */
export type SumsTable = Pick<NonNullable<ResourceDef['totalsTable']>, 'table' | 'coarse' | 'keeps' | 'rows' | 'totals'>;

export function totalsTableFor(def: ResourceDef, filter: Reads): ResourceDef['totalsTable'] {
  return answers(def, def.totalsTable, filter);
}

/** The resource's bucket totals table (per day where the totals table is per store and month), when the filter allows it. */
export function bucketTotalsFor(def: ResourceDef, filter: Reads): ResourceDef['bucketTotals'] {
  return answers(def, def.bucketTotals, filter);
}

/**
 * The value counts table to find a range in: its finer table when the filter allows it (reads none of the
 * columns only the per-store counts keep), else itself when the filter allows that.
 */
export function valueCountsFor(
  def: ResourceDef,
  filter: Reads,
): { table: string; measures: NonNullable<ResourceDef['valueCounts']>['measures'] } | undefined {
  const counts = answers(def, def.valueCounts, filter);
  const finer = answers(def, def.valueCounts?.finer, filter);
  return counts && { table: finer?.table ?? counts.table, measures: counts.measures };
}

/**
 * `table` when the filter reads no column but those it keeps (it stands in under the base alias). A fixed
 * condition may read any base table column, so a resource with one is never answered from it.
 */
function answers<T extends { keeps: ReadonlyArray<string> }>(def: ResourceDef, table: T | undefined, filter: Reads): T | undefined {
  if (!table || def.where !== undefined) return undefined;
  return filter.columns.every((column) => table.keeps.includes(column.name)) ? table : undefined;
}

/** Where a totals table's sums are read: its coarse table when it has one (fewer rows), else itself. */
export function sumsOf(table: SumsTable): string {
  return table.coarse ?? table.table;
}

/**
 * The rows the filter finds, counted on the totals table (which must apply: see totalsTableFor); kept as
 * footer totals are (a deep page asks it on every jump), and forgotten with them on a change.
 */
export async function countOnTotalsTable(pool: pg.Pool, def: ResourceDef, filter: Filter): Promise<number> {
  const table = totalsTableFor(def, filter)!;
  const text = `select coalesce(${table.rows}, 0)::int8 as n from ${fromClause(def, filter.columns, sumsOf(table))} where ${filter.where}`;
  const [counted] = await keptRows<{ n: number }>(pool, def.name, text, filter.params);
  return counted?.n ?? 0;
}
