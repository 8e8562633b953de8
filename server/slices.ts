// Long work on the main thread done a slice at a time (formatting a report's thousands of rows, drawing
// them), yielding to the event loop between slices: other requests are answered in between, so one big
// report never holds the instance up for more than a slice (about a few milliseconds).
import { setImmediate } from 'node:timers/promises';

/** Items per slice: a few milliseconds of formatting or drawing rows. */
export const SLICE = 250;

/** `fn` over every item, a slice at a time, yielding between slices. */
export async function mapInSlices<T, U>(items: ReadonlyArray<T>, fn: (item: T) => U, size = SLICE): Promise<U[]> {
  const out: U[] = [];
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await setImmediate();
    for (const item of items.slice(start, start + size)) out.push(fn(item));
  }
  return out;
}

/** The slices of `items`, each drawn by `draw` in turn, yielding between them; the drawings joined. */
export async function drawInSlices<T>(
  items: ReadonlyArray<T>,
  draw: (slice: ReadonlyArray<T>) => Promise<string>,
  size = SLICE,
): Promise<string> {
  const parts: string[] = [];
  for (let start = 0; start < items.length; start += size) {
    if (start > 0) await setImmediate();
    parts.push(await draw(items.slice(start, start + size)));
  }
  return parts.join('');
}
