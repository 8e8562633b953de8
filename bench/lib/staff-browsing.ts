// Staff browsing beside another bench's work (bench/close-of-day.ts): each person clicks as the load bench's
// mix does (lib/staff-mix.ts), thinks 0.5-1.5 s, and clicks again until told to stop; every answer's time and
// every error are tallied, so the bench can hold the staff's latency to its target while the machines send.
import { setTimeout as sleep } from 'node:timers/promises';
import { click, type Person } from './staff-mix.ts';

export interface Tally {
  ms: number[];
  errors: number;
  firstError?: string;
}

/** One click of `person` against `base`, its time and any error counted in `tally`. */
export async function send(base: string, person: Person, tally: Tally): Promise<void> {
  const { url, headers } = click(person);
  const began = performance.now();
  try {
    const res = await fetch(base + url, { headers });
    await res.arrayBuffer();
    tally.ms.push(performance.now() - began);
    if (res.status !== 200) {
      tally.errors++;
      tally.firstError ??= `${res.status} on ${url}`;
    }
  } catch (err) {
    tally.errors++;
    tally.firstError ??= `${(err as Error).message} on ${url}`;
  }
}

/**
 * Starts `people` browsing `base` (each after a random first second) until `stop()`: the tally of their
 * clicks, and `stop`, which resolves once every person's last click is answered.
 */
export function browse(base: string, people: Person[]): { tally: Tally; stop: () => Promise<void> } {
  const tally: Tally = { ms: [], errors: 0 };
  let going = true;
  const done = Promise.all(
    people.map(async (person) => {
      await sleep(Math.random() * 1000);
      while (going) {
        await send(base, person, tally);
        await sleep(500 + Math.random() * 1000);
      }
    }),
  );
  return {
    tally,
    stop: async () => {
      going = false;
      await done;
    },
  };
}
