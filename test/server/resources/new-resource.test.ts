// `npm run new:resource <name>` (scripts/new-resource.ts) writes an entity that works as written. What its
// templates write is served here as the product would serve it: the definition is bundled from its source
// (its imports resolved from server/resources/, where the command puts it; the bundle under .test-cache/,
// removed after), its migration run on this file's database copy, and the app built with it is asked to
// list it in both dialects, add a row (a flag left out takes its column's default), edit it with its
// version, show its menu entry and screen, and delete the row; its definition agrees with its table as every
// product one does. The command itself runs on a copy of the tree, where it writes the three files as biome
// keeps them and refuses a second run for the same name without changing anything; on the real tree it
// refuses a taken or odd name with exit code 2, and --dry-run prints the files and writes nothing.
// The entity's name ('trial-suppliers') is one no product entity will take, as the recipe test's.
import { after, before, describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { entityNames, oddName } from '../../../scripts/new-resource/names.ts';
import { registeredIndex } from '../../../scripts/new-resource/registration.ts';
import { definitionSource, migrationSql } from '../../../scripts/new-resource/templates.ts';
import { defaultMessages as m } from '../../../server/messages.ts';
import { root } from '../../../server/paths.ts';
import { resources } from '../../../server/resources/index.ts';
import type { ResourceDef } from '../../../server/resources/resource-def.ts';
import type { SignedIn, TestDatabase } from '../../support/app.ts';
import { type AddedEntityApp, serveAddedEntity } from '../../support/added-entity.ts';
import { disagreements, tableSchema } from '../../support/definition-schema.ts';
import { currentQuery, legacyQuery, url, type Row } from '../table-api/support.ts';

const NAME = 'trial-suppliers';
const names = entityNames(NAME);
const columns = [names.key, 'Name', 'Notes', 'IsActive', 'Version'];

/** A folder of this run's own under .test-cache/ (inside the tree, so that its files resolve its packages). */
function scratch(prefix: string): string {
  mkdirSync(join(root, '.test-cache'), { recursive: true });
  return mkdtempSync(join(root, '.test-cache', prefix));
}

/** The definition's source, bundled as a module and imported: its imports are the modules beside it in the tree. */
async function importDefinition(dir: string): Promise<ResourceDef> {
  const outfile = join(dir, `${NAME}.mjs`);
  await esbuild.build({
    stdin: { contents: definitionSource(NAME), resolveDir: join(root, 'server/resources'), sourcefile: names.file, loader: 'ts' },
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return ((await import(pathToFileURL(outfile).href)) as Record<string, ResourceDef>)[names.constant]!;
}

describe('an entity as `npm run new:resource` writes it', () => {
  let dir: string;
  let def: ResourceDef;
  let served: AddedEntityApp;
  let database: TestDatabase;
  let menuAdded: string[];
  let admin: SignedIn;
  let clerk: SignedIn;
  let added: number;

  before(async () => {
    assert.ok(!resources.some((r) => r.name === NAME), 'the example is not a product entity');
    dir = scratch('new-resource-');
    def = await importDefinition(dir);
    served = await serveAddedEntity(def, migrationSql(NAME));
    ({ database, menuAdded, admin, clerk } = served);
  });

  after(async () => {
    await served?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    assert.ok(!dir || !existsSync(dir), 'the bundle is removed');
  });

  test('its table API lists it in either dialect, to administrators only', async () => {
    const current = await admin.inject({ url: url(NAME, currentQuery(columns)) });
    assert.equal(current.statusCode, 200);
    const { draw, recordsTotal, recordsFiltered, data } = current.json<Row>();
    assert.deepEqual({ draw, recordsTotal, recordsFiltered, data }, { draw: 1, recordsTotal: 0, recordsFiltered: 0, data: [] });
    const legacy = await admin.inject({ url: url(NAME, legacyQuery(columns)) });
    assert.equal(legacy.statusCode, 200);
    const { sEcho, iTotalRecords, iTotalDisplayRecords, aaData } = legacy.json<Row>();
    assert.deepEqual(
      { sEcho, iTotalRecords, iTotalDisplayRecords, aaData },
      { sEcho: 1, iTotalRecords: 0, iTotalDisplayRecords: 0, aaData: [] },
    );
    assert.equal((await clerk.inject({ url: url(NAME, currentQuery(columns)) })).statusCode, 403);
  });

  test('an add that leaves out the flag stores its default; empty notes are stored as NULL', async () => {
    const res = await admin.inject({ method: 'POST', url: `/api/${NAME}`, payload: { Name: 'Acme Parts', Notes: 'Ships on Mondays' } });
    assert.equal(res.statusCode, 200);
    const answer = res.json<{ Succeed: number[]; Failed: unknown[]; Data: Row[] }>();
    assert.deepEqual(answer.Failed, []);
    added = answer.Succeed[0]!;
    assert.deepEqual(answer.Data, [{ [names.key]: added, Name: 'Acme Parts', Notes: 'Ships on Mondays', IsActive: true, Version: 1 }]);
    const bare = await admin.inject({ method: 'POST', url: `/api/${NAME}`, payload: { Name: 'Bare Supplies', Notes: '' } });
    const [bareRow] = bare.json<{ Data: Row[] }>().Data;
    assert.deepEqual({ Notes: bareRow!.Notes, IsActive: bareRow!.IsActive }, { Notes: null, IsActive: true });
    const listed = (await admin.inject({ url: url(NAME, currentQuery(columns)) })).json<{ recordsTotal: number; data: Row[] }>();
    assert.equal(listed.recordsTotal, 2);
    assert.deepEqual(listed.data[0], answer.Data[0]);
    const legacy = (await admin.inject({ url: url(NAME, legacyQuery(columns)) })).json<{ aaData: Row[] }>();
    assert.deepEqual(
      legacy.aaData.map((r) => r.Name),
      ['Acme Parts', 'Bare Supplies'],
    );
  });

  test('an edit carries the version it read; a second edit from the same read is refused', async () => {
    const edit = await admin.inject({ method: 'PATCH', url: `/api/${NAME}`, payload: { [names.key]: added, Version: 1, IsActive: false } });
    assert.equal(edit.statusCode, 200);
    const body = edit.json<{ Succeed: number[]; Data: Row[] }>();
    assert.deepEqual(body.Succeed, [added]);
    assert.deepEqual({ IsActive: body.Data[0]!.IsActive, Version: body.Data[0]!.Version }, { IsActive: false, Version: 2 });
    const stale = await admin.inject({ method: 'PATCH', url: `/api/${NAME}`, payload: { [names.key]: added, Version: 1, Name: 'Acme' } });
    assert.equal(stale.statusCode, 409);
    assert.deepEqual(stale.json<{ Failed: unknown[] }>().Failed, [{ key: added, error: m.notFoundRefreshed, conflict: true }]);
  });

  test('its menu entry is added at start and shown to administrators, opening its table screen', async () => {
    assert.deepEqual(menuAdded, [`/${NAME}`]);
    const link = new RegExp(`<a href="/${NAME}" class="menu-link[^>]*>.*?${names.title}</a>`);
    assert.match((await admin.inject({ url: '/' })).body, link);
    assert.doesNotMatch((await clerk.inject({ url: '/' })).body, link);
    const screen = await admin.inject({ url: `/${NAME}` });
    assert.equal(screen.statusCode, 200);
    assert.match(screen.body, /data-island="data-table"/);
    assert.match(screen.body, /Acme Parts/, 'its first page is rendered with the screen');
    assert.equal((await clerk.inject({ url: `/${NAME}` })).statusCode, 403);
  });

  test('its definition agrees with the table its migration makes', async () => {
    const stored = await tableSchema(database.db.pool);
    assert.ok(stored.has(`${names.table}.notes`), 'the migration made the table');
    assert.deepEqual(disagreements(def, stored), []);
  });

  test('a row is deleted with its version', async () => {
    const gone = await admin.inject({ method: 'DELETE', url: `/api/${NAME}?${names.key}=${added}&Version=2` });
    assert.deepEqual(gone.json<{ Succeed: number[] }>().Succeed, [added]);
    const listed = (await admin.inject({ url: url(NAME, currentQuery(columns)) })).json<{ data: Row[] }>();
    assert.deepEqual(
      listed.data.map((r) => r.Name),
      ['Bare Supplies'],
    );
  });
});

/** The command run in the tree at `cwd` (the real one unless a copy is given), as npm runs it. */
function newResource(args: ReadonlyArray<string>, cwd = root) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/new-resource.ts', ...args], { cwd, encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** What the command may write in the tree at `at`: each file's path, size and time of change. */
function written(at: string): string[] {
  return ['server/resources', 'server/db/migrations'].flatMap((folder) =>
    readdirSync(join(at, folder))
      .sort()
      .map((f) => {
        const { size, mtimeMs } = statSync(join(at, folder, f));
        return `${folder}/${f} ${size} ${mtimeMs}`;
      }),
  );
}

/** Whether biome leaves `text` as it is, were it the file at `path` (the format `npm run lint` checks). */
function biomeKeeps(path: string, text: string): boolean {
  const run = spawnSync(join(root, 'node_modules/.bin/biome'), ['format', `--stdin-file-path=${path}`], {
    cwd: root,
    input: text,
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout === text;
}

describe('the command', () => {
  test('refuses a served name through npm, with exit code 2, and changes no file', () => {
    const before = written(root);
    const run = spawnSync('npm', ['run', '-s', 'new:resource', '--', 'stores'], { cwd: root, encoding: 'utf8' });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /"stores" is taken:\n.*a resource called stores is served already/);
    assert.deepEqual(written(root), before);
  });

  test('refuses an odd name, a word SQL keeps, a path the app serves and a table a migration makes', () => {
    const before = written(root);
    for (const [name, reason] of [
      ['Suppliers', /is not a resource name/],
      ['order', /a word SQL keeps for itself/],
      ['login', /serves pages under \/login already \(server\/routes\/login\.ts\)/],
      ['login-attempts', /makes a table called login_attempts already \(server\/db\/migrations\/001_core\.sql\)/],
    ] as const) {
      const run = newResource([name]);
      assert.equal(run.status, 2, name);
      assert.match(run.stderr, reason, name);
    }
    assert.equal(newResource([]).status, 2, 'no name');
    assert.deepEqual(written(root), before);
    for (const odd of ['-x', 'x-', 'a--b', 'cost_centres', '2nd-stores', 'café', 'x'.repeat(41)]) assert.ok(oddName(odd), odd);
    assert.equal(oddName('cost-centres'), null);
  });

  test('--dry-run prints the files it would write, and writes nothing', () => {
    const before = written(root);
    const run = newResource([NAME, '--dry-run']);
    assert.equal(run.status, 0, run.stderr);
    assert.ok(run.stdout.includes(definitionSource(NAME)));
    assert.ok(run.stdout.includes(migrationSql(NAME)));
    assert.match(run.stdout, /Nothing was written/);
    // Without the `--`, npm takes the flag for itself: the command still writes nothing.
    const npm = spawnSync('npm', ['run', '-s', 'new:resource', NAME, '--dry-run'], { cwd: root, encoding: 'utf8' });
    assert.equal(npm.status, 0, npm.stderr);
    assert.match(npm.stdout, /Nothing was written/);
    assert.deepEqual(written(root), before);
  });

  test('in a copy of the tree, writes the definition, its migration and its line as biome keeps them; a second run refuses', () => {
    const copy = scratch('new-resource-tree-');
    try {
      for (const part of ['package.json', 'server', 'common', 'scripts/new-resource.ts', 'scripts/new-resource'])
        cpSync(join(root, part), join(copy, part), { recursive: true });
      const index = readFileSync(join(root, 'server/resources/index.ts'), 'utf8');
      const highest = Math.max(...readdirSync(join(root, 'server/db/migrations')).map((f) => Number.parseInt(f, 10) || 0));
      const migration = `server/db/migrations/${String(highest + 1).padStart(3, '0')}_${names.table}.sql`;

      const first = newResource([NAME], copy);
      assert.equal(first.status, 0, first.stderr);
      assert.match(first.stdout, new RegExp(`Wrote the resource ${NAME}:`));
      const definition = readFileSync(join(copy, 'server/resources', names.file), 'utf8');
      assert.equal(definition, definitionSource(NAME));
      assert.equal(readFileSync(join(copy, migration), 'utf8'), migrationSql(NAME));
      const newIndex = readFileSync(join(copy, 'server/resources/index.ts'), 'utf8');
      assert.equal(newIndex, registeredIndex(index, NAME));
      assert.ok(newIndex.includes(`import { ${names.constant} } from './${names.file}';\n`));
      assert.match(newIndex, new RegExp(`\\n {2}${names.constant},\\n\\]\\);\\n$`));
      assert.ok(biomeKeeps('server/resources/index.ts', newIndex), 'biome keeps the index as written');
      assert.ok(biomeKeeps(`server/resources/${names.file}`, definition), 'biome keeps the definition as written');

      const before = written(copy);
      const second = newResource([NAME], copy);
      assert.equal(second.status, 2);
      assert.match(second.stderr, new RegExp(`a resource called ${NAME} is served already`));
      assert.deepEqual(written(copy), before);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
    assert.ok(!existsSync(copy));
  });

  test("puts the import where biome's order has it, first or last among the definitions", () => {
    const index = readFileSync(join(root, 'server/resources/index.ts'), 'utf8');
    const imports = (text: string) => [...text.matchAll(/^import .* from '(\.\/[^']+)';$/gm)].map((m) => m[1]!);
    for (const name of ['aardvarks', 'zebras']) {
      const paths = imports(registeredIndex(index, name));
      assert.deepEqual(paths, [...paths].sort(), name);
      assert.ok(paths.includes(`./${name}.ts`), name);
    }
    // A long name's definition is formatted as biome keeps it all the same.
    const long = 'a'.repeat(20).concat('-', 'b'.repeat(19));
    assert.ok(biomeKeeps(`server/resources/${long}.ts`, definitionSource(long)));
  });
});
