// Figures a table asks for on every page turn and refresh, which may be a few seconds old: footer totals,
// table sizes, the planner's row estimates. Kept per database (pool), resource and key for a time to live,
// the oldest dropped first past a size limit. A change forgets every figure kept for the resources it
// touches, in every cache (forgetResource; changed-tables.ts finds the resources from the tables changed),
// and a figure whose computation was under way during the change is answered but not kept: it may have
// been read before the change committed. Callers asking for the same figure while it is computed share the
// computation, unless a change came between them.
import type pg from 'pg';

/** Every cache made, so that a change to a resource can forget its figures in all of them. */
const everyCache: Array<ShortLived<unknown>> = [];
/** Per database and resource, how many times its figures were forgotten. */
const generations = new WeakMap<pg.Pool, Map<string, number>>();

function generation(pool: pg.Pool, resource: string): number {
  return generations.get(pool)?.get(resource) ?? 0;
}

export class ShortLived<V> {
  readonly #caches = new WeakMap<pg.Pool, Map<string, { value: V; expires: number }>>();
  /** Computations under way, by key, with the generation they began in. */
  readonly #underWay = new WeakMap<pg.Pool, Map<string, { generation: number; value: Promise<V> }>>();

  constructor(
    readonly ttlMs: number,
    readonly maxEntries: number,
  ) {
    everyCache.push(this as ShortLived<unknown>);
  }

  /**
   * The value kept for the resource and `parts` if still fresh, else `compute`'s, kept (if `keeps` it). A
   * caller that finds the same value being computed since the resource's last change waits for it rather than
   * computing it again: once a change has forgotten a figure, the staff who ask for it together (at close of
   * day, every few seconds) hold one of the request pool's connections between them, not one each.
   */
  async get(
    pool: pg.Pool,
    resource: string,
    parts: ReadonlyArray<unknown>,
    compute: () => Promise<V>,
    keeps: (value: V) => boolean = () => true,
  ): Promise<V> {
    let cache = this.#caches.get(pool);
    if (!cache) this.#caches.set(pool, (cache = new Map()));
    const key = `${resource}\u0000${parts.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))).join('\u0000')}`;
    const hit = cache.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    const before = generation(pool, resource);
    let underWay = this.#underWay.get(pool);
    if (!underWay) this.#underWay.set(pool, (underWay = new Map()));
    const shared = underWay.get(key);
    // Its failure is its caller's (a deadline, a request gone): this one then computes its own.
    if (shared?.generation === before) return shared.value.catch(compute);
    const computing = compute();
    underWay.set(key, { generation: before, value: computing });
    let value: V;
    try {
      value = await computing;
    } finally {
      if (underWay.get(key)?.value === computing) underWay.delete(key);
    }
    if (generation(pool, resource) !== before || !keeps(value)) return value;
    cache.delete(key);
    if (cache.size >= this.maxEntries) cache.delete(cache.keys().next().value!);
    cache.set(key, { value, expires: Date.now() + this.ttlMs });
    return value;
  }

  /** Drops every entry kept for the resource. */
  forget(pool: pg.Pool, resource: string): void {
    const cache = this.#caches.get(pool);
    if (!cache) return;
    const prefix = `${resource}\u0000`;
    for (const key of cache.keys()) if (key.startsWith(prefix)) cache.delete(key);
  }
}

/** After a change to the resource's rows: its totals, size and estimates are read afresh. */
export function forgetResource(pool: pg.Pool, resource: string): void {
  let counts = generations.get(pool);
  if (!counts) generations.set(pool, (counts = new Map()));
  counts.set(resource, generation(pool, resource) + 1);
  for (const cache of everyCache) cache.forget(pool, resource);
}
