// node:test as every test file uses it, with a deadline on each test and hook: one that hangs fails after
// 60 s with an error naming it and where it is written, rather than holding its whole file up until the
// runner's backstop. (Node 20's --test-timeout bounds a whole file, not a test, and a suite's timeout bounds
// the whole suite, so the deadline is given here, test by test.) Test files import from here, not from
// node:test (biome.jsonc says so). Under `npm test`, each file's process also writes how long it ran, from
// its start to its exit, and the processor time it used, for the run's list of slowest files.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as nodeTest from 'node:test';
import { FILE_TIMINGS_ENV } from './run-env.ts';

export { describe, mock, type TestContext, type SuiteContext } from 'node:test';

/** The longest a test, or a hook, may run (TEST_TIMEOUT_MS may lower it, or raise it under a debugger). */
export const TEST_TIMEOUT_MS = Number(process.env.TEST_TIMEOUT_MS) || 60_000;

const timings = process.env[FILE_TIMINGS_ENV];
if (timings) {
  process.once('exit', () => {
    const file = process.argv[1] ?? 'unknown';
    writeFileSync(join(timings, `${process.pid}.json`), JSON.stringify({ file, ms: performance.now(), cpuMs: cpuMs() }));
  });
}

/**
 * The processor time this process and the children it has waited for (its embedded database, a server it
 * started) have used, from /proc (Linux's clock ticks, 100 a second); null where there is no /proc.
 */
function cpuMs(): number | null {
  try {
    // Fields after the command's closing parenthesis: utime, stime, cutime and cstime are the 12th to 15th.
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) * 10;
  } catch {
    return null;
  }
}

/**
 * Where the test or hook being declared is written (`test/server/x.test.ts:42`): node:test takes its own
 * record of that from its caller, which is this module, so a deadline's error says it.
 */
function declaredAt(): string {
  // 0: the message, 1: here, 2: the wrapper below, 3: the test file's call.
  const frame = new Error().stack?.split('\n')[3] ?? '';
  const found = /\((.+):(\d+):\d+\)$/.exec(frame) ?? /at (.+):(\d+):\d+$/.exec(frame);
  if (!found) return 'unknown place';
  const file = found[1]!.startsWith('file://') ? fileURLToPath(found[1]!) : found[1]!;
  return `${relative(process.cwd(), file)}:${found[2]}`;
}

type Body = (...args: never[]) => unknown;

/** `fn`, failing once it has run for the deadline; a body taking node:test's `done` callback is left as it is. */
function withDeadline<F extends Body>(fn: F, kind: string, where: string): F {
  if (fn.length >= 2) return fn;
  return async function (this: unknown, ...args: Parameters<F>) {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${kind} timed out after ${TEST_TIMEOUT_MS / 1000} s (${where})`)), TEST_TIMEOUT_MS);
    });
    try {
      return await Promise.race([fn.apply(this, args), deadline]);
    } finally {
      clearTimeout(timer);
    }
  } as unknown as F;
}

type Declare = (...args: unknown[]) => unknown;

/** node:test's `test` (or `.skip`...) with the deadline put on the body its arguments ([name][, options][, fn]) carry. */
function testWithDeadline(declare: Declare): Declare {
  return (...args) => {
    const where = declaredAt();
    return declare(...args.map((a) => (typeof a === 'function' ? withDeadline(a as Body, 'test', where) : a)));
  };
}

export const test = Object.assign(testWithDeadline(nodeTest.test as Declare), {
  skip: testWithDeadline(nodeTest.test.skip as Declare),
  todo: testWithDeadline(nodeTest.test.todo as Declare),
  only: testWithDeadline(nodeTest.test.only as Declare),
}) as unknown as typeof nodeTest.test;

type Hook = (fn: nodeTest.HookFn, options?: nodeTest.HookOptions) => void;

function hookWithDeadline(hook: Hook, kind: string): Hook {
  return (fn, options) => hook(withDeadline(fn, `${kind} hook`, declaredAt()), options);
}

export const before = hookWithDeadline(nodeTest.before, 'before');
export const after = hookWithDeadline(nodeTest.after, 'after');
export const beforeEach = hookWithDeadline(nodeTest.beforeEach, 'beforeEach');
export const afterEach = hookWithDeadline(nodeTest.afterEach, 'afterEach');
