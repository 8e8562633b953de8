// Every write to a table a resource reads goes through changeTables (server/db/table-changes.ts), which
// announces it: a write that forgot would leave stale footer totals and no "changed elsewhere" notice. This
// reads the server's SQL for insert, update and delete statements and fails on one, to such a table, in a
// file that does not write it through changeTables; and holds every table the code names to the migrations.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { migrationsDir, root } from '../../server/paths.ts';
import { resources } from '../../server/resources/index.ts';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : name.endsWith('.ts') ? [path] : [];
  });
}

/** The tables the migrations create: the one list of them. */
const tableNames = readdirSync(migrationsDir)
  .filter((f) => f.endsWith('.sql'))
  .flatMap((f) => [...readFileSync(join(migrationsDir, f), 'utf8').matchAll(/create table (?:if not exists )?([a-z_]+)/gi)])
  .map((m) => m[1]!.toLowerCase());

/** Files that write resource tables without announcing, and why that is right. */
const exempt: Record<string, string> = {
  'server/demo/seed.ts': 'the demo data, written before the app serves',
  'server/demo/sales-rows.ts': 'npm run seed, a tool of its own',
  'server/demo/seed-stores.ts': 'the demo stores, written by the first seed or by npm run seed, before the app serves',
  'server/demo/sales-history.ts': 'through changeTables by its callers (first-start.ts) or before the app serves',
  'server/audit/audit-log.ts': "inside its callers' changes, which announce audit_log (the table API's as its log's table)",
  'server/imports/engine/written-rows.ts': "inside the import engine's changes (engine/index.ts), which announce audit_log",
  'server/imports/engine/import-records.ts': "the import's end, which the engine (engine/index.ts) announces with audit_log",
};

const WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+([a-z_]+)\b/gi;

/** The tables `source` writes with a literal name: `insert into x`, `update x set`, `delete from x`. */
function writtenTables(source: string): string[] {
  const tables = [...source.matchAll(WRITE)].map((m) => m[1]!.toLowerCase());
  // `update` is also a word of comments and of `on conflict ... do update set`: only a table name counts.
  return [...new Set(tables.filter((t) => (tableNames as ReadonlyArray<string>).includes(t)))];
}

/** Whether `source` writes `table` through changeTables: it calls it, and names the table in its lists. */
function announces(source: string, table: string): boolean {
  return source.includes('changeTables(') && new RegExp(`'${table}'`).test(source);
}

describe('writes to the tables resources read', () => {
  const read = new Set(resources.flatMap((def) => [...def.tables]));

  test('each is made through changeTables, naming its table', () => {
    const unannounced: string[] = [];
    for (const path of files(join(root, 'server'))) {
      const file = relative(root, path);
      if (file in exempt) continue;
      const source = readFileSync(path, 'utf8');
      for (const table of writtenTables(source)) {
        if (read.has(table) && !announces(source, table)) unannounced.push(`${file}: ${table}`);
      }
    }
    assert.deepEqual(unannounced, []);
  });

  test('the check finds a raw write, and lets an announced one pass', () => {
    const raw = "await pool.query('update stores set name = $1 where store_id = $2', params);";
    assert.deepEqual(writtenTables(raw), ['stores']);
    assert.equal(announces(raw, 'stores'), false);
    const through = `await changeTables(pool, ['stores'], by, () => pool.query('delete from stores where store_id = $1', [id]));`;
    assert.equal(announces(through, 'stores'), true);
    assert.deepEqual(writtenTables('-- on conflict (x) do update set n = 1; insert into sessions values ($1)'), ['sessions']);
  });

  test('every table the code names is one the migrations create', () => {
    const named = new Set<string>();
    for (const path of files(join(root, 'server'))) {
      const source = readFileSync(path, 'utf8');
      // The lists of tables a change announces: changeTables(pool, ['a', 'b'], ...).
      for (const list of source.matchAll(/changeTables\(\s*\w+(?:\.\w+)*,\s*\[([^\]]*)\]/g))
        for (const name of list[1]!.matchAll(/'([a-z_]+)'/g)) named.add(name[1]!);
    }
    for (const table of [...read, ...named]) assert.ok(tableNames.includes(table), `${table} is created by a migration`);
    assert.ok(named.size > 5, `${named.size} tables named in changes`);
  });
});
