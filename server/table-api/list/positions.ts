// Where a deep page without a cursor starts reading. An OFFSET steps over every row before the page: at
// half a million rows that alone is ~25-40 ms. Two ways round it, from a resource's counts tables:
// - in the order of a column the counts are kept by range of (sales per day: the bucket totals table, when
//   the filter names no store; per store and month: the totals table; per range of each amount: the value
//   counts table, over all stores or per store), the counts give the range the page starts in and the rows
//   before it: the page reads from that range's edge with a short OFFSET (at most a day's rows, a month's
//   when scoped). The counts are kept as footer totals are (a store-scoped user's sum a row per store and
//   range: 12-30 ms at a chain's region), so further jumps in that order skip straight to the range;
// - in any other order, a page past the middle is read backwards from the end, the exact row count (which
//   the totals table gives cheaply: totals-table.ts) saying how far: the worst case is halved, and the
//   "Last" page is as quick as the first.
import type pg from 'pg';
import type { ColumnDef, ResourceDef } from '../../resources/resource-def.ts';
import type { SortTerm } from '../request/table-request.ts';
import { fromClause, typedParam } from '../query/sql.ts';
import type { Filter, ListLimits } from '../query/filter.ts';
import { bucketTotalsFor, totalsTableFor, valueCountsFor } from './totals-table.ts';
import { keptRows } from '../cache/totals-cache.ts';

export type Start =
  /** Read forwards from a range's edge: `condition` (its values pushed to the params) bounds the rows, then `offset`. */
  | { kind: 'range'; condition: string; offset: number }
  /** Read backwards (the order reversed) `length` rows after skipping `offset`, then turn them round. */
  | { kind: 'from-end'; offset: number; length: number }
  /** The start is past the last row: an empty page. */
  | { kind: 'past-end' };

/** Counts per range of the first sort column: where they are kept and how a range reads there. */
interface Ranges {
  table: string;
  /**
   * The range's first value (what the counts are grouped by), the first value past it (an expression of the
   * first, or an aggregate) and the aggregate counting its rows.
   */
  first: string;
  end: string;
  rows: string;
  /** A condition on the counts table picking this column's counts (a definition's literal), if it needs one. */
  where?: string;
  column: ColumnDef;
  dir: 'asc' | 'desc';
}

/**
 * The counted ranges that order `order` (a counted column then the key, one direction), when the filter
 * allows them and the page starts deep enough for them to pay (below `limits.countedRangesFrom` rows a plain
 * OFFSET is quicker than asking the counts first).
 */
function rangesFor(
  def: ResourceDef,
  filter: Filter,
  order: ReadonlyArray<SortTerm>,
  start: number,
  limits: ListLimits,
): Ranges | undefined {
  const [first, second] = order;
  if (start < limits.countedRangesFrom || order.length !== 2) return undefined;
  if (second!.column.name !== def.key.name || second!.dir !== first!.dir) return undefined;
  const { column, dir } = first!;
  const a = def.alias;
  // The finest buckets the filter allows: per day over all stores, else per store and month.
  const days = bucketTotalsFor(def, filter);
  const months = totalsTableFor(def, filter);
  const bucketed = [days, months].find((t) => t?.buckets?.column === column.name);
  if (bucketed?.buckets) {
    const { start: bucket, length } = bucketed.buckets;
    return {
      table: bucketed.table,
      first: `${a}.${bucket}`,
      end: `(${a}.${bucket} + interval '${length}')::date`,
      rows: bucketed.rows,
      column,
      dir,
    };
  }
  const values = valueCountsFor(def, filter);
  const measure = values?.measures[column.name];
  if (values && measure) {
    return {
      table: values.table,
      first: `${a}.bucket`,
      end: `max(${a}.bucket_end)`,
      rows: `sum(${a}.row_count)`,
      where: `${a}.measure = '${measure}'`,
      column,
      dir,
    };
  }
  return undefined;
}

/** Whether the page at `start` would be read from the end, so the caller should count the rows first. */
export function wantsRowCount(
  def: ResourceDef,
  filter: Filter,
  order: ReadonlyArray<SortTerm>,
  start: number,
  limits: ListLimits,
): boolean {
  return start >= limits.fromEndFrom && totalsTableFor(def, filter) !== undefined && !rangesFor(def, filter, order, start, limits);
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
  limits: ListLimits,
): Promise<Start | null> {
  const ranges = rangesFor(def, filter, order, page.start, limits);
  if (ranges) return rangeStart(pool, def, filter, ranges, page.start, params);
  if (rowCount === undefined || page.start <= rowCount / 2) return null;
  const end = Math.min(page.start + page.length, rowCount);
  return end <= page.start ? { kind: 'past-end' } : { kind: 'from-end', offset: rowCount - end, length: end - page.start };
}

async function rangeStart(
  pool: pg.Pool,
  def: ResourceDef,
  filter: Filter,
  ranges: Ranges,
  start: number,
  params: unknown[],
): Promise<Start> {
  const { column, dir } = ranges;
  const where = ranges.where ? `(${filter.where}) and ${ranges.where}` : filter.where;
  const text = `select ${ranges.first}::text as range_start, ${ranges.end}::text as range_end, ${ranges.rows} as n
     from ${fromClause(def, filter.columns, ranges.table)} where ${where}
     group by ${ranges.first} order by ${ranges.first} ${dir}`;
  // Kept (see above): every page number the user jumps to in this order asks for the same counts.
  const counts = await keptRows<{ range_start: string; range_end: string; n: string }>(pool, def.name, text, filter.params);
  let before = 0;
  for (const row of counts) {
    const n = Number(row.n);
    if (before + n > start) {
      // Descending, the page's rows are in this range or lower ones; ascending, in this one or higher.
      const condition =
        dir === 'desc'
          ? `${column.sql} < ${typedParam(params, row.range_end, column.type)}`
          : `${column.sql} >= ${typedParam(params, row.range_start, column.type)}`;
      return { kind: 'range', condition, offset: start - before };
    }
    before += n;
  }
  return { kind: 'past-end' };
}
