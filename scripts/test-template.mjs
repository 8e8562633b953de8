// The template database that runs on the test app copy (npm test, and npm run bench for its benches built on
// the test app): embedded, made once and kept while its key holds; or, when DATABASE_URL is set, made on that
// PostgreSQL server for this run only (named to the run's processes in BACKROOM_TEST_TEMPLATE) and dropped after.
import { spawn, spawnSync } from 'node:child_process';

/** Runs `node --import tsx ...args` in the foreground. */
export function runTsx(args, env = process.env) {
  return spawnSync(process.execPath, ['--import', 'tsx', ...args], { stdio: 'inherit', env });
}

/** Runs `node --import tsx ...args` beside whatever the caller does next; resolves to its exit status. */
function runTsxAside(args) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

const make = 'test/support/make-template.ts';

/** What making the template for a run whose processes get `env` takes: its arguments; the run's env is set. */
function templateJob(env) {
  const server = process.env.DATABASE_URL;
  if (!server) {
    console.log('# database: embedded PGlite');
    return { args: [make, 'embedded'], drop: () => {} };
  }
  const name = `backroom_tpl_${process.pid}`;
  env.BACKROOM_TEST_TEMPLATE = name;
  console.log(`# database: PostgreSQL (${new URL(server).host}), template ${name}`);
  return { args: [make, 'postgres', name], drop: () => runTsx([make, 'drop', name]) };
}

/** Makes the template for a run whose processes get `env` (exits on failure); returns its clean-up. */
export function prepareTemplate(env) {
  const job = templateJob(env);
  if (runTsx(job.args).status !== 0) process.exit(1);
  return job.drop;
}

/**
 * prepareTemplate, made while the caller goes on (npm test bundles its files meanwhile: seeding a template
 * is seconds of a database's work, bundling seconds of esbuild's). Resolves to the clean-up; exits on failure.
 */
export async function startTemplate(env) {
  const job = templateJob(env);
  if ((await runTsxAside(job.args)) !== 0) process.exit(1);
  return job.drop;
}
