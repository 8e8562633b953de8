// Every definition agrees with its table in the migrated database: a column read straight from a table has
// the type its definition says and may be NULL exactly when its definition says so (an empty value is then
// stored as NULL, and deep paging steps around NULLs: server/table-api/list/), a column through a left join
// may be NULL, and a field an add may leave out has a column that takes a default or NULL. The schema's facts
// are checked here, not trusted to be restated by hand; a definition that disagrees is named.
import { before, describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import type pg from 'pg';
import { resources } from '../../../server/resources/index.ts';
import type { ColumnDef, ResourceDef } from '../../../server/resources/resource-def.ts';
import { useTestApp } from '../../support/app.ts';

interface TableColumn {
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

async function schema(pool: pg.Pool): Promise<Map<string, TableColumn>> {
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
function disagreements(def: ResourceDef, stored: Map<string, TableColumn>): string[] {
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

describe('definitions and their tables', () => {
  const shared = useTestApp();
  let stored: Map<string, TableColumn>;
  before(async () => {
    stored = await schema(shared.t.db.pool);
  });

  test('every column read from a table has its type and says whether it may be NULL', () => {
    assert.deepEqual(
      resources.flatMap((def) => disagreements(def, stored)),
      [],
    );
  });

  test('the check names a column said never NULL that may be, and a type that is not the table’s', () => {
    const stores = resources.find((def) => def.name === 'stores')!;
    const wrong: ResourceDef = {
      ...stores,
      columns: stores.columns.map(
        (c): ColumnDef => (c.name === 'City' ? { ...c, type: 'integer' } : c.name === 'Name' ? { ...c, nullable: true } : c),
      ),
    };
    assert.deepEqual(disagreements(wrong, stored), [
      'stores.Name (stores.name): never NULL, said nullable',
      'stores.City (stores.city): integer in the definition, text in the table',
    ]);
    const users = resources.find((def) => def.name === 'users')!;
    const notSaid: ResourceDef = {
      ...users,
      columns: users.columns.map((c): ColumnDef => (c.name === 'GroupName' ? { ...c, nullable: undefined } : c)),
    };
    assert.deepEqual(disagreements(notSaid, stored), ['users.GroupName (groups.name): may be NULL, not said']);
  });
});
