// What a new entity's name would collide with in a tree (the repository, or a copy of it in a test): a served
// resource of that name or screen, a table some migration makes, a path the app already serves pages or API
// calls under, or a file the command would write. Each is said in words; none means the name is free.
// Reads the served resources by loading server/resources/index.ts, so it runs under tsx as the command does.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ResourceDef } from '../../server/resources/resource-def.ts';
import { type EntityNames, entityNames } from './names.ts';

const migrationsDir = 'server/db/migrations';
const migrationFile = /^(\d{3})_.+\.sql$/;

/** The migrations of the tree at `root`, in the order they run. */
export function migrationFiles(root: string): string[] {
  return readdirSync(join(root, migrationsDir))
    .filter((f) => migrationFile.test(f))
    .sort();
}

/** The file the entity's migration goes in: numbered after the highest, named for its table. */
export function nextMigration(root: string, names: EntityNames): string {
  const highest = migrationFiles(root).reduce((n, f) => Math.max(n, Number(migrationFile.exec(f)![1])), 0);
  return `${migrationsDir}/${String(highest + 1).padStart(3, '0')}_${names.table}.sql`;
}

/** The tables the migrations (and the migration runner's own) make, and which file makes each. */
function tablesMade(root: string): Map<string, string> {
  const made = new Map<string, string>();
  const files = [...migrationFiles(root).map((f) => `${migrationsDir}/${f}`), 'server/db/migrate.ts'];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    for (const m of text.matchAll(/\b(?:create\s+table(?:\s+if\s+not\s+exists)?|alter\s+table\s+\w+\s+rename\s+to)\s+(\w+)/gi))
      made.set(m[1]!.toLowerCase(), file);
  }
  return made;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/**
 * The first path segments the server's routes are registered under (`/login`, `/reports/...`, `/static/`),
 * and those under /api/ (`/api/common/...`), each with a file that registers one.
 */
function servedPaths(root: string): { pages: Map<string, string>; api: Map<string, string> } {
  const pages = new Map<string, string>();
  const api = new Map<string, string>();
  for (const path of sourceFiles(join(root, 'server'))) {
    const text = readFileSync(path, 'utf8');
    const file = relative(root, path);
    for (const m of text.matchAll(/(?:\.(?:get|post|put|patch|delete|head|all|route)\(\s*|\b(?:url|prefix):\s*)['`]\/([a-z0-9_-]+)/g))
      pages.set(m[1]!, file);
    for (const m of text.matchAll(/['`]\/api\/([a-z0-9_-]+)/g)) api.set(m[1]!, file);
  }
  return { pages, api };
}

/** Everything `name` would collide with in the tree at `root`, in words (none: it is free). */
export async function takenBy(root: string, name: string): Promise<string[]> {
  const names = entityNames(name);
  const index = join(root, 'server/resources/index.ts');
  const { resources } = (await import(pathToFileURL(index).href)) as { resources: ReadonlyArray<ResourceDef> };
  const found: string[] = [];
  for (const def of resources) {
    if (def.name === name) found.push(`a resource called ${name} is served already (server/resources/index.ts)`);
    else if (def.screen === `/${name}`) found.push(`the resource ${def.name} has its screen at /${name}`);
    if (def.table === names.table) found.push(`the resource ${def.name} reads and writes the table ${names.table}`);
  }
  const table = tablesMade(root).get(names.table);
  if (table) found.push(`a migration makes a table called ${names.table} already (${table})`);
  const { pages, api } = servedPaths(root);
  const page = pages.get(name);
  if (page) found.push(`the app serves pages under /${name} already (${page})`);
  const call = api.get(name);
  if (call) found.push(`the app serves calls under /api/${name} already (${call})`);
  const file = `server/resources/${names.file}`;
  if (existsSync(join(root, file))) found.push(`${file} exists already`);
  if (new RegExp(`\\b${names.constant}\\b`).test(readFileSync(index, 'utf8')))
    found.push(`server/resources/index.ts names ${names.constant} already`);
  return found;
}
