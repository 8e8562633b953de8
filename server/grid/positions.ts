// Where a deep page without a cursor starts reading. An OFFSET steps over every row before the page: at
// half a million rows that alone is ~25-40 ms. Two ways round it, both from a resource's totals table:
// - in the order of a date column the table counts per bucket (sales per store and month), the counts give
//   the bucket the page starts in and the rows before it: the page reads from that bucket's first row with
//   a short OFFSET;
// - in any other order, a page past the middle is read backwards from the end, the exact row count (which
//   the totals table gives cheaply: totals-table.ts) saying how far: the worst case is halved, and the
//   "Last" page is as quick as the first.
import type pg from 'pg';
import type { ResourceDef } from '../../common/resources/types.ts';
import type { Filter } from './filter.ts';
import type { SortTerm } from './grid-request.ts';
import { fromClause } from './sql.ts';
import { totalsTableFor } from './totals-table.ts';

/** Below `from` rows a plain OFFSET is quicker than asking the counts first (tests lower it). */
export const positionLimits = { from: 20_000, fromEnd: 500 };

export type Start =
  /** Read forwards from a bucket: `condition` (its values pushed to the params) bounds the rows, then `offset`. */
  | { kind: 'bucket'; condition: string; offset: number }
  /** Read backwards (the order reversed) `length` rows after skipping `offset`, then turn them round. */
  | { kind: 'from-end'; offset: number; length: number }
  /** The start is past the last row: an empty page. */
  | { kind: 'past-end' };

/** The bucketed totals table that orders `order` (date column then key, one direction), if any. */
function bucketsFor(def: ResourceDef, filter: Filter, order: ReadonlyArray<SortTerm>) {
  const table = totalsTableFor(def, filter);
  const buckets = table?.buckets;
  const [first, second] = order;
  if (!table || !buckets || order.length !== 2 || first!.column.name !== buckets.column) return undefined;
  if (second!.column.name !== def.key.name || second!.dir !== first!.dir) return undefined;
  return { table, buckets, column: first!.column, dir: first!.dir };
}

function bucketsApply(def: ResourceDef, filter: Filter, order: ReadonlyArray<SortTerm>, start: number): boolean {
  return start >= positionLimits.from && bucketsFor(def, filter, order) !== undefined;
}

/** Whether the page at `start` would be read from the end, so the caller should count the rows first. */
export function wantsRowCount(def: ResourceDef, filter: Filter, order: ReadonlyArray<SortTerm>, start: number): boolean {
  return start >= positionLimits.fromEnd && totalsTableFor(def, filter) !== undefined && !bucketsApply(def, filter, order, start);
}

/**
 * Where the page of `length` rows at `start` begins, when a way round the OFFSET applies (null: a plain
 * OFFSET). `rowCount` is the exact count, given when `wantsRowCount` said so; `params` (the filter's,
 * copied) get any values the start's condition names.
 */
export async function deepStart(
  pool: pg.Pool,
  def: ResourceDef,
  filter: Filter,
  order: ReadonlyArray<SortTerm>,
  page: { start: number; length: number },
  params: unknown[],
  rowCount: number | undefined,
): Promise<Start | null> {
  if (bucketsApply(def, filter, order, page.start)) return bucketStart(pool, def, filter, order, page.start, params);
  if (rowCount === undefined || page.start <= rowCount / 2) return null;
  const end = Math.min(page.start + page.length, rowCount);
  return end <= page.start ? { kind: 'past-end' } : { kind: 'from-end', offset: rowCount - end, length: end - page.start };
}

async function bucketStart(
  pool: pg.Pool,
  def: ResourceDef,
  filter: Filter,
  order: ReadonlyArray<SortTerm>,
  start: number,
  params: unknown[],
): Promise<Start> {
  const { table, buckets, column, dir } = bucketsFor(def, filter, order)!;
  const bucket = `${def.alias}.${buckets.start}`;
  const counts = await pool.query<{ bucket: string; n: string }>(
    `select ${bucket}::text as bucket, ${table.rows} as n from ${fromClause(def, [filter.where], table.table)}
     where ${filter.where} group by 1 order by 1 ${dir}`,
    filter.params as unknown[],
  );
  let before = 0;
  for (const row of counts.rows) {
    const n = Number(row.n);
    if (before + n > start) {
      params.push(row.bucket);
      const first = `$${params.length}::date`;
      // Descending, the page's rows are in this bucket or earlier ones; ascending, in this one or later.
      const condition = dir === 'desc' ? `${column.sql} < (${first} + interval '${buckets.length}')::date` : `${column.sql} >= ${first}`;
      return { kind: 'bucket', condition, offset: start - before };
    }
    before += n;
  }
  return { kind: 'past-end' };
}
