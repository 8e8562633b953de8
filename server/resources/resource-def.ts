// A resource as the table API runs it: its definition (common/resources) with what follows from it worked
// out once: the key's and the version's expressions and base table columns, and the base table column each
// field writes (the column it reads, `<alias>.<column>`, unless the definition says otherwise).
import type { Column, Resource } from '../../common/resources/types.ts';

/** A column of the base table: its API name, its expression and the table's own name for it. */
export interface BaseColumn {
  name: string;
  sql: string;
  column: string;
}

/** `writes` is set on the columns a field edits, and only on those. */
export type ColumnDef = Column;

export interface ResourceDef extends Omit<Resource, 'key' | 'version'> {
  key: BaseColumn;
  version?: BaseColumn;
}

/** The base table column an expression reads when it is just that column (`s.city` over alias s). */
function tableColumn(def: Resource, column: Column): string | undefined {
  const name = column.sql.startsWith(`${def.alias}.`) ? column.sql.slice(def.alias.length + 1) : '';
  return /^[a-z_][a-z0-9_]*$/.test(name) ? name : undefined;
}

export function resourceDef(def: Resource): ResourceDef {
  const baseColumn = (name: string, role: string): BaseColumn => {
    const column = def.columns.find((c) => c.name === name);
    const table = column && tableColumn(def, column);
    if (!column || !table) throw new Error(`resource ${def.name}: ${role} ${name} is not a column of its base table`);
    return { name, sql: column.sql, column: table };
  };
  const edited = new Set(def.fields.map((f) => f.name));
  const writes = (column: Column) => {
    const table = column.writes ?? tableColumn(def, column);
    if (!table) throw new Error(`resource ${def.name}: the field ${column.name} edits no column of its base table`);
    return table;
  };
  return {
    ...def,
    key: baseColumn(def.key, 'the key'),
    version: def.version === undefined ? undefined : baseColumn(def.version, 'the version'),
    columns: def.columns.map((c) => ({ ...c, writes: edited.has(c.name) ? writes(c) : undefined })),
  };
}
