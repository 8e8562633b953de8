// npm test: prepares this run's template database, then runs every test file with node:test.
// On the embedded database by default; against PostgreSQL when DATABASE_URL is set (each run makes
// its own template database there and drops it, and every test file gets its own copy).
//   npm test                      all tests
//   npm test -- test/server/x.test.ts   only these files
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { prepareTemplate, runTsx } from './test-template.mjs';

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
const dropTemplate = prepareTemplate(env);
let status = 1;
try {
  status = runTsx(['--test', '--test-timeout=300000', ...files], env).status ?? 1;
} finally {
  dropTemplate();
}
process.exit(status);
