// Staff clicking, as the load benches send them (bench/load.ts, bench/close-of-day.ts): one click of a mix
// (lib/staff-mix.ts, lib/page-mix.ts) sent and tallied (its time, by kind of request, and any error), and
// people browsing with 0.5-1.5 s of think time until told to stop, beside another bench's work.
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from '../report.ts';
import { get } from './http-get.ts';
import type { Person } from './staff-mix.ts';

/** One click of a mix: what a person's browser asks next. */
export type Click = (person: Person) => { url: string; headers: Record<string, string> };

export interface Tally {
  ms: number[];
  errors: number;
  firstError?: string;
  /** The times of each kind of request (its path), for the slowest kinds. */
  byPath: Map<string, number[]>;
}
export const tally = (): Tally => ({ ms: [], errors: 0, byPath: new Map() });

/** One click of `person` against `base`, its time and any error counted in `into`. */
export async function send(base: string, click: Click, person: Person, into: Tally): Promise<void> {
  const { url, headers } = click(person);
  const began = performance.now();
  try {
    const status = await get(base + url, headers);
    const ms = performance.now() - began;
    into.ms.push(ms);
    const path = url.split('?')[0]!;
    const kind = into.byPath.get(path);
    if (kind) kind.push(ms);
    else into.byPath.set(path, [ms]);
    if (status !== 200) {
      into.errors++;
      into.firstError ??= `${status} on ${url}`;
    }
  } catch (err) {
    into.errors++;
    into.firstError ??= `${(err as Error).message} on ${url}`;
  }
}

/** Each kind of request's median, slowest first: where the time goes. */
export function byPath(t: Tally): string {
  return [...t.byPath]
    .map(([path, ms]) => ({ path, p50: percentile(ms, 50) }))
    .sort((a, b) => b.p50 - a.p50)
    .map((k) => `${k.path} ${k.p50.toFixed(0)}`)
    .join(', ');
}

/**
 * Starts `people` browsing `base` with `click` (each after a random first second) until `stop()`: the tally
 * of their clicks, and `stop`, which resolves once every person's last click is answered.
 */
export function browse(base: string, click: Click, people: Person[]): { tally: Tally; stop: () => Promise<void> } {
  const clicks = tally();
  let going = true;
  const done = Promise.all(
    people.map(async (person) => {
      await sleep(Math.random() * 1000);
      while (going) {
        await send(base, click, person, clicks);
        await sleep(500 + Math.random() * 1000);
      }
    }),
  );
  return {
    tally: clicks,
    stop: async () => {
      going = false;
      await done;
    },
  };
}
