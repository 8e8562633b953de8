// The one way a test waits for something that happens on its own time (a process's log line, a database
// coming back, a socket closing): poll a condition until it holds, and fail with what was awaited (and
// whatever `detail` adds) once the deadline passes. Never a fixed sleep: a test that waits for an event it
// can name is as fast as the event, and one that waits for nothing fails instead of hanging.

export interface UntilOptions {
  /** The longest wait (10 s unless said). */
  ms?: number;
  /** How often the condition is tried (every 10 ms unless said). */
  every?: number;
  /** More to say when the wait fails: a process's output, the frames so far. */
  detail?: () => string;
}

/** Resolves once `condition` holds; rejects after `ms` naming `what`. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  { ms = 10_000, every = 10, detail }: UntilOptions = {},
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}${detail ? `\n${detail()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}
