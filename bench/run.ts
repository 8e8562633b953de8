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
let failed = 0;
for (const file of benches) {
  console.log(`\n### ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${file}`], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
