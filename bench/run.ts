// `npm run bench`: runs every benchmark in bench/ one after another (each is also runnable alone with
// `node --import tsx bench/<name>.ts`). Pass names to run only some: `npm run bench -- startup table-list`.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { prepareTemplate, runTsx } from '../scripts/test-template.mjs';

const dir = fileURLToPath(new URL('.', import.meta.url));
// Support modules, not benchmarks.
const helpers = new Set(['run.ts', 'report.ts', 'server-process.ts']);
const wanted = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !helpers.has(f))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.ts$/, '')))
  .sort();
// Benches built on the test app (the page and health ones) copy its template database, as tests do.
// React's production build, as the server runs (server/launch.ts).
const env = { NODE_ENV: 'production', ...process.env };
const dropTemplate = prepareTemplate(env);
let failed = 0;
try {
  for (const file of benches) {
    console.log(`\n### ${file}`);
    if (runTsx([`${dir}${file}`], env).status !== 0) failed++;
  }
} finally {
  dropTemplate();
}
process.exit(failed ? 1 : 0);
