// The store selection kept in the browser: which stores the user chose (none chosen = all stores), under
// keys of that user's own, and the spec's storage guard: keeping the store list costs about 10 units per
// store, and the browser is "low on memory" when less than half of its storage quota would remain. The
// words naming a scope are store-scope-label.ts's.

const STORAGE_UNITS_PER_STORE = 10;
const LOW_MEMORY_SHARE = 0.5;
const SELECTED_STORES = 'backroom.selectedStores';
const ALL_STORES = 'backroom.allStores';

export interface StoreListKeys {
  all: string;
  selected: string;
}

/** The localStorage keys of one user's store lists: a shared browser never reads one user's lists for another. */
export function storeListKeys(userId: number): StoreListKeys {
  return { all: `${ALL_STORES}.${userId}`, selected: `${SELECTED_STORES}.${userId}` };
}

/** Whether a localStorage key holds store lists: any user's, or the unkeyed ones earlier versions kept. */
export function isStoreListKey(key: string): boolean {
  return [ALL_STORES, SELECTED_STORES].some((base) => key === base || key.startsWith(`${base}.`));
}

interface StorageEstimateLike {
  quota?: number | undefined;
  usage?: number | undefined;
}

/** The share of the quota that would remain after keeping `storeCount` stores; 1 when the browser cannot tell. */
export function remainingShare(estimate: StorageEstimateLike, storeCount: number): number {
  const quota = estimate.quota ?? 0;
  if (quota <= 0) return 1;
  const remaining = quota - (estimate.usage ?? 0) - storeCount * STORAGE_UNITS_PER_STORE;
  return Math.max(0, remaining / quota);
}

export function isLowMemory(estimate: StorageEstimateLike, storeCount: number): boolean {
  return remainingShare(estimate, storeCount) < LOW_MEMORY_SHARE;
}

/** The selection as a request's `stores` parameter, `3,17,42`: what every route that takes it reads. */
export function storesParam(stores: readonly number[]): string {
  return stores.join(',');
}

/** Parses the stored selection: a list of positive store ids, or null (all stores) for anything else. */
export function parseSelection(text: string | null): number[] | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value)) return null;
    const ids = value.filter((v): v is number => Number.isInteger(v) && v > 0);
    return ids.length ? ids : null;
  } catch {
    return null;
  }
}
