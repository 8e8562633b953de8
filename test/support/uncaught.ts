// What would have ended an app's process: an error thrown where nobody catches it (an 'error' event nobody
// listens to, a rejected promise nobody awaits). In a test the app runs in the test's own process, where
// node:test catches these and blames whichever test or hook it can; this watch lets the test that caused
// one say so itself. It only looks (uncaughtExceptionMonitor): what happens to the error is unchanged.

export interface UncaughtWatch {
  /** The errors seen since the watch began (or since the last `take`), taken off the list. */
  take(): Error[];
  stop(): void;
}

export function watchUncaught(): UncaughtWatch {
  const seen: Error[] = [];
  const monitor = (err: Error) => seen.push(err);
  process.on('uncaughtExceptionMonitor', monitor);
  return {
    take: () => seen.splice(0),
    stop: () => process.off('uncaughtExceptionMonitor', monitor),
  };
}
