// The totals of the groups a grouped page shows (`maingroup`, `subgroup`), each over all of the group's rows
// the filter finds, not only the page's: a group header on page 3 tells the same figures as on page 2. One
// grouped query, bounded to the main groups with rows on the page (so it reads those groups' rows, never the
// whole table), with GROUPING SETS for the sub groups within them; kept in the totals cache, as the footer
// totals are. On a resource with a totals table (sales per store and month) the groups are summed from it
// when the filter allows it and each grouping column is kept there or read through the dimension's joins.
import type pg from 'pg';
import type { GroupTotals } from '../../../common/table-config.ts';
import type { ColumnDef, ResourceDef } from '../../resources/resource-def.ts';
import { cachedTotals } from '../cache/totals-cache.ts';
import type { Filter } from '../query/filter.ts';
import { fromClause, typedListParam } from '../query/sql.ts';
import type { Row } from '../../resources/resource-def.ts';
import { totalsTableFor } from './totals-table.ts';

/** The groups' totals as read (and cached), when they were computed. */
export interface GroupTotalsRead {
  groups: GroupTotals[];
  at: string;
}

/**
 * The totals table, when it answers the filter and gives every grouping column: kept there, or read through
 * the dimension's joins, which join it by the dimension key (then kept there too).
 */
function rollupFor(def: ResourceDef, filter: Filter, groups: ReadonlyArray<ColumnDef>): ResourceDef['totalsTable'] {
  const table = totalsTableFor(def, filter);
  if (!table) return undefined;
  const dimension = def.dimension;
  const throughDimension = (g: ColumnDef) =>
    g.join !== undefined && dimension?.joins.includes(g.join) === true && table.keeps.includes(dimension.key.name);
  return groups.every((g) => table.keeps.includes(g.name) || throughDimension(g)) ? table : undefined;
}

/** `column` is one of `values` (null among them matches null, which `= any` never does). */
function oneOf(column: ColumnDef, values: ReadonlyArray<unknown>, params: unknown[]): string {
  const given = values.filter((v) => v !== null);
  const parts = given.length ? [`${column.sql} = any(${typedListParam(params, given, column.type)})`] : [];
  if (given.length < values.length) parts.push(`${column.sql} is null`);
  return `(${parts.join(' or ')})`;
}

/** A group's values as one text (JSON: a NULL stays apart from ""), to tell groups apart. */
const groupKey = (values: ReadonlyArray<unknown>) => JSON.stringify(values);

/** The totals of each main group, and sub group, that has rows among `rows` (the page). */
export async function groupTotalsOf(
  pool: pg.Pool,
  def: ResourceDef,
  filter: Filter,
  groups: ReadonlyArray<ColumnDef>,
  rows: ReadonlyArray<Row>,
): Promise<GroupTotalsRead | null> {
  const [main, sub] = groups;
  if (!main || rows.length === 0) return null;
  const mains = [...new Map(rows.map((r) => [groupKey([r[main.name]]), r[main.name]])).values()];
  const rollup = rollupFor(def, filter, groups);
  // The totals table's aggregates read its own columns; the others, their column.
  const aggregated = def.columns.filter((c) => c.total && rollup?.totals[c.name] === undefined);
  const aggregates = def.columns.flatMap((c) => (c.total ? [`${rollup?.totals[c.name] ?? `${c.total}(${c.sql})`} as "${c.name}"`] : []));
  const params = [...filter.params];
  const bound = oneOf(main, mains, params);
  // GROUPING() tells a main group's line from a sub group whose value is NULL.
  const subSelect = sub ? `, ${sub.sql} as "__sub", grouping(${sub.sql})::int as "__whole"` : '';
  const groupBy = sub ? `grouping sets ((${main.sql}), (${main.sql}, ${sub.sql}))` : main.sql;
  const count = rollup ? `coalesce(${rollup.rows}, 0)::int8` : 'count(*)::int8';
  const text = `select ${main.sql} as "__main"${subSelect}, ${count} as "__rows"${aggregates.map((a) => `, ${a}`).join('')}
                from ${fromClause(def, [...filter.columns, ...groups, ...aggregated], rollup?.table)}
                where (${filter.where}) and ${bound}
                group by ${groupBy}`;
  const read = await cachedTotals(pool, def.name, { text, params }, async () => ({
    groups: (await pool.query<Row>(text, params)).rows.map(({ __main, __sub, __whole, __rows, ...totals }) => ({
      values: sub && __whole === 0 ? [__main, __sub] : [__main],
      count: Number(__rows ?? 0),
      totals,
    })),
  }));
  // The sub groups of those main groups that are not on the page are left out of the answer (the query
  // reads them all, so that the next page of the same main groups finds it cached).
  const onPage = new Set(rows.flatMap((r) => groups.map((_, depth) => groupKey(groups.slice(0, depth + 1).map((g) => r[g.name])))));
  return { groups: read.groups.filter((g) => onPage.has(groupKey(g.values))), at: read.at };
}
