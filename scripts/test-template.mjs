// The template database that runs on the test app copy (npm test, and npm run bench for its benches built on
// the test app): embedded, made once and kept while its key holds; or, when DATABASE_URL is set, made on that
// PostgreSQL server for this run only (named to the run's processes in BACKROOM_TEST_TEMPLATE) and dropped after.
import { spawnSync } from 'node:child_process';

/** Runs `node --import tsx ...args` in the foreground. */
export function runTsx(args, env = process.env) {
  return spawnSync(process.execPath, ['--import', 'tsx', ...args], { stdio: 'inherit', env });
}

const make = 'test/support/make-template.ts';

/** Makes the template for a run whose processes get `env` (exits on failure); returns its clean-up. */
export function prepareTemplate(env) {
  const server = process.env.DATABASE_URL;
  if (!server) {
    console.log('# database: embedded PGlite');
    if (runTsx([make, 'embedded']).status !== 0) process.exit(1);
    return () => {};
  }
  const name = `backroom_tpl_${process.pid}`;
  env.BACKROOM_TEST_TEMPLATE = name;
  console.log(`# database: PostgreSQL (${new URL(server).host}), template ${name}`);
  if (runTsx([make, 'postgres', name]).status !== 0) process.exit(1);
  return () => runTsx([make, 'drop', name]);
}
