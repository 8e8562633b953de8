// The store selector's list, grouped and filtered: stores by region, then by state, in the order a person
// looks for them; and which stores a region, state and search text leave shown. Browser-safe and pure, so
// the grouping is tested without a page (islands/shell/store-list-view.ts draws it).

/** One store as GET /api/common/stores lists it. */
export interface StoreOption {
  StoreID: number;
  StoreNumber: number;
  Name: string;
  City: string;
  StateCode: string;
  StateName: string;
  /** The store's group: its region (Northeast, West…). */
  Region: string;
}

export interface StateGroup {
  code: string;
  name: string;
  stores: StoreOption[];
}

export interface RegionGroup {
  name: string;
  states: StateGroup[];
}

export interface StoreFilter {
  /** A region's name, or '' for every region. */
  region: string;
  /** A state's code, or '' for every state. */
  state: string;
  /** Words that must each appear in the store's number, name, city or state. */
  search: string;
}

const byText = (a: string, b: string) => a.localeCompare(b);

/** Regions by name, their states by name, their stores by number. */
export function groupStores(stores: readonly StoreOption[]): RegionGroup[] {
  const regions = new Map<string, Map<string, StateGroup>>();
  for (const store of stores) {
    const states = regions.get(store.Region) ?? new Map<string, StateGroup>();
    regions.set(store.Region, states);
    const state = states.get(store.StateCode) ?? { code: store.StateCode, name: store.StateName, stores: [] };
    states.set(store.StateCode, state);
    state.stores.push(store);
  }
  return [...regions.entries()]
    .sort(([a], [b]) => byText(a, b))
    .map(([name, states]) => ({
      name,
      states: [...states.values()]
        .sort((a, b) => byText(a.name, b.name))
        .map((s) => ({ ...s, stores: [...s.stores].sort((a, b) => a.StoreNumber - b.StoreNumber) })),
    }));
}

/** Whether a store is shown under the filter; the search ignores case and word order. */
export function storeMatches(store: StoreOption, filter: StoreFilter): boolean {
  if (filter.region && store.Region !== filter.region) return false;
  if (filter.state && store.StateCode !== filter.state) return false;
  const text = `${store.StoreNumber} ${store.Name} ${store.City} ${store.StateCode} ${store.StateName}`.toLowerCase();
  return filter.search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}

/** Whether a value read back from the browser's storage is a store list of the current shape. */
export function isStoreOptionList(value: unknown): value is StoreOption[] {
  return (
    Array.isArray(value) &&
    value.every(
      (s) =>
        typeof s === 'object' &&
        s !== null &&
        typeof (s as StoreOption).StoreID === 'number' &&
        typeof (s as StoreOption).Region === 'string' &&
        typeof (s as StoreOption).StateName === 'string' &&
        typeof (s as StoreOption).City === 'string',
    )
  );
}
