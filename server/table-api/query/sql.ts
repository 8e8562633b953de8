// SQL text for a list request, assembled only from the definition's own expressions; every value the
// client sent (search words, store ids, cursor values) is a bound parameter. The filter is filter.ts.
import type { ValueType } from '../../../common/resources/types.ts';
import type { ColumnDef, JoinDef, ResourceDef } from '../../resources/resource-def.ts';
import type { SortTerm } from '../request/table-request.ts';

const sqlTypes: Record<ValueType, string> = {
  text: 'text',
  integer: 'bigint',
  number: 'numeric',
  boolean: 'boolean',
  date: 'date',
  datetime: 'timestamptz',
};

/** A bound parameter with the column's SQL type, so comparisons use the column's index. */
export function typedParam(params: unknown[], value: unknown, type: ValueType): string {
  params.push(value);
  return `$${params.length}::${sqlTypes[type]}`;
}

/** A bound array of values of the column's SQL type (for `= any(...)`). */
export function typedListParam(params: unknown[], values: ReadonlyArray<unknown>, type: ValueType): string {
  params.push(values);
  return `$${params.length}::${sqlTypes[type]}[]`;
}

/**
 * The FROM clause: the base table and the joins that `reads` need (every join when not given): a count or
 * a sum over sales alone need not join stores and states. `table` stands in for the base table under the
 * same alias (a totals table).
 */
export function fromClause(def: ResourceDef, reads?: Iterable<ColumnDef>, table: string = def.table): string {
  const joins = reads === undefined ? def.joins : joinsFor(def, reads);
  return [`${table} ${def.alias}`, ...joins.map((j) => j.sql)].join(' ');
}

/** The joins the columns read, with those they go through, in the definition's order. */
function joinsFor(def: ResourceDef, columns: Iterable<ColumnDef>): ReadonlyArray<JoinDef> {
  const needed = new Set<string>();
  for (const column of columns) {
    for (let alias = column.join; alias !== undefined && !needed.has(alias); alias = def.joins.find((j) => j.alias === alias)?.through) {
      needed.add(alias);
    }
  }
  return def.joins.filter((j) => needed.has(j.alias));
}

/**
 * Each `$n` placeholder replaced by `replace(n)`: renumbering for another statement, or a value read some
 * other way (COPY takes no parameters). Definitions hold no `$` followed by a digit in their literals.
 */
export function mapPlaceholders(sql: string, replace: (n: number) => string): string {
  return sql.replace(/\$(\d+)(?!\d)/g, (_, n: string) => replace(Number(n)));
}

export function selectList(columns: ReadonlyArray<ColumnDef>): string {
  return columns.map((c) => `${c.sql} as "${c.name}"`).join(', ');
}

/**
 * The request's order (its first `grouped` terms the grouping columns) as the query sorts: each column's
 * sort ties (resource-sql.ts) added, right after the grouping columns for a grouping column's, else last,
 * in the direction of the column they tie unless the order names them; then the key, in the last term's
 * direction, so every row has one place. A column named twice keeps its first place.
 */
export function fullOrder(def: ResourceDef, order: ReadonlyArray<SortTerm>, grouped = 0): SortTerm[] {
  // The key is one of the columns (server/resources/resource-def.ts makes sure).
  const key = def.columns.find((c) => c.name === def.key.name)!;
  const keyTerm = order.find((t) => t.column.name === key.name);
  const tiesOf = (terms: ReadonlyArray<SortTerm>) =>
    terms.flatMap((t) =>
      (def.sortTies?.[t.column.name] ?? []).map((column) => ({ column, dir: order.find((o) => o.column === column)?.dir ?? t.dir })),
    );
  const [groups, rest] = [order.slice(0, grouped), order.slice(grouped)];
  const terms = [...groups, ...tiesOf(groups), ...rest, ...tiesOf(rest)].filter(
    (t, i, all) => t.column.name !== key.name && all.findIndex((o) => o.column.name === t.column.name) === i,
  );
  return [...terms, { column: key, dir: keyTerm?.dir ?? terms.at(-1)?.dir ?? 'asc' }];
}

export function orderBy(order: ReadonlyArray<SortTerm>): string {
  return order.map((t) => `${t.column.sql} ${t.dir}`).join(', ');
}
