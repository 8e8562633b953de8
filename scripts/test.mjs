// npm test: prepares this run's template database and the tests' browser bundle, then runs every test file
// with node:test. On the embedded database by default; against PostgreSQL when DATABASE_URL is set (each run
// makes its own template database there and drops it, and every test file gets its own copy).
//   npm test                      all tests
//   npm test -- test/server/x.test.ts   only these files
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { prepareTemplate, runTsx } from './test-template.mjs';
import { browserSources, buildBrowserBundle, isFresh, root } from './browser-bundle.mjs';

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
// The app's bundle with the islands only tests use, which browser tests load (test/support/test-bundle.ts
// serves it from here); built once for the run, before the test files run in parallel.
const testBundle = { entry: 'test/support/islands/boot.ts', outdir: join(root, '.test-cache/build') };
if (!isFresh(join(testBundle.outdir, 'manifest.json'), [...browserSources, join(root, 'test/support/islands')])) {
  await buildBrowserBundle(testBundle.entry, testBundle.outdir);
}

const env = { ...process.env };
const dropTemplate = prepareTemplate(env);
let status = 1;
try {
  status = runTsx(['--test', '--test-timeout=300000', ...files], env).status ?? 1;
} finally {
  dropTemplate();
}
process.exit(status);
