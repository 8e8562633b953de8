// The store selector's dialog, loaded by store-selector.ts with its first opening: the user's stores, kept in
// localStorage when the spec's storage guard allows (else fetched each time, with a warning), grouped and
// filtered by store-list-view.ts; Apply keeps the choice under the user's keys (none kept: every store) and
// tells the page (`stores:changed`). A choice too long for a URL is registered with the server first
// (store-registration.ts) and kept with its reference; when that fails the dialog opens again, saying so,
// the boxes as they were.
import { dialogStyles } from './dialog-styles.ts';
import { isStoreOptionList, type StoreOption } from '../../common/store-groups.ts';
import { isLowMemory } from '../../common/storage-guard.ts';
import { travelsByReference } from '../../common/store-selection.ts';
import { storeDialogMsg as msg } from '../../common/store-dialog-messages.ts';
import { readScope, selectedStores } from './store-label.ts';
import { applySelection } from './apply-selection.ts';
import { currentStoreKeys } from './store-storage.ts';
import { StoreListView } from './store-list-view.ts';
import { registerSelection } from './store-registration.ts';

let view: StoreListView | null = null;
let listening = false;

async function loadStores(): Promise<StoreOption[]> {
  const keys = currentStoreKeys();
  const kept = keys && localStorage.getItem(keys.all);
  if (keys && kept) {
    try {
      const list: unknown = JSON.parse(kept);
      // A list an earlier version kept lacks the regions and states the dialog groups by: fetched again.
      if (isStoreOptionList(list)) return list;
    } catch {
      // Not JSON: fetched again below.
    }
    localStorage.removeItem(keys.all);
  }
  const res = await fetch('/api/common/stores', { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`stores: ${res.status}`);
  const stores = (await res.json()) as StoreOption[];
  if (!keys) return stores;
  const estimate = navigator.storage?.estimate ? await navigator.storage.estimate() : {};
  // Low on storage: keep only the selection, fetch the list again next time.
  if (!isLowMemory(estimate, stores.length)) {
    try {
      localStorage.setItem(keys.all, JSON.stringify(stores));
    } catch {
      // Quota exceeded after all: the list is simply fetched again next time.
    }
  } else {
    showWarning(msg('lowStorage'));
  }
  return stores;
}

function showWarning(text: string): void {
  const p = document.querySelector<HTMLElement>('#store-dialog .store-dialog-warning');
  if (p) {
    p.textContent = text;
    p.hidden = false;
  }
}

/** Opens the dialog on the user's stores with the kept selection ticked. */
export async function openStoreDialog(button: HTMLElement): Promise<void> {
  const dialog = document.getElementById('store-dialog') as HTMLDialogElement | null;
  if (!dialog) return;
  listenToDialog();
  let stores: StoreOption[] = [];
  try {
    stores = await loadStores();
  } catch {
    showWarning(msg('storesLoadFailed'));
  }
  view = new StoreListView(stores, readScope(button));
  view.render(selectedStores());
  // Esc closes without a return value, so one left from an earlier Apply would apply this visit's boxes.
  dialog.returnValue = '';
  await dialogStyles(dialog.dataset.styles);
  if (!dialog.open) dialog.showModal();
}

/** The dialog's own controls, listened to once: the dialog is never open before this module has come. */
function listenToDialog(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    if (!view) return;
    if (target?.closest('#store-select-shown')) view.setShown(document.getElementById('store-list')!, true);
    else if (target?.closest('#store-clear-shown')) view.setShown(document.getElementById('store-list')!, false);
  });
  document.addEventListener('change', (event) => {
    const input = event.target as HTMLElement;
    if (!view || !input.closest('#store-dialog')) return;
    if (input.id === 'store-region') view.regionChanged();
    else if (input.id === 'store-state') view.update();
    else if (input.classList.contains('store-group-box')) {
      // The box heads its fieldset: its choice goes to every shown store of the group.
      const fieldset = input.closest('fieldset');
      if (fieldset) view.setShown(fieldset, (input as HTMLInputElement).checked);
    } else if (input.classList.contains('store-box')) view.update();
  });
  document.addEventListener('input', (event) => {
    if ((event.target as HTMLElement).id === 'store-filter') view?.update();
  });
  // Enter in the search box would send the dialog's form with its first button, Cancel: a search needs no sending.
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.target as HTMLElement).id === 'store-filter') event.preventDefault();
  });
  document.addEventListener(
    'close',
    (event) => {
      const dialog = event.target as HTMLDialogElement;
      if (dialog.id !== 'store-dialog' || dialog.returnValue !== 'apply' || !view) return;
      const boxes = view.boxes();
      const chosen = view.chosen();
      if (!currentStoreKeys() || chosen.length === 0) return;
      if (chosen.length === boxes.length) applySelection(null);
      else if (!travelsByReference(chosen)) applySelection({ stores: chosen, reference: null });
      else
        registerSelection(chosen).then(
          ({ reference }) => applySelection({ stores: chosen, reference }),
          (err: Error) => {
            dialog.returnValue = '';
            dialog.showModal();
            showWarning(err.message);
          },
        );
    },
    true,
  );
}
