// A resource as the table API runs it: its two halves (common/resources, server/resources/resource-sql.ts)
// joined, with what follows from them worked out once: each column's expression beside its label and type,
// the key's and the version's expressions and base table columns, the base table column each field writes
// (the column it reads, `<alias>.<column>`, unless the SQL half says otherwise), the joins' SQL, the columns
// its scope, dimension and guarded rows name, and every table it reads.
import type { Access } from '../../common/roles.ts';
import type { Column, Resource } from '../../common/resources/types.ts';
import type { ColumnSql, Join, ResourceSql, RowScope } from './resource-sql.ts';

/** A row as a resource's query reads it: each column's API name to its value. */
export type Row = Record<string, unknown>;

export interface ColumnDef extends Omit<Column, 'sql'>, ColumnSql {
  /** Set on the columns a field edits, and only on those. */
  writes?: string;
}

/** A column of the base table: its API name, its expression and the table's own name for it. */
export interface BaseColumn {
  name: string;
  sql: string;
  column: string;
}

export interface JoinDef extends Join {
  /** `[left] join <table> <alias> on <on>` */
  sql: string;
}

/** The dimension (resource-sql.ts) with its key column and its own FROM: its joins as a table list. */
export interface DimensionDef {
  joins: ReadonlyArray<string>;
  key: ColumnDef;
  keyType: 'int' | 'bigint';
  id: string;
  from: string;
}

type Joined = Omit<Resource, 'key' | 'version' | 'columns' | 'guardedRows'> &
  Omit<ResourceSql, 'columns' | 'joins' | 'scope' | 'dimension' | 'sortTies'>;

export interface ResourceDef<Name extends string = string, ColumnName extends string = string> extends Joined {
  name: Name;
  /** Its browser-safe half as written (common/resources), which a table screen's page is made from. */
  browserHalf: Resource;
  key: BaseColumn;
  version?: BaseColumn;
  /** Its columns, by their names as its definition writes them (a detail page names those it shows). */
  columns: ReadonlyArray<ColumnDef & { name: ColumnName }>;
  joins: ReadonlyArray<JoinDef>;
  scope?: RowScope<ColumnDef>;
  dimension?: DimensionDef;
  guardedRows?: { when: ColumnDef; access: Access };
  /** The columns that order the rows a column leaves tied (resource-sql.ts), by that column's name. */
  sortTies?: Readonly<Record<string, ReadonlyArray<ColumnDef>>>;
  /** Every table its queries read: the base table, the joins', the columns' subqueries', the counts tables. */
  tables: ReadonlySet<string>;
}

/** The base table column an expression reads when it is just that column (`s.city` over alias s). */
function tableColumn(alias: string, column: ColumnSql): string | undefined {
  const name = column.sql.startsWith(`${alias}.`) ? column.sql.slice(alias.length + 1) : '';
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : undefined;
}

export function resourceDef<D extends Resource>(resource: D, sql: ResourceSql): ResourceDef<D['name']> {
  const refuse = (problem: string) => new Error(`resource ${resource.name}: ${problem}`);
  const edited = new Set(resource.fields.map((f) => f.name));
  const columns: ColumnDef[] = resource.columns.map((c) => {
    const given = sql.columns[c.name];
    if (given === undefined) throw refuse(`its SQL half gives no expression for ${c.name}`);
    const column: ColumnDef = { ...c, ...(typeof given === 'string' ? { sql: given } : given) };
    const writes = edited.has(c.name) && !column.links ? (column.writes ?? tableColumn(sql.alias, column)) : undefined;
    if (edited.has(c.name) && !writes && !column.links) throw refuse(`the field ${c.name} edits no column of its base table`);
    return { ...column, writes };
  });
  const column = (name: string) => {
    const found = columns.find((c) => c.name === name);
    if (!found) throw refuse(`it has no column ${name}`);
    return found;
  };
  const baseColumn = (name: string, role: string): BaseColumn => {
    const table = tableColumn(sql.alias, column(name));
    if (!table) throw refuse(`${role} ${name} is not a column of its base table`);
    return { name, sql: column(name).sql, column: table };
  };
  const joins = (sql.joins ?? []).map((join, i, all) => {
    if (join.through !== undefined && !all.slice(0, i).some((j) => j.alias === join.through))
      throw refuse(`the join ${join.alias} goes through no join before it`);
    return { ...join, sql: `${join.left ? 'left join' : 'join'} ${join.table} ${join.alias} on ${join.on}` };
  });
  return {
    ...resource,
    ...sql,
    browserHalf: resource,
    key: baseColumn(resource.key, 'the key'),
    version: resource.version === undefined ? undefined : baseColumn(resource.version, 'the version'),
    columns,
    joins,
    scope: sql.scope && scopeOn(sql.scope, column),
    dimension: sql.dimension && dimensionOf(sql.dimension, joins, column),
    guardedRows: resource.guardedRows && { when: column(resource.guardedRows.when), access: resource.guardedRows.access },
    sortTies: sql.sortTies && sortTiesOf(sql.sortTies, column, refuse),
    tables: new Set([
      sql.table,
      ...joins.map((j) => j.table),
      ...columns.flatMap((c) => c.reads ?? []),
      ...columns.flatMap((c) => (c.links ? [c.links.table, c.links.choices.table] : [])),
      ...(sql.totalsTable ? [sql.totalsTable.table, ...(sql.totalsTable.coarse ? [sql.totalsTable.coarse] : [])] : []),
      ...(sql.bucketTotals ? [sql.bucketTotals.table] : []),
      ...(sql.valueCounts ? [sql.valueCounts.table, ...(sql.valueCounts.finer ? [sql.valueCounts.finer.table] : [])] : []),
      ...(sql.valueSums ? [sql.valueSums.table] : []),
    ]),
  } as ResourceDef<D['name']>;
}

function sortTiesOf(
  ties: NonNullable<ResourceSql['sortTies']>,
  column: (name: string) => ColumnDef,
  refuse: (problem: string) => Error,
): Record<string, ReadonlyArray<ColumnDef>> {
  const sortable = (name: string) => {
    const found = column(name);
    if (!found.sortable) throw refuse(`its sort ties name ${name}, which is not sortable`);
    return found;
  };
  return Object.fromEntries(Object.entries(ties).map(([name, tied]) => [sortable(name).name, (tied ?? []).map(sortable)]));
}

function scopeOn(scope: RowScope, column: (name: string) => ColumnDef): RowScope<ColumnDef> {
  if ('stores' in scope) return { stores: column(scope.stores), rule: scope.rule };
  if ('owner' in scope) return { owner: column(scope.owner) };
  if ('resource' in scope) return { resource: column(scope.resource), rule: scope.rule };
  return { group: column(scope.group), rule: scope.rule };
}

/** The dimension's FROM: its first join's table under its alias, then the joins that go through it. */
function dimensionOf(
  dimension: NonNullable<ResourceSql['dimension']>,
  joins: ReadonlyArray<JoinDef>,
  column: (name: string) => ColumnDef,
): DimensionDef {
  const [first, ...rest] = dimension.joins.map((alias) => joins.find((j) => j.alias === alias)!);
  return { ...dimension, key: column(dimension.key), from: [`${first!.table} ${first!.alias}`, ...rest.map((j) => j.sql)].join(' ') };
}

/** The resource as the table API runs it: `resource` joined to its SQL half, checked against it where written. */
export function defineResourceSql<D extends Resource, const Joins extends ReadonlyArray<Join> = readonly []>(
  resource: D,
  sql: ResourceSql<D, Joins>,
): ResourceDef<D['name']> {
  return resourceDef(resource, sql);
}
