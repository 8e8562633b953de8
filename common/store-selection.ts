// The store selection kept in the browser: which stores the user chose (none chosen = all stores), under
// keys of that user's own, and the spec's storage guard: keeping the store list costs about 10 units per
// store, and the browser is "low on memory" when less than half of its storage quota would remain.
import { formatNumber } from './format-number.ts';
import { msg } from './messages.ts';

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

/**
 * The stores a user may see, as the header names them: every store (region null), or their region's. The
 * server decides it (server/stores/store-scope.ts) by the same rule that scopes every query.
 */
export interface StoreScope {
  region: string | null;
  total: number;
}

/**
 * What the header's selector says: all the user sees ("All West stores (109)", "All stores (500)") or the
 * part chosen ("12 of 109 West stores"). A selection naming every store, or more, is all of them.
 */
export function scopeLabel(scope: StoreScope, selected: number[] | null): string {
  const total = formatNumber(scope.total);
  if (!selected || selected.length >= scope.total) {
    return scope.region === null ? msg('storeScopeAll', total) : msg('storeScopeRegion', total, scope.region);
  }
  const part = formatNumber(selected.length);
  return scope.region === null ? msg('storeScopePart', part, total) : msg('storeScopeRegionPart', part, total, scope.region);
}

/** The label's short form for a phone's top bar: "109", "12/109" (the full label stays for screen readers). */
export function scopeShortLabel(scope: StoreScope, selected: number[] | null): string {
  const total = formatNumber(scope.total);
  if (!selected || selected.length >= scope.total) return msg('storeScopeShortAll', total);
  return msg('storeScopeShortPart', formatNumber(selected.length), total);
}

/** A report caption's words for the selection, where the scope is not at hand: "All stores", "12 stores". */
export function selectionLabel(selected: number[] | null, total: number): string {
  if (!selected || (total > 0 && selected.length >= total)) return msg('allStores');
  return selected.length === 1 ? msg('oneStore') : msg('someStores', selected.length);
}
