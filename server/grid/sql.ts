// SQL text for a list request, assembled only from the definition's own expressions; every value the
// client sent (search words, store ids, cursor values) is a bound parameter.
import type { CurrentUser } from '../../common/roles.ts';
import type { ColumnDef, ResourceDef, ValueType } from '../../common/resources/types.ts';
import type { GridRequest, SortTerm } from './grid-request.ts';
import { scopeConditions } from './scope.ts';

export interface Filter {
  /** The rows the user may see at all (fixed condition and scope): what recordsTotal counts. */
  scope: string;
  /** The parameters `scope` names (a prefix of `params`). */
  scopeParams: unknown[];
  /** The scope plus the searches: what recordsFiltered counts and the page shows. */
  where: string;
  params: unknown[];
  searched: boolean;
}

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

/**
 * The FROM clause: the base table and its joins. Given the SQL a query uses, only the joins it reads (and
 * the joins those depend on) are kept: a count or a sum over sales alone need not join stores and states.
 * `table` stands in for the base table under the same alias (a totals table).
 */
export function fromClause(def: ResourceDef, uses?: ReadonlyArray<string>, table = def.table): string {
  const joins = def.joins ?? [];
  const reads = (sql: string, alias: string) => new RegExp(`\\b${alias}\\.`).test(sql);
  const kept = new Set<string>();
  for (let i = joins.length - 1; i >= 0; i--) {
    const join = joins[i]!;
    const needed = !uses || uses.some((sql) => reads(sql, join.alias)) || joins.some((j) => kept.has(j.alias) && reads(j.sql, join.alias));
    if (needed) kept.add(join.alias);
  }
  return [`${table} ${def.alias}`, ...joins.filter((j) => kept.has(j.alias)).map((j) => j.sql)].join(' ');
}

export function selectList(columns: ReadonlyArray<ColumnDef>): string {
  return columns.map((c) => `${c.sql} as "${c.name}"`).join(', ');
}

function asText(column: ColumnDef): string {
  return column.type === 'text' ? column.sql : `cast(${column.sql} as text)`;
}

/** ILIKE matches the text literally: the user's % _ and \ are escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

export function buildFilter(def: ResourceDef, req: GridRequest, user: CurrentUser, action: 'list' | 'export'): Filter {
  const params: unknown[] = [];
  const scope = and(scopeConditions(def, user, action, req.stores, params));
  const scopeParams = [...params];
  const searches: string[] = [];
  for (const term of req.searchTerms) {
    params.push(containsPattern(term));
    const n = params.length;
    searches.push(`(${req.searchColumns.map((c) => `${asText(c)} ilike $${n}`).join(' or ')})`);
  }
  for (const { column, value } of req.columnSearch) {
    params.push(containsPattern(value));
    searches.push(`${asText(column)} ilike $${params.length}`);
  }
  return { scope, scopeParams, where: and([scope, ...searches]), params, searched: searches.length > 0 };
}

function and(conditions: string[]): string {
  return conditions.length ? conditions.map((c) => `(${c})`).join(' and ') : 'true';
}

/** The request's order with the key last, in the last term's direction, so every row has one place. */
export function fullOrder(def: ResourceDef, order: ReadonlyArray<SortTerm>): SortTerm[] {
  const key = def.columns.find((c) => c.name === def.key.name);
  const terms = order.filter((t) => t.column.name !== def.key.name);
  const keyTerm = order.find((t) => t.column.name === def.key.name);
  const keyColumn: ColumnDef = key ?? { name: def.key.name, sql: def.key.sql, label: def.key.name, type: 'integer', format: 'text' };
  return [...terms, { column: keyColumn, dir: keyTerm?.dir ?? terms.at(-1)?.dir ?? 'asc' }];
}

export function orderBy(order: ReadonlyArray<SortTerm>): string {
  return order.map((t) => `${t.column.sql} ${t.dir}`).join(', ');
}
