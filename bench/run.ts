// `npm run bench`: runs every benchmark in bench/ one after another (each is also runnable alone with
// `node --import tsx bench/<name>.ts`). Pass names to run only some: `npm run bench -- startup grid`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
// Support modules, not benchmarks.
const helpers = new Set(['run.ts', 'report.ts', 'server-process.ts']);
const wanted = process.argv.slice(2);
const benches = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !helpers.has(f))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.ts$/, '')))
  .sort();
// Benches built on the test app (the page and health ones) copy a template database as tests do: on a
// PostgreSQL server, this run makes its own and drops it after (the embedded one is made and kept by
// make-template itself).
const env = { ...process.env };
const template = process.env.DATABASE_URL ? `backroom_tpl_bench_${process.pid}` : null;
const tsx = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', ...args], { stdio: 'inherit', env });
if (tsx(['test/support/make-template.ts', ...(template ? ['postgres', template] : ['embedded'])]).status !== 0) process.exit(1);
if (template) env.BACKROOM_TEST_TEMPLATE = template;
let failed = 0;
try {
  for (const file of benches) {
    console.log(`\n### ${file}`);
    if (tsx([`${dir}${file}`]).status !== 0) failed++;
  }
} finally {
  if (template) tsx(['test/support/make-template.ts', 'drop', template]);
}
process.exit(failed ? 1 : 0);
