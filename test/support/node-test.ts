// node:test as every test file uses it, with a deadline on each test and hook: one that hangs fails after
// 60 s under its own name, rather than holding its whole file up until the runner's backstop. (Node 20's
// --test-timeout bounds a whole file, not a test, so the deadline is given here, test by test.) Test files
// import from here, not from node:test (biome.jsonc says so). Under `npm test`, each file's process also
// writes how long it ran, from its start to its exit, for the run's list of slowest files.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as nodeTest from 'node:test';
import { FILE_TIMINGS_ENV } from './run-env.ts';

const timings = process.env[FILE_TIMINGS_ENV];
if (timings) {
  process.once('exit', () => {
    const file = process.argv[1] ?? 'unknown';
    writeFileSync(join(timings, `${process.pid}.json`), JSON.stringify({ file, ms: performance.now() }));
  });
}

export { describe, mock, type TestContext, type SuiteContext } from 'node:test';

/** The longest a test, or a hook, may run. */
export const TEST_TIMEOUT_MS = 60_000;

type Options = nodeTest.TestOptions;

/** `run`'s arguments ([name][, options][, fn]) with the deadline added to the options unless they set one. */
function withDeadline<A extends unknown[], R>(run: (...args: A) => R): (...args: A) => R {
  return (...args: A) => {
    const at = args.findIndex((a) => typeof a === 'object' && a !== null);
    const given = at >= 0 ? (args[at] as Options) : undefined;
    const options: Options = { timeout: TEST_TIMEOUT_MS, ...given };
    const fnAt = args.findIndex((a) => typeof a === 'function');
    const name = typeof args[0] === 'string' ? [args[0]] : [];
    const fn = fnAt >= 0 ? [args[fnAt]] : [];
    return run(...([...name, options, ...fn] as unknown as A));
  };
}

export const test: typeof nodeTest.test = Object.assign(withDeadline(nodeTest.test), {
  skip: withDeadline(nodeTest.test.skip),
  todo: withDeadline(nodeTest.test.todo),
  only: withDeadline(nodeTest.test.only),
}) as typeof nodeTest.test;

type Hook = (fn: nodeTest.HookFn, options?: nodeTest.HookOptions) => void;

function hookWithDeadline(hook: Hook): Hook {
  return (fn, options) => hook(fn, { timeout: TEST_TIMEOUT_MS, ...options });
}

export const before = hookWithDeadline(nodeTest.before);
export const after = hookWithDeadline(nodeTest.after);
export const beforeEach = hookWithDeadline(nodeTest.beforeEach);
export const afterEach = hookWithDeadline(nodeTest.afterEach);
