// Where the server finds its files (views, static assets, migrations, the embedded database's process),
// from the project root. The server runs either from its sources (tsx: tests, `npm run dev`) or from the
// bundle `npm start` builds into dist/ (no TypeScript loader in memory), so paths cannot be relative to
// the running module: they are found from the nearest folder holding package.json.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function projectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

const here = fileURLToPath(import.meta.url);
export const root = projectRoot(dirname(here));
/** Running from the TypeScript sources (through tsx) rather than from the dist/ bundle. */
const fromSources = here.endsWith('.ts');

export const viewsDir = `${join(root, 'views')}/`;
export const staticDir = `${join(root, 'static')}/`;
export const buildDir = `${join(root, 'static', 'build')}/`;
export const migrationsDir = `${join(root, 'server', 'db', 'migrations')}/`;
/** The bundles scripts/build.mjs writes; `npm start` runs `node --enable-source-maps` on the server's. */
const bundleDir = join(root, 'dist', 'server');
export const serverBundle = { entry: join(bundleDir, 'main.mjs'), execArgv: ['--enable-source-maps'] };
/**
 * V8's flags for the embedded database's process. EMBEDDED_DB_BASELINE=1 compiles PostgreSQL's WebAssembly
 * with the baseline compiler only: optimizing its hot functions costs more processor time than a short-lived
 * database wins back (a test file's copy: a quarter less processor time; a new database's initdb: 5.8 s of
 * processor time down to 3.5 s), while a long-running app's queries are faster optimized (the default).
 */
const wasmFlags = process.env.EMBEDDED_DB_BASELINE === '1' ? ['--liftoff-only'] : [];
/** The embedded database's process: its source through tsx, or its bundle. */
export const embeddedServer = fromSources
  ? { entry: join(root, 'server', 'db', 'embedded-server.ts'), execArgv: ['--import', 'tsx', ...wasmFlags] }
  : { entry: join(bundleDir, 'embedded-server.mjs'), execArgv: wasmFlags };
