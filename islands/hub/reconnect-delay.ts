// How long a tab waits before it reconnects to the hub: a step that doubles from 0.5 s up to 30 s, so that a
// server that is down is not hammered, and a random point in the upper half of the step, so that the tabs a
// restart cut off do not all come back in the same instant.
export const FIRST_STEP_MS = 500;
export const LAST_STEP_MS = 30_000;

/** The wait before the attempt after `failures` failed ones (0: the first attempt after a drop). */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const step = Math.min(LAST_STEP_MS, FIRST_STEP_MS * 2 ** failures);
  return step / 2 + random() * (step / 2);
}
