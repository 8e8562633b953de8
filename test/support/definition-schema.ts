// A definition held to its table in a migrated database (test/server/resources/schema-agrees.test.ts holds
// every served one; new-resource.test.ts the one `npm run new:resource` writes): each column read straight
// from a table has the type its definition says and may be NULL exactly when its definition says so (an
// empty value is then stored as NULL, and deep paging steps around NULLs: server/table-api/list/), a column
// through a left join may be NULL, and a field an add may leave out has a column that takes a default or NULL.
import type pg from 'pg';
import type { ColumnDef, ResourceDef } from '../../server/resources/resource-def.ts';

export interface TableColumn {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

/** The database types a column of each of our value types may have. */
const storedAs: Record<ColumnDef['type'], ReadonlyArray<string>> = {
  text: ['text', 'character varying', 'character'],
  integer: ['smallint', 'integer', 'bigint'],
  number: ['numeric', 'double precision', 'real'],
  boolean: ['boolean'],
  date: ['date'],
  datetime: ['timestamp with time zone', 'timestamp without time zone'],
};

/** Every column of the tables in the current schema, by `table.column`. */
export async function tableSchema(pool: pg.Pool): Promise<Map<string, TableColumn>> {
  const { rows } = await pool.query<TableColumn>(
    `select table_name as table, column_name as column, data_type as type, is_nullable = 'YES' as nullable,
            column_default is not null or is_identity = 'YES' as "hasDefault"
     from information_schema.columns where table_schema = current_schema()`,
  );
  return new Map(rows.map((r) => [`${r.table}.${r.column}`, r]));
}

/** Where a column is read straight from: its table and column, through the base alias or a join; else null. */
function readFrom(def: ResourceDef, column: ColumnDef): { table: string; column: string; leftJoin: boolean } | null {
  const plain = /^([a-z_][a-z0-9_]*)\.([a-z_][a-z0-9_]*)$/.exec(column.sql);
  if (!plain) return null;
  const [, alias, name] = plain;
  if (alias === def.alias) return { table: def.table, column: name!, leftJoin: false };
  const join = def.joins.find((j) => j.alias === alias);
  return join ? { table: join.table, column: name!, leftJoin: join.left === true } : null;
}

/** What of `def` disagrees with the tables in `stored`, in words. */
export function disagreements(def: ResourceDef, stored: Map<string, TableColumn>): string[] {
  const found: string[] = [];
  for (const column of def.columns) {
    const from = readFrom(def, column);
    if (!from) continue;
    const table = stored.get(`${from.table}.${from.column}`);
    const where = `${def.name}.${column.name} (${from.table}.${from.column})`;
    if (!table) {
      found.push(`${where}: no such column`);
      continue;
    }
    if (!storedAs[column.type].includes(table.type)) found.push(`${where}: ${column.type} in the definition, ${table.type} in the table`);
    const mayBeNull = table.nullable || from.leftJoin;
    if (mayBeNull !== (column.nullable === true))
      found.push(`${where}: ${mayBeNull ? 'may be NULL, not said' : 'never NULL, said nullable'}`);
  }
  for (const field of def.fields.filter((f) => !f.on || f.on.includes('add'))) {
    const column = def.columns.find((c) => c.name === field.name);
    // A fan-out's field (a message to a group) sets the column of each copy itself.
    if (!column?.writes || field.rules?.required || field.default !== undefined || def.fanOut?.column === column.writes) continue;
    const table = stored.get(`${def.table}.${column.writes}`);
    if (table && !table.nullable && !table.hasDefault)
      found.push(`${def.name}.${field.name}: an add may leave it out, and ${column.writes} takes no default`);
  }
  return found;
}
