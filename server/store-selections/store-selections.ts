// The store selections the server holds for requests (migration 020): registered by a page whose selection is
// too long for a URL, resolved when a request names one by its reference. The list lives in the database, so
// any instance resolves what another registered; each instance keeps the lists it resolved for an hour (a
// reference always names the same list, so a kept one is never wrong, only perhaps removed since). Read from
// the primary, never a replica: a page uses a reference at once after registering it.
// Kept alive by use: resolving moves `used_at` on at most once a day, registering the list again (each page
// load holding it does) too. A selection unused for `unusedDays` is removed, a few of the oldest with each
// new registration, so no timer is needed and a page still holding one registers it back.
import type pg from 'pg';
import { LRUCache } from 'lru-cache';
import { Refusal } from '../plugins/refusals.ts';
import { canonicalStores, referenceOf } from './selection-reference.ts';

export interface StoreSelectionLimits {
  /** New selections one user may register a day. */
  perUserPerDay: number;
  /** Days unused after which a selection is removed. */
  unusedDays: number;
}

export interface Registered {
  reference: string;
  /** The server did not hold the list before: requests a page sent meanwhile under its reference were refused. */
  created: boolean;
}

/** At most this many of the oldest unused selections are removed per registration: a backlog drains as new ones come. */
const PRUNED_PER_REGISTRATION = 50;
/** Lists one instance keeps resolved (5,000 ids are ~40 KB in memory), and for how long. */
const KEPT_LISTS = 200;
const KEPT_MS = 60 * 60 * 1000;

// One statement: the list, and `used_at` moved on when it is a day old (data-modifying WITH runs whatever is read).
const RESOLVE = `
  with touched as (update store_selections set used_at = now() where reference = $1 and used_at < now() - interval '1 day')
  select store_ids from store_selections where reference = $1`;

// Added only while the user registered fewer than their day's share; a list raced in by another request is left as it is.
const ADD = `
  insert into store_selections (reference, store_ids, created_by)
  select $1, $2::int[], $3
  where (select count(*) from store_selections where created_by = $3 and created_at > now() - interval '1 day') < $4
  on conflict (reference) do nothing
  returning reference`;

// The oldest first; SKIP LOCKED: one another registration is removing is left to it.
const PRUNE = `
  delete from store_selections where reference in (
    select reference from store_selections where used_at < now() - make_interval(days => $1)
    order by used_at limit $2 for update skip locked)`;

export class StoreSelections {
  private readonly kept = new LRUCache<string, number[]>({ max: KEPT_LISTS, ttl: KEPT_MS });

  constructor(
    private readonly pool: pg.Pool,
    private readonly limits: StoreSelectionLimits,
  ) {}

  /** The stores `reference` names; null when the server holds no such selection. */
  async resolve(reference: string): Promise<number[] | null> {
    const hit = this.kept.get(reference);
    if (hit) return hit;
    const found = await this.pool.query<{ store_ids: number[] }>(RESOLVE, [reference]);
    const stores = found.rows[0]?.store_ids ?? null;
    if (stores) this.kept.set(reference, stores);
    return stores;
  }

  /** Holds `ids` (1 to MAX_SELECTED_STORES store ids) for requests, registered by `userId`; its reference. */
  async register(userId: number, ids: readonly number[]): Promise<Registered> {
    const stores = canonicalStores(ids);
    const reference = referenceOf(stores);
    const held = async () => (await this.pool.query(RESOLVE, [reference])).rowCount! > 0;
    if (await held()) return { reference, created: false };
    const added = await this.pool.query(ADD, [reference, stores, userId, this.limits.perUserPerDay]);
    if (added.rowCount) {
      this.kept.set(reference, stores);
      await this.pool.query(PRUNE, [this.limits.unusedDays, PRUNED_PER_REGISTRATION]);
      return { reference, created: true };
    }
    // Not added: another request added the same list meanwhile, or the user has had their day's share.
    if (await held()) return { reference, created: false };
    throw new Refusal(429, 'storeSelectionsPerDay', this.limits.perUserPerDay);
  }
}
