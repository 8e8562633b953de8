// SQL text for a list request, assembled only from the definition's own expressions; every value the
// client sent (search words, store ids, cursor values) is a bound parameter. The filter is filter.ts.
import type { ValueType } from '../../../common/resources/types.ts';
import type { ColumnDef, ResourceDef } from '../../../server/resources/resource-def.ts';
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

/**
 * The FROM clause: the base table and its joins. Given the SQL a query uses, only the joins it reads (and
 * the joins those depend on) are kept: a count or a sum over sales alone need not join stores and states.
 * `table` stands in for the base table under the same alias (a totals table).
 */
export function fromClause(def: ResourceDef, uses?: ReadonlyArray<string>, table = def.table): string {
  return fromClauses(`${def.name}\u0000${table}\u0000${uses ? uses.join('\u0000') : '*'}`, () => joinsFor(def, uses, table));
}

/**
 * What is read from SQL text (which joins a query needs, which aliases and columns an expression reads) is
 * a pure function of text that comes from the definitions and the filters they make: a few hundred distinct
 * texts, each asked for on every request. Kept, rather than matched with regular expressions each time.
 */
function remembered<T>(max: number): (key: string, compute: () => T) => T {
  const kept = new Map<string, T>();
  return (key, compute) => {
    let value = kept.get(key);
    if (value === undefined) {
      if (kept.size >= max) kept.clear();
      kept.set(key, (value = compute()));
    }
    return value;
  };
}

const fromClauses = remembered<string>(2000);
const aliases = remembered<ReadonlySet<string>>(2000);
const columns = remembered<ReadonlyArray<string>>(2000);

function joinsFor(def: ResourceDef, uses: ReadonlyArray<string> | undefined, table: string): string {
  const joins = def.joins ?? [];
  const reads = (sql: string, alias: string) => aliasesRead(sql).has(alias);
  const kept = new Set<string>();
  for (let i = joins.length - 1; i >= 0; i--) {
    const join = joins[i]!;
    const needed = !uses || uses.some((sql) => reads(sql, join.alias)) || joins.some((j) => kept.has(j.alias) && reads(j.sql, join.alias));
    if (needed) kept.add(join.alias);
  }
  return [`${table} ${def.alias}`, ...joins.filter((j) => kept.has(j.alias)).map((j) => j.sql)].join(' ');
}

/** The table aliases an expression reads (`s.name` -> s). */
export function aliasesRead(sql: string): ReadonlySet<string> {
  return aliases(sql, () => new Set([...sql.matchAll(/\b([a-z_][a-z0-9_]*)\.(?=[a-z_"])/gi)].map((m) => m[1]!)));
}

/** The columns an expression reads through `alias` (`sa.store_id` -> store_id). */
export function columnsRead(sql: string, alias: string): ReadonlyArray<string> {
  return columns(`${alias}\u0000${sql}`, () => [...sql.matchAll(new RegExp(`\\b${alias}\\.(\\w+)`, 'g'))].map((m) => m[1]!));
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

/** The request's order with the key last, in the last term's direction, so every row has one place. */
export function fullOrder(def: ResourceDef, order: ReadonlyArray<SortTerm>): SortTerm[] {
  // The key is one of the columns (server/resources/resource-def.ts makes sure).
  const key = def.columns.find((c) => c.name === def.key.name)!;
  const terms = order.filter((t) => t.column.name !== key.name);
  const keyTerm = order.find((t) => t.column.name === key.name);
  return [...terms, { column: key, dir: keyTerm?.dir ?? terms.at(-1)?.dir ?? 'asc' }];
}

export function orderBy(order: ReadonlyArray<SortTerm>): string {
  return order.map((t) => `${t.column.sql} ${t.dir}`).join(', ');
}
