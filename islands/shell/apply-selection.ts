// Applying a store selection: kept under the user's keys (none kept: every store), named on the header's
// button, and told to the page (`stores:changed`), whose tables, summaries and charts fetch their data again.
// Loaded with the store dialog, or with a page's registering of a long selection (store-registration.ts).
import type { KeptSelection } from '../../common/store-selection.ts';
import { selectedStores, updateLabel } from './store-label.ts';
import { currentStoreKeys } from './store-storage.ts';

/** Keeps `kept` as the selection (null: every store), names it on the button and tells the page. */
export function applySelection(kept: KeptSelection | null): void {
  const keys = currentStoreKeys();
  if (!keys) return;
  // A short list alone, as it was always kept (store-selection.ts reads both).
  if (kept) localStorage.setItem(keys.selected, JSON.stringify(kept.reference ? kept : kept.stores));
  else localStorage.removeItem(keys.selected);
  updateLabel();
  document.dispatchEvent(new CustomEvent('stores:changed', { detail: { selected: selectedStores() } }));
}
