// Footer totals scan the whole filtered set (a million rows of sales: hundreds of milliseconds), while a
// table asks for the same totals on every page turn and refresh. They are kept briefly per database and
// query, and a change made through the table API forgets its resource's entries at once. Changes made
// elsewhere (another app instance, a direct import) show within the time to live; every answer says when
// its totals were computed (`totalsSyncedAt`).
import type pg from 'pg';

export interface Totals {
  count: number;
  values: Record<string, unknown>;
  at: string;
}

const TTL_MS = 30_000;
const MAX_ENTRIES = 500;
const caches = new WeakMap<pg.Pool, Map<string, { totals: Totals; expires: number }>>();

function cacheOf(pool: pg.Pool): Map<string, { totals: Totals; expires: number }> {
  let cache = caches.get(pool);
  if (!cache) caches.set(pool, (cache = new Map()));
  return cache;
}

export async function cachedTotals(
  pool: pg.Pool,
  resource: string,
  query: { text: string; params: ReadonlyArray<unknown> },
  compute: () => Promise<Omit<Totals, 'at'>>,
): Promise<Totals> {
  const cache = cacheOf(pool);
  const key = `${resource}\u0000${query.text}\u0000${JSON.stringify(query.params)}`;
  const hit = cache.get(key);
  if (hit && hit.expires > Date.now()) return hit.totals;
  const totals = { ...(await compute()), at: new Date().toISOString() };
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, { totals, expires: Date.now() + TTL_MS });
  return totals;
}

export function forgetTotals(pool: pg.Pool, resource: string): void {
  const cache = caches.get(pool);
  if (!cache) return;
  for (const key of cache.keys()) if (key.startsWith(`${resource}\u0000`)) cache.delete(key);
}
