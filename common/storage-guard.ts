// The spec's storage guard for the store list the store dialog keeps in the browser: keeping it costs about
// 10 units per store, and the browser is "low on memory" when less than half of its storage quota would
// remain. Apart from store-selection.ts, which every page loads: only the dialog asks.

const STORAGE_UNITS_PER_STORE = 10;
const LOW_MEMORY_SHARE = 0.5;

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
