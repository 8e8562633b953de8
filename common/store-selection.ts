// The store selection kept in the browser: which stores the user chose (none chosen = all stores), under
// keys of that user's own. The words naming a scope are store-scope-label.ts's; the spec's storage guard
// for keeping the list of stores is storage-guard.ts.
// How a selection travels: as its ids (`stores=3,17,42`) while their list is short; a longer one (up to 5,000
// stores) would pass the length a URL may safely have (Node refuses headers over 16 KB with 431, proxies
// less), so the server holds it and requests carry its reference (`stores=@<43 characters>`), kept beside
// the ids (server/store-selections/).

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

/** The selection as a list of ids, `3,17,42`: what every route that takes the `stores` parameter reads. */
export function storesParam(stores: readonly number[]): string {
  return stores.join(',');
}

/**
 * The longest list of ids a URL carries as it is: about 400 stores. Far below the 8 KB a proxy allows a
 * request's first line by default, with room for the rest of a table's query.
 */
export const LONGEST_STORES_IN_URL = 2000;

/** Whether `stores` is too long a list for a URL: it travels by the reference the server holds it under. */
export function travelsByReference(stores: readonly number[]): boolean {
  return storesParam(stores).length > LONGEST_STORES_IN_URL;
}

/** A reference to a selection the server holds: `@` and 43 characters (base64url, never a comma or digit list). */
export function isSelectionReference(text: string): boolean {
  return /^@[\w-]{43}$/.test(text);
}

/** The selection kept in the browser: the ids, and for a list too long for a URL the reference the server gave it. */
export interface KeptSelection {
  stores: number[];
  reference: string | null;
}

/**
 * Parses the stored selection: a list of positive store ids (as short selections, and every selection before
 * references, are kept), or `{ stores, reference }`; null (all stores) for anything else.
 */
export function parseSelection(text: string | null): KeptSelection | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    const kept = (Array.isArray(value) ? { stores: value } : (value ?? {})) as { stores?: unknown; reference?: unknown };
    if (!Array.isArray(kept.stores)) return null;
    const stores = kept.stores.filter((v): v is number => Number.isInteger(v) && v > 0);
    const reference = typeof kept.reference === 'string' && isSelectionReference(kept.reference) ? kept.reference : null;
    return stores.length ? { stores, reference } : null;
  } catch {
    return null;
  }
}
