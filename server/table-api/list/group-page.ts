// A page of groups (`maingroup`, `subgroup`; table-request.ts): a grouped list pages through its groups,
// not its rows. Each group is one line with its value, its row count and its footer totals over every row
// of it the filter finds, in the order the sort gives the grouping column; `start` and `length` count
// groups. Inside a group (`group`, the filter's condition: filter.ts) the same call gives the page of its
// sub groups, or of its rows (list.ts). One grouped query, which also counts the groups (a window over
// them, or apart on a large table); kept in the totals cache, as the footer totals are. On a resource with a totals table (sales per
// store and month) the groups are summed from it when the filter allows it and the grouping column is kept
// there or read through the dimension's joins: a million sales by state add up ~30k rows, not a million; and
// by date from the bucket totals table (one row a day) when the filter names no store.
import type pg from 'pg';
import type { GroupTotals } from '../../../common/table-config.ts';
import type { ColumnDef, ResourceDef, Row } from '../../resources/resource-def.ts';
import { cachedTotals } from '../cache/totals-cache.ts';
import type { Filter } from '../query/filter.ts';
import { fromClause } from '../query/sql.ts';
import type { TableRequest } from '../request/table-request.ts';
import { countRows } from './count.ts';
import { bucketTotalsFor, sumsOf, totalsTableFor, type SumsTable } from './totals-table.ts';

/** One page of groups as read (and cached): the groups, how many the filter finds (or about), and when. */
export interface GroupPage {
  groups: GroupTotals[];
  count: number;
  estimate: boolean;
  at: string;
}

/** Whether the request reads a page of groups (a level of grouping below the group it is inside). */
export function readsGroups(req: Pick<TableRequest, 'groups' | 'within'>): boolean {
  return req.within.length < req.groups.length;
}

/**
 * The totals table, when it answers the filter and gives the grouping column: kept there, or read through
 * the dimension's joins, which join it by the dimension key (then kept there too).
 */
function rollupFor(def: ResourceDef, filter: Filter, column: ColumnDef): SumsTable | undefined {
  const table = totalsTableFor(def, filter);
  const dimension = def.dimension;
  const throughDimension =
    column.join !== undefined && dimension?.joins.includes(column.join) === true && table?.keeps.includes(dimension.key.name) === true;
  if (table && (table.keeps.includes(column.name) || throughDimension)) return table;
  // Groups by the bucket column (by date) sum the bucket totals table, one row a day.
  const buckets = bucketTotalsFor(def, filter);
  return buckets?.keeps.includes(column.name) ? buckets : undefined;
}

/**
 * What the groups are made by: the column, or for a point in time its millisecond, as the API writes
 * times (a JS Date); opening a group reads that millisecond's rows (filter.ts).
 */
function groupedBy(column: ColumnDef): string {
  return column.type === 'datetime' ? `date_trunc('milliseconds', ${column.sql})` : column.sql;
}

export async function groupPage(pool: pg.Pool, def: ResourceDef, req: TableRequest, filter: Filter): Promise<GroupPage> {
  const column = req.groups[req.within.length]!;
  const dir = req.order.find((t) => t.column === column)?.dir ?? 'asc';
  const rollup = rollupFor(def, filter, column);
  // The totals table's aggregates read its own columns; the others, their column.
  const aggregated = def.columns.filter((c) => c.total && rollup?.totals[c.name] === undefined);
  const aggregates = def.columns.flatMap((c) => (c.total ? [`${rollup?.totals[c.name] ?? `${c.total}(${c.sql})`} as "${c.name}"`] : []));
  const count = rollup ? `coalesce(${rollup.rows}, 0)::int8` : 'count(*)::int8';
  const from = `from ${fromClause(def, [...filter.columns, column, ...aggregated], rollup && sumsOf(rollup))} where ${filter.where}`;
  // Counting the groups in the same query (a window over them) needs every group made, which costs little
  // on the totals table or over few rows. Over many (count.ts says so by estimating them), a page of groups
  // by an indexed column (dates, amounts) reads only its groups' rows along the index, and the groups are
  // counted apart, by the planner's estimate (flagged), as the rows of a large list are.
  const windowed = rollup !== undefined || !(await countRows(pool, def, from, filter.params)).estimate;
  const by = groupedBy(column);
  const params = [...filter.params, req.length, req.start];
  const text = `select ${by} as "__value", ${count} as "__rows"${windowed ? `, count(*) over ()::int8 as "__groups"` : ''}${aggregates.map((a) => `, ${a}`).join('')}
                ${from}
                group by ${by}
                order by ${by} ${dir}
                limit $${params.length - 1} offset $${params.length}`;
  const groupCount = (exactLimit?: number) => countRows(pool, def, `from (select 1 ${from} group by ${by}) g`, filter.params, exactLimit);
  const [page, apart] = await Promise.all([
    cachedTotals(pool, def.name, { text, params }, async () => {
      const rows = (await pool.query<Row>(text, params)).rows;
      // Past the last group the window has no row to count on: they are counted apart (and kept with the page).
      const past = windowed && rows.length === 0 && req.start > 0 ? await groupCount() : null;
      return {
        counted: windowed ? (past ?? { count: Number(rows[0]?.__groups ?? 0), estimate: false }) : null,
        groups: rows.map(({ __value, __rows, __groups, ...totals }) => ({
          values: [...req.within, __value],
          count: Number(__rows ?? 0),
          totals,
        })),
      };
    }),
    windowed ? null : groupCount(0),
  ]);
  const counted = apart ?? page.counted!;
  return { groups: page.groups, count: counted.count, estimate: counted.estimate, at: page.at };
}
