// The header's store selector: all the stores the user sees or a chosen part, kept in localStorage under the
// signed-in user's keys (store-storage.ts). Its label names the user's scope ("All West stores (109)",
// "12 of 109 West stores"), from the counts the server put on the button. It shows only on pages whose
// data follows the selection (their <main data-store-selector>), after full loads and swaps alike. Tables,
// summaries and reports read `selectedStores()` and listen for `stores:changed` to refetch with the new scope.
import { isLowMemory, parseSelection, scopeLabel, scopeShortLabel, type StoreScope } from '../../common/store-selection.ts';
import { isStoreOptionList, type StoreOption } from '../../common/store-groups.ts';
import { msg } from '../../common/messages.ts';
import { currentStoreKeys } from './store-storage.ts';
import type { StoreListView } from './store-list-view.ts';

export function selectedStores(): number[] | null {
  const keys = currentStoreKeys();
  return keys ? parseSelection(localStorage.getItem(keys.selected)) : null;
}

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

/** The scope the server wrote on the button: the user's region (none: every store) and how many they see. */
function readScope(button: HTMLElement): StoreScope {
  return { region: button.dataset.region || null, total: Number(button.dataset.total) || 0 };
}

function updateLabel(): void {
  const button = document.getElementById('store-selector');
  const label = document.getElementById('store-selector-label');
  const short = document.getElementById('store-selector-short');
  if (!button || !label) return;
  const scope = readScope(button);
  label.textContent = scopeLabel(scope, selectedStores());
  if (short) short.textContent = scopeShortLabel(scope, selectedStores());
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
  let view: StoreListView | null = null;
  document.addEventListener('click', async (event) => {
    const target = event.target as Element | null;
    const button = target?.closest<HTMLElement>('#store-selector');
    if (button) {
      const dialog = document.getElementById('store-dialog') as HTMLDialogElement | null;
      if (!dialog) return;
      // The dialog's code comes with its first opening, beside the list.
      const [{ StoreListView }, stores] = await Promise.all([
        import('./store-list-view.ts'),
        loadStores().catch((): StoreOption[] => {
          showWarning(msg('storesLoadFailed'));
          return [];
        }),
      ]);
      view = new StoreListView(stores, readScope(button));
      view.render(selectedStores());
      // Esc closes without a return value, so one left from an earlier Apply would apply this visit's boxes.
      dialog.returnValue = '';
      if (!dialog.open) dialog.showModal();
      return;
    }
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
      const keys = currentStoreKeys();
      if (!keys || chosen.length === 0) return;
      if (chosen.length === boxes.length) localStorage.removeItem(keys.selected);
      else localStorage.setItem(keys.selected, JSON.stringify(chosen));
      updateLabel();
      document.dispatchEvent(new CustomEvent('stores:changed', { detail: { selected: selectedStores() } }));
    },
    true,
  );
}
