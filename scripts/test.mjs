// npm test: prepares this run's template database, then runs every test file with node:test.
// On the embedded database by default; against PostgreSQL when DATABASE_URL is set (each run makes
// its own template database there and drops it, and every test file gets its own copy).
//   npm test                      all tests
//   npm test -- test/server/x.test.ts   only these files
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const tsx = ['--import', 'tsx'];
const run = (args, env = process.env) => spawnSync(process.execPath, args, { stdio: 'inherit', env });

function find(dir) {
  let out = [];
  for (const f of readdirSync(dir).sort()) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) out = out.concat(find(p));
    else if (f.endsWith('.test.ts') || f.endsWith('.test.tsx')) out.push(p);
  }
  return out;
}

const requested = process.argv.slice(2);
const files = requested.length ? requested : ['test/unit', 'test/server', 'test/browser'].flatMap(find);
const env = { ...process.env };
let template = null;
if (process.env.DATABASE_URL) {
  template = `backroom_tpl_${process.pid}`;
  env.BACKROOM_TEST_TEMPLATE = template;
  console.log(`# database: PostgreSQL (${new URL(process.env.DATABASE_URL).host}), template ${template}`);
  if (run([...tsx, 'test/support/make-template.ts', 'postgres', template]).status !== 0) process.exit(1);
} else {
  console.log('# database: embedded PGlite');
  if (run([...tsx, 'test/support/make-template.ts', 'embedded']).status !== 0) process.exit(1);
}

let status = 1;
try {
  const result = run([...tsx, '--test', '--test-timeout=300000', ...files], env);
  status = result.status ?? 1;
} finally {
  if (template) run([...tsx, 'test/support/make-template.ts', 'drop', template]);
}
process.exit(status);
