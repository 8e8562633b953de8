// The header's store selector: all the stores the user sees or a chosen part, kept in localStorage under the
// signed-in user's keys (store-storage.ts). Its label names the user's scope ("All West stores (109)",
// "12 of 109 West stores"), from the counts the server put on the button. It shows only on pages whose
// data follows the selection (their <main data-store-selector>), after full loads and swaps alike. Tables,
// summaries and reports read `selectedStores()` and listen for `stores:changed` to refetch with the new scope.
// The dialog comes with its first opening (store-dialog.ts).
import { scopeLabel, scopeShortLabel, type StoreScope } from '../../common/store-scope-label.ts';
import { parseSelection } from '../../common/store-selection.ts';
import { currentStoreKeys } from './store-storage.ts';

export function selectedStores(): number[] | null {
  const keys = currentStoreKeys();
  return keys ? parseSelection(localStorage.getItem(keys.selected)) : null;
}

const storeDialog = () => import('./store-dialog.ts');

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

/**
 * A store added or deleted (the hub's view state brought the new list): the button's count of the user's
 * stores follows, as the server would write it on the next page load.
 */
export function showStoreTotal(total: number): void {
  const button = document.getElementById('store-selector');
  if (!button || button.dataset.total === String(total)) return;
  button.dataset.total = String(total);
  updateLabel();
}

/** Shows the selector when the shown page's data follows it; hides it (and its dialog) elsewhere. */
function showWherePageSaysSo(): void {
  const button = document.getElementById('store-selector');
  if (!button) return;
  button.hidden = !document.getElementById('main')?.hasAttribute('data-store-selector');
  const dialog = document.getElementById('store-dialog') as HTMLDialogElement | null;
  if (button.hidden && dialog?.open) dialog.close('cancel');
}

export function startStoreSelector(): void {
  // The server wrote the label for every store (in the language file's words); a kept selection is the
  // browser's to name, now and again once the language file is in.
  if (selectedStores()) updateLabel();
  document.addEventListener('language:loaded', updateLabel);
  showWherePageSaysSo();
  document.addEventListener('htmx:after:swap', showWherePageSaysSo);
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>('#store-selector');
    if (button) void storeDialog().then(({ openStoreDialog }) => openStoreDialog(button));
  });
}
