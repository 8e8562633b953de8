// Row counts for the table's info line. Exact when that is cheap; on a large table the planner's estimate,
// flagged (`countIsEstimate`), because an exact COUNT(*) over a million rows costs more than the page.
import type pg from 'pg';

/** Above this many rows (by the planner's estimate) a count is estimated, not counted. */
export const EXACT_COUNT_LIMIT = 50_000;
const SIZE_TTL_MS = 30_000;

export interface RowCount {
  count: number;
  estimate: boolean;
}

// The base table's size bounds every count over it (the joins only look up), so a small table is always
// counted exactly without asking the planner first. Sizes are cached briefly per database.
const sizes = new WeakMap<pg.Pool, Map<string, { rows: number; at: number }>>();

async function tableSize(pool: pg.Pool, table: string): Promise<number> {
  let cache = sizes.get(pool);
  if (!cache) sizes.set(pool, (cache = new Map()));
  const hit = cache.get(table);
  if (hit && Date.now() - hit.at < SIZE_TTL_MS) return hit.rows;
  const r = await pool.query<{ rows: number }>(`select reltuples::float8 as rows from pg_class where oid = $1::regclass`, [table]);
  // -1: never analysed, so unknown; treat it as large and let the planner estimate.
  const rows = r.rows[0]?.rows ?? -1;
  cache.set(table, { rows: rows < 0 ? Number.POSITIVE_INFINITY : rows, at: Date.now() });
  return rows < 0 ? Number.POSITIVE_INFINITY : rows;
}

export async function countRows(
  pool: pg.Pool,
  table: string,
  fromWhere: string,
  params: ReadonlyArray<unknown>,
  exactLimit = EXACT_COUNT_LIMIT,
): Promise<RowCount> {
  if ((await tableSize(pool, table)) > exactLimit) {
    const plan = await pool.query<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
      `explain (format json) select 1 ${fromWhere}`,
      params as unknown[],
    );
    const estimated = Math.round(plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
    if (estimated > exactLimit) return { count: estimated, estimate: true };
  }
  const exact = await pool.query<{ n: number }>(`select count(*)::int8 as n ${fromWhere}`, params as unknown[]);
  return { count: exact.rows[0]?.n ?? 0, estimate: false };
}
