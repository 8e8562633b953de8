// The files `npm run new:resource <name>` writes, as text: the entity's definition (server/resources/<name>.ts)
// and its migration. Pure functions of the name, so that a test builds, migrates and serves what they write
// without touching the tree (test/server/resources/new-resource.test.ts). The entity they make is small but
// whole: a key, a required name, optional notes, an active flag that defaults to true, and the version that
// guards edits; a screen and a menu entry; administrators only. Its comments say what to change.
import { entityNames } from './names.ts';

/** The definition's source, formatted as biome formats it (the command's test holds it so). */
export function definitionSource(name: string): string {
  const n = entityNames(name);
  const a = n.alias;
  return `// ${n.title}: what they are, who uses them and why (written by \`npm run new:resource ${name}\`; say it here).
// One definition is the whole entity: its list, search, add/edit/delete dialogs, exports, audit entries, screen and
// menu entry follow from it (server/resources/define.ts says what each part may hold). Its table is made by its
// migration (server/db/migrations/NNN_${n.table}.sql), which test/server/resources/schema-agrees.test.ts holds
// it to: a column changed here is changed there too (in a new migration once that one has run anywhere).
import { Version } from '../../common/resources/types.ts';
import { defineResource } from './define.ts';

export const ${n.constant} = defineResource({
  name: '${name}',
  title: '${n.title}',
  // Its table screen and where its menu entry sits; shown to whoever may list it (access.list below).
  screen: '/${name}',
  menu: { section: 'administration', icon: 'list', order: 210 },
  table: '${n.table}',
  alias: '${a}',
  key: '${n.key}',
  version: 'Version',
  // In the order the table shows them and the dialogs ask for them. A reference to another entity's rows (a
  // state, a group) is one entry here: reference(statesDef, { key, sql, alias, label, shows, optional }).
  columns: [
    {
      name: '${n.key}',
      label: 'ID',
      type: 'integer',
      format: 'text',
      sortable: true,
      hidden: true,
      internal: true,
      sql: '${a}.${n.keyColumn}',
    },
    {
      name: 'Name',
      label: 'Name',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      total: 'count',
      sql: '${a}.name',
      field: { kind: 'text', rules: { required: true, maxLength: 60 } },
    },
    {
      // Optional: the column may be NULL (an empty value is stored as NULL), so the definition says nullable.
      name: 'Notes',
      label: 'Notes',
      type: 'text',
      format: 'text',
      searchable: true,
      hiddenOnMobile: true,
      sql: '${a}.notes',
      nullable: true,
      field: { kind: 'textarea', rules: { maxLength: 400 } },
    },
    {
      // An add that leaves the flag out stores the column's default (true).
      name: 'IsActive',
      label: 'Active',
      type: 'boolean',
      format: 'boolean',
      sortable: true,
      sql: '${a}.is_active',
      field: { kind: 'flag' },
    },
    { ...Version, sql: '${a}.version' },
  ],
  defaultSort: [{ column: 'Name', dir: 'asc' }],
  pageSize: 25,
  // Who may do what: { admin: true }, { role: 'stores' }, { role: ['sales', 'reports'] }, {} (everyone signed
  // in) or false (nobody). The screen, its menu entry and the API all follow these rules.
  access: { list: { admin: true }, export: { admin: true }, add: { admin: true }, edit: { admin: true }, delete: { admin: true } },
});
`;
}

/** The migration's SQL: the table the definition reads, and an index for each column it sorts or searches. */
export function migrationSql(name: string): string {
  const n = entityNames(name);
  const t = n.table;
  return `-- ${n.title} (server/resources/${n.file}, written by \`npm run new:resource ${name}\`): say here why the table exists
-- and why any rule below it holds. Each column is as the definition says: notes may be NULL, the flag and the
-- version have defaults, so an add that leaves them out stores those.
create table ${t} (
  ${n.keyColumn} serial primary key,
  name text not null,
  notes text,
  is_active boolean not null default true,
  version integer not null default 1
);
-- Every sortable column has a btree index ending with the key, so a page in any order (and a keyset step from
-- the last row) is an index range; searchable text has a pg_trgm index, so ILIKE '%abc%' does not scan the
-- table (002_grid_indexes.sql).
create index ${t}_name_idx on ${t} (name, ${n.keyColumn});
create index ${t}_is_active_idx on ${t} (is_active, ${n.keyColumn});
create index ${t}_name_trgm_idx on ${t} using gin (name gin_trgm_ops);
create index ${t}_notes_trgm_idx on ${t} using gin (notes gin_trgm_ops);
`;
}
