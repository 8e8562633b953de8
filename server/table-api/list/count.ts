// Row counts for the table's info line. Exact when that is cheap; on a large table the planner's estimate,
// flagged (`countIsEstimate`), because an exact COUNT(*) over a million rows costs more than the page.
// Table sizes and estimates are kept for a few seconds (short-lived.ts): a table asks for the same count on
// every page turn, and asking the planner cost as much database time as reading the first page.
import type pg from 'pg';
import type { ResourceDef } from '../../resources/resource-def.ts';
import { ShortLived } from '../cache/short-lived.ts';

/** Above this many rows (by the planner's estimate) a count is estimated, not counted. */
const EXACT_COUNT_LIMIT = 50_000;
const sizes = new ShortLived<number>(30_000, 100);
/** Estimates above the exact limit only: a count below it is made afresh every time. */
const estimates = new ShortLived<number | null>(30_000, 500);

export interface RowCount {
  count: number;
  estimate: boolean;
}

// The base table's size bounds every count over it (the joins only look up), so a small table is always
// counted exactly without asking the planner first.
function tableSize(pool: pg.Pool, def: Pick<ResourceDef, 'name' | 'table'>): Promise<number> {
  return sizes.get(pool, def.name, [], async () => {
    const r = await pool.query<{ rows: number }>(`select reltuples::float8 as rows from pg_class where oid = $1::regclass`, [def.table]);
    // -1: never analysed, so unknown; treat it as large and let the planner estimate.
    const rows = r.rows[0]?.rows ?? -1;
    return rows < 0 ? Number.POSITIVE_INFINITY : rows;
  });
}

/** The planner's estimate of the rows `fromWhere` finds, or null when that is few enough to count exactly. */
function largeEstimate(
  pool: pg.Pool,
  def: Pick<ResourceDef, 'name'>,
  fromWhere: string,
  params: ReadonlyArray<unknown>,
  exactLimit: number,
) {
  return estimates.get(pool, def.name, [exactLimit, fromWhere, params], async () => {
    const plan = await pool.query<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
      `explain (format json) select 1 ${fromWhere}`,
      params as unknown[],
    );
    const estimated = Math.round(plan.rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
    return estimated > exactLimit ? estimated : null;
  });
}

/** Whether every count over the table is exact (a small table): each made afresh, as the page is read. */
export async function countsExactly(
  pool: pg.Pool,
  def: Pick<ResourceDef, 'name' | 'table'>,
  exactLimit = EXACT_COUNT_LIMIT,
): Promise<boolean> {
  return (await tableSize(pool, def)) <= exactLimit;
}

export async function countRows(
  pool: pg.Pool,
  def: Pick<ResourceDef, 'name' | 'table'>,
  fromWhere: string,
  params: ReadonlyArray<unknown>,
  exactLimit = EXACT_COUNT_LIMIT,
): Promise<RowCount> {
  if ((await tableSize(pool, def)) > exactLimit) {
    const estimated = await largeEstimate(pool, def, fromWhere, params, exactLimit);
    if (estimated !== null) return { count: estimated, estimate: true };
  }
  const exact = await pool.query<{ n: number }>(`select count(*)::int8 as n ${fromWhere}`, params as unknown[]);
  return { count: exact.rows[0]?.n ?? 0, estimate: false };
}
