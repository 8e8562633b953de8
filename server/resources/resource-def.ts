// A resource as the table API runs it: its definition (common/resources) with what follows from it worked
// out once: the key's and the version's expressions and base table columns, the base table column each
// field writes (the column it reads, `<alias>.<column>`, unless the definition says otherwise), the joins'
// SQL, the columns its scope and dimension name, and every table it reads.
import type { Column, Join, Resource, RowScope } from '../../common/resources/types.ts';

/** `writes` is set on the columns a field edits, and only on those. */
export type ColumnDef = Column;

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

/** The dimension (common/resources/types.ts) with its key column and its own FROM: its joins as a table list. */
export interface DimensionDef {
  joins: ReadonlyArray<string>;
  key: ColumnDef;
  keyType: 'int' | 'bigint';
  id: string;
  from: string;
}

export interface ResourceDef extends Omit<Resource, 'key' | 'version' | 'joins' | 'scope' | 'dimension'> {
  key: BaseColumn;
  version?: BaseColumn;
  joins: ReadonlyArray<JoinDef>;
  scope?: RowScope<ColumnDef>;
  dimension?: DimensionDef;
  /** Every table its queries read: the base table, the joins', the columns' subqueries', the counts tables. */
  tables: ReadonlySet<string>;
}

/** The base table column an expression reads when it is just that column (`s.city` over alias s). */
function tableColumn(def: Resource, column: Column): string | undefined {
  const name = column.sql.startsWith(`${def.alias}.`) ? column.sql.slice(def.alias.length + 1) : '';
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : undefined;
}

export function resourceDef(def: Resource): ResourceDef {
  const refuse = (problem: string) => new Error(`resource ${def.name}: ${problem}`);
  const edited = new Set(def.fields.map((f) => f.name));
  const writes = (column: Column) => {
    const table = column.writes ?? tableColumn(def, column);
    if (!table) throw refuse(`the field ${column.name} edits no column of its base table`);
    return table;
  };
  const columns = def.columns.map((c) => ({ ...c, writes: edited.has(c.name) ? writes(c) : undefined }));
  const column = (name: string) => {
    const found = columns.find((c) => c.name === name);
    if (!found) throw refuse(`it has no column ${name}`);
    return found;
  };
  const baseColumn = (name: string, role: string): BaseColumn => {
    const table = tableColumn(def, column(name));
    if (!table) throw refuse(`${role} ${name} is not a column of its base table`);
    return { name, sql: column(name).sql, column: table };
  };
  const joins = (def.joins ?? []).map((join, i, all) => {
    if (join.through !== undefined && !all.slice(0, i).some((j) => j.alias === join.through)) throw refuse(`the join ${join.alias} goes through no join before it`);
    return { ...join, sql: `${join.left ? 'left join' : 'join'} ${join.table} ${join.alias} on ${join.on}` };
  });
  return {
    ...def,
    key: baseColumn(def.key, 'the key'),
    version: def.version === undefined ? undefined : baseColumn(def.version, 'the version'),
    columns,
    joins,
    scope: def.scope && scopeOn(def.scope, column),
    dimension: def.dimension && dimensionOf(def.dimension, joins, column),
    tables: new Set([
      def.table,
      ...joins.map((j) => j.table),
      ...def.columns.flatMap((c) => c.reads ?? []),
      ...(def.totalsTable ? [def.totalsTable.table] : []),
      ...(def.valueCounts ? [def.valueCounts.table] : []),
    ]),
  };
}

function scopeOn(scope: RowScope, column: (name: string) => ColumnDef): RowScope<ColumnDef> {
  if ('stores' in scope) return { stores: column(scope.stores) };
  if ('owner' in scope) return { owner: column(scope.owner) };
  return { group: column(scope.group) };
}

/** The dimension's FROM: its first join's table under its alias, then the joins that go through it. */
function dimensionOf(dimension: NonNullable<Resource['dimension']>, joins: ReadonlyArray<JoinDef>, column: (name: string) => ColumnDef): DimensionDef {
  const [first, ...rest] = dimension.joins.map((alias) => joins.find((j) => j.alias === alias)!);
  return { ...dimension, key: column(dimension.key), from: [`${first!.table} ${first!.alias}`, ...rest.map((j) => j.sql)].join(' ') };
}
