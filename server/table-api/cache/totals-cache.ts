// Footer totals scan the whole filtered set (a million rows of sales: hundreds of milliseconds), while a
// table asks for the same totals on every page turn and refresh. They are kept briefly per database and
// query, and a change made through the table API forgets its resource's entries at once. Changes made
// elsewhere (another app instance, a direct import) show within the time to live; every answer says when
// its totals were computed (`totalsSyncedAt`).
import type pg from 'pg';
import { ShortLived } from './short-lived.ts';

export interface Totals {
  count: number;
  values: Record<string, unknown>;
  at: string;
}

const totals = new ShortLived<Totals>(30_000, 500);

export function cachedTotals(
  pool: pg.Pool,
  resource: string,
  query: { text: string; params: ReadonlyArray<unknown> },
  compute: () => Promise<Omit<Totals, 'at'>>,
): Promise<Totals> {
  return totals.get(pool, resource, [query.text, query.params], async () => ({ ...(await compute()), at: new Date().toISOString() }));
}

/** The resource's totals computed afresh on their next request (a change forgets them with forgetResource). */
export function forgetTotals(pool: pg.Pool, resource: string): void {
  totals.forget(pool, resource);
}
