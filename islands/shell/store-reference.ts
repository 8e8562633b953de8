// How a request carries the store selection: its ids (`stores=3,17,42`) while their list is short, and a list
// too long for a URL (common/store-selection.ts) by the reference the server holds it under (`stores=@...`),
// kept beside the selection or learned in this tab when registering one (store-registration.ts). The
// islands build their `stores` here from the selection they hold: tables (their lists, groups, exports and
// PDF), summaries, charts and their drill-down links. (Report forms send the kept selection's own:
// store-label.ts, selectionParam.)
import { LONGEST_STORES_IN_URL, storesParam as idsOf } from '../../common/store-selection.ts';
import { keptSelection } from './store-label.ts';

/** References by the ids they stand for, as this tab learned them. */
const known = new Map<string, string>();

export function rememberReference(stores: readonly number[], reference: string): void {
  known.set(idsOf(stores), reference);
}

/** `stores` as a request's `stores` parameter. */
export function storesParam(stores: readonly number[]): string {
  const ids = idsOf(stores);
  if (ids.length <= LONGEST_STORES_IN_URL) return ids;
  const kept = keptSelection();
  if (kept?.reference) rememberReference(kept.stores, kept.reference);
  // A long list with no reference known is sent as it is; none should come here, as selectedStores() holds a
  // long selection back until it has its reference (store-label.ts).
  return known.get(ids) ?? ids;
}
