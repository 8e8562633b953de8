// Figures a table asks for on every page turn and refresh, which may be a few seconds old: footer totals,
// table sizes, the planner's row estimates. Kept per database (pool) and key for a time to live, the oldest
// dropped first past a size limit; a change made through the table API forgets its resource's entries.
import type pg from 'pg';

export class ShortLived<V> {
  readonly #caches = new WeakMap<pg.Pool, Map<string, { value: V; expires: number }>>();

  constructor(
    readonly ttlMs: number,
    readonly maxEntries: number,
  ) {}

  /** The value kept for `key` if still fresh, else `compute`'s, kept. Keys start with their resource's name. */
  async get(pool: pg.Pool, key: string, compute: () => Promise<V>): Promise<V> {
    let cache = this.#caches.get(pool);
    if (!cache) this.#caches.set(pool, (cache = new Map()));
    const hit = cache.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    const value = await compute();
    cache.delete(key);
    if (cache.size >= this.maxEntries) cache.delete(cache.keys().next().value!);
    cache.set(key, { value, expires: Date.now() + this.ttlMs });
    return value;
  }

  /** Drops every entry whose key starts with `prefix` (a resource's name and the separator). */
  forget(pool: pg.Pool, prefix: string): void {
    const cache = this.#caches.get(pool);
    if (!cache) return;
    for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key);
  }
}

/** A cache key: the resource first (what `forget` drops by), then the parts that tell its entries apart. */
export function cacheKey(resource: string, ...parts: ReadonlyArray<unknown>): string {
  return [resource, ...parts.map((p) => (typeof p === 'string' ? p : JSON.stringify(p)))].join('\u0000');
}
