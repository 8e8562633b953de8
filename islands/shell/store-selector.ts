// The header's store selector: all stores or a chosen subset, kept in localStorage under the signed-in
// user's keys (store-storage.ts). Tables, summaries and reports read `selectedStores()` and listen for
// `stores:changed` to refetch with the new scope.
import { isLowMemory, parseSelection, selectionLabel } from '../../common/store-selection.ts';
import { msg } from '../../common/messages.ts';
import { currentStoreKeys } from './store-storage.ts';

interface StoreOption {
  StoreID: number;
  StoreNumber: number;
  Name: string;
  StateCode: string;
}

export function selectedStores(): number[] | null {
  const keys = currentStoreKeys();
  return keys ? parseSelection(localStorage.getItem(keys.selected)) : null;
}

async function loadStores(): Promise<StoreOption[]> {
  const keys = currentStoreKeys();
  const kept = keys && localStorage.getItem(keys.all);
  if (keys && kept) {
    try {
      return JSON.parse(kept) as StoreOption[];
    } catch {
      localStorage.removeItem(keys.all);
    }
  }
  const res = await fetch('/api/common/stores', { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`stores: ${res.status}`);
  const stores = (await res.json()) as StoreOption[];
  const estimate = navigator.storage?.estimate ? await navigator.storage.estimate() : {};
  // Low on storage: keep only the selection, fetch the list again next time.
  if (!keys) return stores;
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

function render(stores: StoreOption[], selected: number[] | null): void {
  const list = document.getElementById('store-list');
  if (!list) return;
  list.replaceChildren(
    ...stores.map((s) => {
      const li = document.createElement('li');
      const label = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.value = String(s.StoreID);
      box.checked = !selected || selected.includes(s.StoreID);
      label.append(box, ` ${s.StoreNumber} ${s.Name} (${s.StateCode})`);
      li.append(label);
      return li;
    }),
  );
  (document.getElementById('store-all') as HTMLInputElement).checked = !selected;
}

function updateLabel(total: number): void {
  const label = document.getElementById('store-selector-label');
  if (label) label.textContent = selectionLabel(selectedStores(), total);
}

export function startStoreSelector(): void {
  updateLabel(0);
  let stores: StoreOption[] = [];
  document.addEventListener('click', async (event) => {
    if (!(event.target as Element | null)?.closest('#store-selector')) return;
    const dialog = document.getElementById('store-dialog') as HTMLDialogElement | null;
    if (!dialog) return;
    stores = await loadStores();
    render(stores, selectedStores());
    dialog.showModal();
  });
  document.addEventListener('change', (event) => {
    const box = event.target as HTMLInputElement;
    if (box.id === 'store-all') {
      document.querySelectorAll<HTMLInputElement>('#store-list input').forEach((b) => (b.checked = box.checked));
    }
  });
  document.addEventListener('input', (event) => {
    const input = event.target as HTMLInputElement;
    if (input.id !== 'store-filter') return;
    const q = input.value.trim().toLowerCase();
    document.querySelectorAll<HTMLLIElement>('#store-list li').forEach((li) => {
      li.hidden = q !== '' && !(li.textContent ?? '').toLowerCase().includes(q);
    });
  });
  document.addEventListener(
    'close',
    (event) => {
      const dialog = event.target as HTMLDialogElement;
      if (dialog.id !== 'store-dialog' || dialog.returnValue !== 'apply') return;
      const boxes = [...document.querySelectorAll<HTMLInputElement>('#store-list input')];
      const chosen = boxes.filter((b) => b.checked).map((b) => Number(b.value));
      const keys = currentStoreKeys();
      if (!keys) return;
      if (chosen.length === 0 || chosen.length === boxes.length) localStorage.removeItem(keys.selected);
      else localStorage.setItem(keys.selected, JSON.stringify(chosen));
      updateLabel(stores.length);
      document.dispatchEvent(new CustomEvent('stores:changed', { detail: { selected: selectedStores() } }));
    },
    true,
  );
}
