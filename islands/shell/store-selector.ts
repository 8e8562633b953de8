// The header's store selector: all the stores the user sees or a chosen part, kept in localStorage under the
// signed-in user's keys (store-storage.ts). Its label names the user's scope ("All West stores (109)",
// "12 of 109 West stores"), from the counts the server put on the button. It shows only on pages whose
// data follows the selection (their <main data-store-selector>), after full loads and swaps alike. Tables,
// summaries and reports read `selectedStores()` (store-label.ts) and listen for `stores:changed` to refetch.
// The dialog comes with its first opening (store-dialog.ts). A page that loads holding a selection too long
// for a URL registers it again with the server (store-registration.ts, loaded only then).
import { travelsByReference } from '../../common/store-selection.ts';
import { keptSelection, selectedStores, updateLabel } from './store-label.ts';

const storeDialog = () => import('./store-dialog.ts');

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
  const kept = keptSelection();
  if (kept && travelsByReference(kept.stores)) void import('./store-registration.ts').then((r) => r.registerKeptSelection());
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
