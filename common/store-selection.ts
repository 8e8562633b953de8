// The store selection kept in the browser: which stores the user chose (none chosen = all stores), and
// the spec's storage guard: keeping the store list costs about 10 units per store, and the browser is
// "low on memory" when less than half of its storage quota would remain.
const STORAGE_UNITS_PER_STORE = 10;
const LOW_MEMORY_SHARE = 0.5;
export const SELECTED_STORES_KEY = 'backroom.selectedStores';
export const ALL_STORES_KEY = 'backroom.allStores';

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

export function selectionLabel(selected: number[] | null, total: number): string {
  if (!selected || (total > 0 && selected.length >= total)) return 'All stores';
  return selected.length === 1 ? '1 store' : `${selected.length} stores`;
}
