// The runner `npm test` bundles and calls (scripts/test.mjs): starts one Chromium that every browser test file
// connects to, runs the bundled test files with node:test several at once, the longest first (short unit and
// server files a few to a process: scripts/test-groups.ts), and ends with the ten slowest processes. Each file has a 5-minute backstop; each test and hook its own 60 s
// (test/support/node-test.ts).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { finished } from 'node:stream/promises';
import { run } from 'node:test';
import { tap } from 'node:test/reporters';
import { chromium, type BrowserServer } from 'playwright-core';
import { root } from '../server/paths.ts';
import { chromiumFlags } from '../server/reports/pdf/chromium.ts';
import { browserTestChromium } from '../test/support/test-chromium.ts';
import { BROWSER_ENDPOINT_ENV, FILE_TIMINGS_ENV } from '../test/support/run-env.ts';
import { inGroups, type TestFile } from './test-groups.ts';

export type { TestFile };

/**
 * A process that runs longer than this fails: a backstop for a hang outside any test (each test has 60 s);
 * a group's files run one after another in it.
 */
const FILE_TIMEOUT_MS = 10 * 60_000;

/** Where a run keeps each file's times, for the next run to start the longest files first. */
const lastTimings = join(root, '.test-cache/test-timings.json');
type FileTime = { file: string; ms: number; cpuMs: number | null };

/** Each file's times (by source) as the runs before this one took them; none on a clean clone. */
function readTimings(): FileTime[] {
  try {
    return JSON.parse(readFileSync(lastTimings, 'utf8')) as FileTime[];
  } catch {
    return [];
  }
}

/**
 * The files in the order they start: the longest first as the last run timed them (so that no long file
 * starts last and runs alone at the end); those no run has timed before all, in the order browser, server,
 * then unit tests, which is that order roughly. (CI's PostgreSQL step comes after a step that timed the
 * server files but no browser file: the browser files, the longest, must not all wait for the end.)
 */
function longestFirst(files: TestFile[], last: Map<string, number>): TestFile[] {
  const folder = (f: TestFile) => ['test/browser', 'test/server', 'test/unit'].findIndex((d) => f.source.startsWith(d));
  // A group's time is its files' (one not timed yet makes it untimed).
  const ms = (f: TestFile) => (f.members ?? [f]).reduce((sum, m) => sum + (last.get(m.source) ?? Number.POSITIVE_INFINITY), 0);
  return files
    .map((f, i) => ({ f, i, ms: ms(f), folder: folder(f) }))
    .sort((a, b) => b.ms - a.ms || a.folder - b.folder || a.i - b.i)
    .map((x) => x.f);
}

/** Runs the files; resolves to the process's exit status (1 when any test failed). */
/**
 * Files whose deadlines are the app's, not the machine's: they run after the others, alone, so that no other
 * file's load decides them (the fault suite: /healthz back within 5 s of a strike).
 */
const runAlone = new Set(['test/server/faults.test.ts']);

/** A failed test as the end of a run lists it: CI's log is long, and its end is what people read first. */
interface Failure {
  file: string;
  name: string;
  error: string;
}

/** Runs the files, `concurrency` at once, writing their TAP to standard output; adds each failed test to `failures`. */
async function runBatch(files: TestFile[], concurrency: number, failures: Failure[]): Promise<boolean> {
  if (files.length === 0) return false;
  let failed = false;
  const stream = run({ files: files.map((f) => f.bundle), concurrency, timeout: FILE_TIMEOUT_MS });
  stream.on('test:fail', (data) => {
    if (data.todo) return;
    failed = true;
    // A suite fails with its tests: the tests say why.
    if (data.details.type === 'suite') return;
    const error = data.details.error as Error & { cause?: unknown };
    const cause = error.cause instanceof Error ? error.cause : error;
    // Tests are declared through test/support/node-test.ts, which node names as their file: the test file is
    // the first one of the stack that is one.
    const file = /\btest\/[\w/.-]+\.test\.tsx?/.exec(cause.stack ?? '')?.[0] ?? data.file ?? '';
    failures.push({ file, name: data.name, error: cause.message.trim().split('\n').slice(0, 6).join('\n') });
  });
  const report = stream.compose(tap);
  report.pipe(process.stdout, { end: false });
  await finished(report);
  return failed;
}

/** Runs the test files, writing the entries of the processes that share several to `groupDir`. */
export async function runTests(files: TestFile[], groupDir: string): Promise<number> {
  const last = new Map(readTimings().map((t) => [t.file, t.ms]));
  const processes = inGroups(files, last, groupDir);
  const ordered = longestFirst(processes, last);
  // As many as the cores: the files keep them busy (on 2 cores, 8 browser files took 135 s two at once,
  // 141 s three at once, 156 s five).
  const concurrency = Number(process.env.TEST_CONCURRENCY) || availableParallelism();
  const timings = mkdtempSync(join(tmpdir(), 'backroom-test-timings-'));
  process.env[FILE_TIMINGS_ENV] = timings;
  let browser: BrowserServer | undefined;
  let failed = false;
  const failures: Failure[] = [];
  try {
    // One Chromium for the run: each browser test file connects to it and takes fresh contexts of its own.
    const executable = browserTestChromium();
    if (executable && files.some((f) => f.source.startsWith('test/browser'))) {
      browser = await chromium.launchServer({ executablePath: executable, headless: true, args: chromiumFlags });
      process.env[BROWSER_ENDPOINT_ENV] = browser.wsEndpoint();
    }
    console.log(`# ${files.length} test files in ${processes.length} processes, ${concurrency} at once${browser ? ', one Chromium' : ''}`);
    failed = await runBatch(
      ordered.filter((f) => !runAlone.has(f.source)),
      concurrency,
      failures,
    );
    const alone = ordered.filter((f) => runAlone.has(f.source));
    if (alone.length) console.log(`# alone: ${alone.map((f) => f.source).join(', ')}`);
    if (await runBatch(alone, 1, failures)) failed = true;
  } finally {
    // Measured before it closes: its renderers are its zygote's children, which the runner never waits for.
    const chromiumMs = browser ? treeCpuMs(browser.process().pid) : null;
    await browser?.close();
    printSlowest(timings, processes, chromiumMs);
    rmSync(timings, { recursive: true, force: true });
    printFailures(failures, processes);
  }
  return failed ? 1 : 0;
}

/** Each failed test with its file and the start of its error, last in the output. */
function printFailures(failures: Failure[], files: TestFile[]): void {
  if (failures.length === 0) return;
  // Node names a test's file as its source map does: the TypeScript's path, or the bundle's URL.
  const sourceOf = new Map(files.map((f) => [pathToFileURL(f.bundle).href, f.source]));
  console.log(`# failed: ${failures.length} test(s)`);
  for (const { file, name, error } of failures) {
    console.log(`#   ${sourceOf.get(file) ?? relative(root, file)}: ${name}`);
    for (const line of error.split('\n')) console.log(`#       ${line}`);
  }
}

/**
 * The ten processes that took longest, from what each wrote (test/support/node-test.ts). The times kept for
 * the next run are each file's: a group's are shared among its files evenly.
 */
function printSlowest(dir: string, processes: TestFile[], chromiumMs: number | null): void {
  const byBundle = new Map(processes.map((p) => [p.bundle, p]));
  const times = readdirSync(dir).map((f) => {
    const time = JSON.parse(readFileSync(join(dir, f), 'utf8')) as FileTime;
    return { ...time, process: byBundle.get(time.file), file: byBundle.get(time.file)?.source ?? relative(root, time.file) };
  });
  const perFile = times.flatMap(({ process, file, ms, cpuMs }) => {
    const members = process?.members ?? [{ source: file }];
    return members.map((m) => ({ file: m.source, ms: ms / members.length, cpuMs: cpuMs === null ? null : cpuMs / members.length }));
  });
  writeFileSync(lastTimings, JSON.stringify([...readTimings().filter((t) => !perFile.some((n) => n.file === t.file)), ...perFile]));
  times.sort((a, b) => b.ms - a.ms);
  const seconds = (ms: number | null) => (ms === null ? '-' : (ms / 1000).toFixed(1)).padStart(6);
  console.log('# slowest test processes: seconds from start to exit, and processor seconds (with its database process)');
  for (const { file, ms, cpuMs } of times.slice(0, 10)) console.log(`#   ${seconds(ms)} ${seconds(cpuMs)}  ${file}`);
  const cpu = times.reduce((sum, t) => sum + (t.cpuMs ?? 0), 0);
  const runner = ownCpuMs();
  const parts = [
    runner === null ? '' : `; the runner ${(runner / 1000).toFixed(0)}`,
    chromiumMs === null ? '' : `; the run's Chromium ${(chromiumMs / 1000).toFixed(0)}`,
  ];
  console.log(
    `# ${times.length} processes used ${(cpu / 1000).toFixed(0)} processor seconds${parts.join('')} (a PostgreSQL server's not counted)`,
  );
}

/** A /proc/<pid>/stat's fields after the command's closing parenthesis (state, ppid, ..., utime at 11). */
function statFields(pid: number | 'self'): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** Linux's clock ticks (100 a second) of fields `from` to `to` of a stat, in milliseconds. */
const ticksMs = (fields: string[], from: number, to: number) => fields.slice(from, to).reduce((sum, f) => sum + Number(f), 0) * 10;

/** The runner's own processor time (not the test files', which each report theirs); null where there is no /proc. */
function ownCpuMs(): number | null {
  const fields = statFields('self');
  return fields && ticksMs(fields, 11, 13);
}

/**
 * The processor time of a process and its descendants as they stand: each living one's own time and that of
 * the children it has waited for. Chromium's renderers are forked by its zygote, so the run's Chromium is
 * measured this way, before it closes; most of a browser test's processor time is there. Null without /proc.
 */
function treeCpuMs(root: number | undefined): number | null {
  if (root === undefined) return null;
  const children = new Map<number, number[]>();
  const stats = new Map<number, string[]>();
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return null;
  }
  for (const p of pids) {
    const fields = statFields(Number(p));
    if (!fields) continue;
    stats.set(Number(p), fields);
    const parent = Number(fields[1]);
    children.set(parent, [...(children.get(parent) ?? []), Number(p)]);
  }
  const sum = (pid: number): number => {
    const fields = stats.get(pid);
    return (fields ? ticksMs(fields, 11, 15) : 0) + (children.get(pid) ?? []).reduce((ms, child) => ms + sum(child), 0);
  };
  return sum(root);
}
