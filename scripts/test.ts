// npm test: prepares this run's template database, the tests' browser bundle and one Chromium that every
// browser test file connects to, then runs the test files with node:test, several at once. On the embedded
// database by default; against PostgreSQL when DATABASE_URL is set (each run makes its own template database
// there and drops it, and every test file gets its own copy). Ends with the ten slowest files.
//   npm test                                 every test
//   npm test -- test/unit test/server        only these folders or files
//   TEST_CONCURRENCY=1 npm test              one file at a time (default: the cores, plus one)
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { finished } from 'node:stream/promises';
import { run } from 'node:test';
import { tap } from 'node:test/reporters';
import { chromium, type BrowserServer } from 'playwright-core';
import { prepareTemplate } from './test-template.mjs';
import { browserSources, buildBrowserBundle, isFresh, root } from './browser-bundle.mjs';
import { chromiumFlags, findChromium } from '../server/reports/pdf/chromium.ts';
import { BROWSER_ENDPOINT_ENV, FILE_TIMINGS_ENV } from '../test/support/run-env.ts';

/** A file that runs longer than this fails: a backstop for a hang outside any test (each test has 60 s). */
const FILE_TIMEOUT_MS = 5 * 60_000;

function find(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((f) => {
      const p = join(path, f);
      return statSync(p).isDirectory() ? find(p) : /\.test\.tsx?$/.test(f) ? [p] : [];
    });
}

const requested = process.argv.slice(2);
const files = (requested.length ? requested : ['test/unit', 'test/server', 'test/browser']).flatMap(find);
const concurrency = Number(process.env.TEST_CONCURRENCY) || availableParallelism() + 1;
const browserFiles = files.filter((f) => relative(root, f).startsWith('test/browser'));

// The app's bundle with the islands only tests use, which browser tests load (test/support/test-bundle.ts
// serves it from here); built once for the run, before the test files run in parallel.
const testBundle = { entry: 'test/support/islands/boot.ts', outdir: join(root, '.test-cache/build') };
if (browserFiles.length && !isFresh(join(testBundle.outdir, 'manifest.json'), [...browserSources, join(root, 'test/support/islands')])) {
  await buildBrowserBundle(testBundle.entry, testBundle.outdir);
}

const dropTemplate = prepareTemplate(process.env);
const timings = mkdtempSync(join(tmpdir(), 'backroom-test-timings-'));
process.env[FILE_TIMINGS_ENV] = timings;
let browser: BrowserServer | undefined;
let failed = false;
try {
  // One Chromium for the run: each browser test file connects to it and takes fresh contexts of its own.
  const executable = findChromium(process.env.CHROMIUM_PATH);
  if (browserFiles.length && executable) {
    browser = await chromium.launchServer({ executablePath: executable, headless: true, args: chromiumFlags });
    process.env[BROWSER_ENDPOINT_ENV] = browser.wsEndpoint();
  }
  console.log(`# ${files.length} test files, ${concurrency} at once${browser ? ', one Chromium' : ''}`);
  const stream = run({ files, concurrency, timeout: FILE_TIMEOUT_MS });
  stream.on('test:fail', (data) => {
    if (!data.todo) failed = true;
  });
  const report = stream.compose(tap);
  report.pipe(process.stdout, { end: false });
  await finished(report);
} finally {
  await browser?.close();
  dropTemplate();
  printSlowest(timings);
  rmSync(timings, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

/** The ten test files that took longest, from the times each file's process wrote (test/support/node-test.ts). */
function printSlowest(dir: string): void {
  const times = readdirSync(dir).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { file: string; ms: number });
  times.sort((a, b) => b.ms - a.ms);
  console.log('# slowest test files (seconds, from start to exit of each file):');
  for (const { file, ms } of times.slice(0, 10)) console.log(`#   ${(ms / 1000).toFixed(1).padStart(6)}  ${relative(root, file)}`);
}
