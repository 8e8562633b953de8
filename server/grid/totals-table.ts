// Whether a list's filter can be answered from its resource's totals table (common/resources/types.ts
// `totalsTable`): only when the filter reads no base column but those the table keeps. And the exact row
// count from it, a few thousand rows summed where counting the base table would read a million.
import type pg from 'pg';
import type { ResourceDef } from '../../common/resources/types.ts';
import type { Filter } from './filter.ts';
import { columnsRead, fromClause } from './sql.ts';

export function totalsTableFor(def: ResourceDef, filter: { where: string }): ResourceDef['totalsTable'] {
  const table = def.totalsTable;
  if (!table) return undefined;
  return columnsRead(filter.where, def.alias).every((column) => table.keeps.includes(column)) ? table : undefined;
}

/** The rows the filter finds, counted on the totals table (which must apply: see totalsTableFor). */
export async function countOnTotalsTable(pool: pg.Pool, def: ResourceDef, filter: Filter): Promise<number> {
  const table = totalsTableFor(def, filter)!;
  const { rows } = await pool.query<{ n: number }>(
    `select coalesce(${table.rows}, 0)::int8 as n from ${fromClause(def, [filter.where], table.table)} where ${filter.where}`,
    filter.params as unknown[],
  );
  return rows[0]?.n ?? 0;
}
