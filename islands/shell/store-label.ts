// The store selection kept in this browser, and the header button's label naming it: what the selector, its
// dialog (loaded on first use) and every page reading the selection share, apart from both so that neither
// imports the other.
import { scopeLabel, scopeShortLabel, type StoreScope } from '../../common/store-scope-label.ts';
import { parseSelection } from '../../common/store-selection.ts';
import { currentStoreKeys } from './store-storage.ts';

export function selectedStores(): number[] | null {
  const keys = currentStoreKeys();
  return keys ? parseSelection(localStorage.getItem(keys.selected)) : null;
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
