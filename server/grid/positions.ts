// Where a deep page without a cursor starts reading. An OFFSET steps over every row before the page: at
// half a million rows that alone is ~25-40 ms. In the order of a date column that a resource's totals table
// counts per bucket (sales per store and month), the counts give the bucket the page starts in and the rows
// before it, and the page reads from that bucket's first row with a short OFFSET. (In other orders list.ts
// reads a page past the middle from the end, which halves the worst case.)
import type pg from 'pg';
import type { ResourceDef } from '../../common/resources/types.ts';
import type { Filter } from './filter.ts';
import type { SortTerm } from './grid-request.ts';
import { fromClause } from './sql.ts';
import { totalsTableFor } from './totals-table.ts';

/** Below `from` rows a plain OFFSET is quicker than asking the counts first (tests lower it). */
export const positionLimits = { from: 20_000 };

export type Start =
  /** Read from a bucket: `condition` (its values pushed to the params) bounds the rows, then `offset`. */
  | { kind: 'bucket'; condition: string; offset: number }
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

export function bucketsApply(def: ResourceDef, filter: Filter, order: ReadonlyArray<SortTerm>, start: number): boolean {
  return start >= positionLimits.from && bucketsFor(def, filter, order) !== undefined;
}

/** Where row `start` of `order` lies, by the bucket counts; `params` (the filter's, copied) get the bound. */
export async function bucketStart(
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
