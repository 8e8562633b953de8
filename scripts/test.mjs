// npm test: prepares a run (the template database, the tests' browser bundle), bundles the test files and
// their runner (scripts/test-run.ts) into plain JavaScript with esbuild, and runs them. The test processes
// load no TypeScript loader: through one, each file spent seconds of processor time loading the server
// before its first test, which is most of what a short file costs. Source maps keep names and lines the
// TypeScript's. On the embedded database by default; against PostgreSQL when DATABASE_URL is set (each run
// makes its own template database there and drops it, and every test file gets its own copy).
//   npm test                                 every test
//   npm test -- test/unit test/server        only these folders or files
//   TEST_CONCURRENCY=1 npm test              one file at a time (default: as many as the cores)
import * as esbuild from 'esbuild';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { browserSources, buildBrowserBundle, isFresh, root } from './browser-bundle.mjs';
import { startTemplate } from './test-template.mjs';

/** Where the bundles go: test/server/x.test.ts becomes test/server/x.test.mjs under it. */
const bundleDir = join(root, '.test-cache/bundles');

function find(path) {
  if (!existsSync(path)) throw new Error(`no test file or folder ${path}`);
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((f) => {
      const p = join(path, f);
      return statSync(p).isDirectory() ? find(p) : /\.test\.tsx?$/.test(f) ? [p] : [];
    });
}

/**
 * The packages are bundled with the tests (and the `require` their CommonJS asks for given to each chunk):
 * each file's process otherwise spent a third of a second of processor time finding, reading and compiling
 * some 500 CommonJS files one by one. Left to Node: packages that find files of their own beside their code
 * (PGlite's WebAssembly, the browsers' drivers, the worker threads of a logger), the big ones few files
 * load, and @fastify/cookie, which imports `cookie` dynamically (a split bundle's chunk of that would have no
 * named exports). `npm start`'s bundle loads them all from node_modules, and test/server/main-process.test.ts
 * runs that bundle.
 */
const packagesBundled = {
  external: [
    '@electric-sql/*',
    'playwright-core',
    'puppeteer-core',
    'esbuild',
    'pino',
    'thread-stream',
    'exceljs',
    'oidc-provider',
    'axe-core',
    '@fastify/cookie',
    'pg-native',
  ],
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
};

const requested = process.argv.slice(2);
const sources = (requested.length ? requested : ['test/unit', 'test/server', 'test/browser']).flatMap(find).map((f) => relative(root, f));

// The apps under test render with the packages' production builds, as npm start's do (server/launch.ts):
// React's development build checks every element, and is not what users get.
process.env.NODE_ENV ??= 'production';
// Each test file's embedded database lives seconds: PostgreSQL's WebAssembly compiled by the baseline
// compiler only costs it a quarter less processor time than optimizing it would (server/paths.ts).
process.env.EMBEDDED_DB_BASELINE ??= '1';
// The template database is made (in a process of its own) while the bundles below, which need none of
// it, are built.
const template = startTemplate(process.env);

// The app's bundle with the islands only tests use, which browser tests load (test/support/test-bundle.ts
// serves it from here) and a server test reads (no-test-code.test.ts); built once for the run, before the
// test files run in parallel, whichever files were asked for.
try {
  const testBundle = { entry: 'test/support/islands/boot.ts', outdir: join(root, '.test-cache/build') };
  if (!isFresh(join(testBundle.outdir, 'manifest.json'), [...browserSources, join(root, 'test/support/islands')])) {
    await buildBrowserBundle(testBundle.entry, testBundle.outdir);
  }

  rmSync(bundleDir, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: ['scripts/test-run.ts', ...sources],
    outbase: '.',
    outdir: bundleDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // The files share the server's modules as chunks: each is compiled once for the run.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    ...packagesBundled,
    sourcemap: 'linked',
    jsx: 'automatic',
    logLevel: 'warning',
  });
} catch (err) {
  // A failed build still drops the template made meanwhile.
  (await template)();
  throw err;
}

const dropTemplate = await template;
let status = 1;
try {
  const { runTests } = await import(pathToFileURL(join(bundleDir, 'scripts/test-run.mjs')).href);
  status = await runTests(
    sources.map((source) => ({ source, bundle: join(bundleDir, source.replace(/\.tsx?$/, '.mjs')) })),
    join(bundleDir, 'groups'),
  );
} finally {
  dropTemplate();
}
process.exit(status);
