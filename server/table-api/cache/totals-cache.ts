// Footer totals and group totals scan the whole filtered set (a million rows of sales: hundreds of
// milliseconds), while a table asks for the same totals on every page turn and refresh. They are kept
// briefly per database and query, and a change made through the table API forgets its resource's entries
// at once. Changes made elsewhere (another app instance, a direct import) show within the time to live;
// every answer says when its totals were computed (`totalsSyncedAt`).
import type pg from 'pg';
import { ShortLived } from './short-lived.ts';

export interface Totals {
  count: number;
  values: Record<string, unknown>;
  at: string;
}

type Computed<T> = T & { at: string };

// One cache for every kind (footer totals, group totals, and the rows keptRows keeps): an entry is found by
// its query's text, which tells them apart.
const totals = new ShortLived<Computed<object>>(30_000, 500);

export function cachedTotals<T extends object>(
  pool: pg.Pool,
  resource: string,
  query: { text: string; params: ReadonlyArray<unknown> },
  compute: () => Promise<T>,
): Promise<Computed<T>> {
  return totals.get(pool, resource, [query.text, query.params], async () => ({
    ...(await compute()),
    at: new Date().toISOString(),
  })) as Promise<Computed<T>>;
}

/**
 * The rows of `text` with `params`, kept as totals are: figures a list asks again on every page turn (the
 * ranges a deep page starts from, a count on the totals table, the stores a search or region reaches).
 */
export async function keptRows<R>(pool: pg.Pool, resource: string, text: string, params: ReadonlyArray<unknown>): Promise<R[]> {
  const kept = await cachedTotals(pool, resource, { text, params }, async () => ({
    rows: (await pool.query(text, params as unknown[])).rows as R[],
  }));
  return kept.rows;
}

/** The resource's totals computed afresh on their next request (a change forgets them with forgetResource). */
export function forgetTotals(pool: pg.Pool, resource: string): void {
  totals.forget(pool, resource);
}
