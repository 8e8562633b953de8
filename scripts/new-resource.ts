// npm run new:resource -- <name> [--dry-run]: writes a new entity that works as written, for a newcomer to change
// into the one they need: its definition (server/resources/<name>.ts), its migration (numbered after the
// highest) and its line in server/resources/index.ts (scripts/new-resource/: the templates, the name's checks,
// what it may not collide with). A name that is odd or taken is refused with the reason and exit code 2, and
// nothing is written: so a second run for the same name refuses and changes nothing. `--dry-run` (or
// `--print`) prints the files instead of writing them. Runs under tsx: it loads the served resources to check
// the name against them.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { entityNames, oddName } from './new-resource/names.ts';
import { registeredIndex } from './new-resource/registration.ts';
import { nextMigration, takenBy } from './new-resource/taken.ts';
import { definitionSource, migrationSql } from './new-resource/templates.ts';

/** The tree this script belongs to (a test runs a copy of it in a copy of the tree). */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const indexFile = 'server/resources/index.ts';

const usage = `Usage: npm run new:resource -- <name> [--dry-run]
  <name>     the entity's URL name: lower-case words joined by hyphens (suppliers, cost-centres)
  --dry-run  print the files it would write, and write nothing (also --print)`;

/** Refused: the reasons on stderr (and how to call it, when it was called wrong), exit code 2, nothing written. */
function refuse(reasons: string | ReadonlyArray<string>, withUsage = false): never {
  for (const reason of typeof reasons === 'string' ? [reasons] : reasons) console.error(`new:resource: ${reason}`);
  if (withUsage) console.error(usage);
  process.exit(2);
}

const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(usage);
  process.exit(0);
}
const unknown = args.filter((a) => a.startsWith('-') && a !== '--dry-run' && a !== '--print');
const given = args.filter((a) => !a.startsWith('-'));
if (unknown.length > 0) refuse(`unknown option ${unknown.join(', ')}`, true);
if (given.length !== 1) refuse(given.length === 0 ? 'which resource? Give its name.' : `one name at a time, not ${given.join(', ')}`, true);
const name = given[0]!;
// `npm run new:resource x --dry-run`, without the `--`, gives npm the flag rather than the script: npm passes
// it on in the environment, so that a dry run asked for is never taken for a write.
const asked = (flag: 'dry-run' | 'print') => args.includes(`--${flag}`) || process.env[`npm_config_${flag.replace('-', '_')}`] === 'true';
const dryRun = asked('dry-run') || asked('print');

const odd = oddName(name);
if (odd) refuse(odd);
const taken = await takenBy(root, name);
if (taken.length > 0) refuse([`"${name}" is taken:`, ...taken.map((t) => `  ${t}`)]);

const names = entityNames(name);
let index: string;
try {
  index = registeredIndex(readFileSync(join(root, indexFile), 'utf8'), name);
} catch (err) {
  refuse(`${indexFile} is not in the shape this command edits (${(err as Error).message}): nothing was written`);
}
const files = [
  {
    path: `server/resources/${names.file}`,
    text: definitionSource(name),
    what: 'its definition: columns, fields, access, screen, menu place',
  },
  {
    path: nextMigration(root, names),
    text: migrationSql(name),
    what: `its table ${names.table} and the indexes its sorts and searches use`,
  },
] as const;

if (dryRun) {
  for (const file of files) console.log(`--- ${file.path} (new)\n${file.text}`);
  console.log(`--- ${indexFile} (these lines added)\nimport { ${names.constant} } from './${names.file}';\n  ${names.constant},\n`);
  console.log('Nothing was written (--dry-run).');
  process.exit(0);
}

// New files only ('wx' refuses one that appeared since the check); the index last, once both are written.
const written: string[] = [];
try {
  for (const file of files) {
    writeFileSync(join(root, file.path), file.text, { flag: 'wx' });
    written.push(file.path);
  }
  writeFileSync(join(root, indexFile), index);
} catch (err) {
  for (const path of written) rmSync(join(root, path), { force: true });
  console.error(`new:resource: ${(err as Error).message}: nothing was written`);
  process.exit(1);
}

const width = Math.max(...[...files.map((f) => f.path), indexFile].map((p) => p.length));
console.log(`Wrote the resource ${name}:`);
for (const file of files) console.log(`  ${file.path.padEnd(width)}  ${file.what}`);
console.log(`  ${indexFile.padEnd(width)}  its import and its line in the registry`);
console.log(`
Next:
  1. Change ${files[0].path} into the entity you need: say what it is at the top, change its
     columns (each with its SQL and its field), who may do what, and its menu place. A reference to another
     entity is one entry: reference(statesDef, {...}) (docs/recipes/add-an-entity.md).
  2. Change ${files[1].path} to match: a column's type, NULL and default as the definition says.
  3. npm test -- test/server/resources   (schema-agrees.test.ts holds the definition to its table)
  4. npm start (or npm run dev): the migration runs, and ${names.title} is in the menu under Administration.`);
