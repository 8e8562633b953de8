// The store selection kept in this browser, and the header button's label naming it: what the selector, its
// dialog (loaded on first use) and every page reading the selection share, apart from both so that neither
// imports the other.
import { scopeLabel, scopeShortLabel, type StoreScope } from '../../common/store-scope-label.ts';
import { parseSelection, storesParam, travelsByReference, type KeptSelection } from '../../common/store-selection.ts';
import { currentStoreKeys } from './store-storage.ts';

/** The selection as kept: its ids, and the reference a list too long for a URL travels by. */
export function keptSelection(): KeptSelection | null {
  const keys = currentStoreKeys();
  return keys ? parseSelection(localStorage.getItem(keys.selected)) : null;
}

/**
 * The stores the page's data is for (null: every store). A list too long for a URL applies once the server
 * holds it (its reference is kept beside it): one kept without, as earlier versions kept it, stands for every
 * store, as the label then says, until the page has registered it (store-registration.ts).
 */
export function selectedStores(): number[] | null {
  const kept = keptSelection();
  return kept && (kept.reference || !travelsByReference(kept.stores)) ? kept.stores : null;
}

/** The selection as a request's `stores` parameter: its ids, a long list's reference, or '' for every store. */
export function selectionParam(): string {
  const stores = selectedStores();
  return stores ? (keptSelection()?.reference ?? storesParam(stores)) : '';
}

/** The scope the server wrote on the button: the user's region (none: every store) and how many they see. */
export function readScope(button: HTMLElement): StoreScope {
  return { region: button.dataset.region || null, total: Number(button.dataset.total) || 0 };
}

/** Names the scope on the selector's button, with the selection kept in this browser. */
export function updateLabel(): void {
  const button = document.getElementById('store-selector');
  const label = document.getElementById('store-selector-label');
  const short = document.getElementById('store-selector-short');
  if (!button || !label) return;
  const scope = readScope(button);
  label.textContent = scopeLabel(scope, selectedStores());
  if (short) short.textContent = scopeShortLabel(scope, selectedStores());
}
