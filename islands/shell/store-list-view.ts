// The store dialog's list, drawn and kept in step: stores grouped by region and state (common/store-groups.ts),
// each group headed by a box that selects or clears its shown stores at once (checked, clear, or "mixed" for
// a part, as screen readers say it); the region, state and search filters hiding what does not match; and the
// status line saying what is chosen and how much is shown. Native fieldsets, legends and checkboxes give
// keyboard and screen-reader users the groups for free.
import { storeDialogMsg as msg } from '../../common/store-dialog-messages.ts';
import { groupStores, storeMatches, type StoreFilter, type StoreOption } from '../../common/store-groups.ts';
import { scopeLabel, type StoreScope } from '../../common/store-scope-label.ts';
import { formatNumber } from '../../common/format-number.ts';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;

function option(value: string, text: string): HTMLOptionElement {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = text;
  return o;
}

/** A fieldset whose legend is a box labelled with the group's name and store count. */
function groupFieldset(className: string, name: string, count: number): HTMLFieldSetElement {
  const fieldset = document.createElement('fieldset');
  fieldset.className = className;
  const legend = document.createElement('legend');
  const label = document.createElement('label');
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.className = 'store-group-box';
  label.append(box, msg('storeGroupName', name, formatNumber(count)));
  legend.append(label);
  fieldset.append(legend);
  return fieldset;
}

function storeItem(store: StoreOption, checked: boolean): HTMLLIElement {
  const li = document.createElement('li');
  const label = document.createElement('label');
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.className = 'store-box';
  box.value = String(store.StoreID);
  box.checked = checked;
  label.append(box, `${store.StoreNumber} ${store.Name}`);
  li.append(label);
  return li;
}

/** The list the dialog works on: its stores, by id, for the filter to look up. */
export class StoreListView {
  private readonly storesById = new Map<string, StoreOption>();

  constructor(
    private readonly stores: StoreOption[],
    private readonly scope: StoreScope,
  ) {
    for (const s of stores) this.storesById.set(String(s.StoreID), s);
  }

  /** Draws the list with `selected` checked (null: every store) and the filters' choices; clears the filters. */
  render(selected: number[] | null): void {
    const list = byId<HTMLElement>('store-list');
    if (!list) return;
    const regions = groupStores(this.stores);
    const chosen = selected && new Set(selected);
    list.replaceChildren(
      ...regions.map((region) => {
        const count = region.states.reduce((n, s) => n + s.stores.length, 0);
        const fieldset = groupFieldset('store-region', region.name, count);
        fieldset.append(
          ...region.states.map((state) => {
            const inner = groupFieldset('store-state', state.name, state.stores.length);
            const ul = document.createElement('ul');
            ul.append(...state.stores.map((s) => storeItem(s, !chosen || chosen.has(s.StoreID))));
            inner.append(ul);
            return inner;
          }),
        );
        return fieldset;
      }),
    );
    const regionSelect = byId<HTMLSelectElement>('store-region');
    regionSelect?.replaceChildren(option('', msg('storeAllRegions')), ...regions.map((r) => option(r.name, r.name)));
    const regionField = byId<HTMLElement>('store-region-field');
    // One region (a regional user's) leaves nothing to choose between.
    if (regionField) regionField.hidden = regions.length < 2;
    const search = byId<HTMLInputElement>('store-filter');
    if (search) search.value = '';
    this.fillStates('');
    this.update();
  }

  /** The state filter's choices: the states of the chosen region, or of all. */
  private fillStates(region: string): void {
    const select = byId<HTMLSelectElement>('store-state');
    if (!select) return;
    const kept = select.value;
    const states = new Map<string, string>();
    for (const s of this.stores) if (!region || s.Region === region) states.set(s.StateCode, s.StateName);
    const sorted = [...states.entries()].sort(([, a], [, b]) => a.localeCompare(b));
    select.replaceChildren(option('', msg('storeAllStates')), ...sorted.map(([code, name]) => option(code, name)));
    select.value = states.has(kept) ? kept : '';
  }

  private filter(): StoreFilter {
    return {
      region: byId<HTMLSelectElement>('store-region')?.value ?? '',
      state: byId<HTMLSelectElement>('store-state')?.value ?? '',
      search: byId<HTMLInputElement>('store-filter')?.value.trim() ?? '',
    };
  }

  /** After the region filter changed: its states become the state filter's choices. */
  regionChanged(): void {
    this.fillStates(this.filter().region);
    this.update();
  }

  /** Hides what the filters leave out, then brings the group boxes and the status line up to date. */
  update(): void {
    const filter = this.filter();
    for (const box of this.boxes()) {
      const store = this.storesById.get(box.value);
      const li = box.closest('li');
      if (store && li) li.hidden = !storeMatches(store, filter);
    }
    this.syncGroups();
  }

  /** Checks or clears every shown store of a group (`root`: a fieldset) or of the whole list. */
  setShown(root: ParentNode, checked: boolean): void {
    for (const box of root.querySelectorAll<HTMLInputElement>('li:not([hidden]) input.store-box')) box.checked = checked;
    this.syncGroups();
  }

  /** Every store's box. */
  boxes(): HTMLInputElement[] {
    return [...document.querySelectorAll<HTMLInputElement>('#store-list input.store-box')];
  }

  chosen(): number[] {
    return this.boxes()
      .filter((b) => b.checked)
      .map((b) => Number(b.value));
  }

  private syncGroups(): void {
    for (const fieldset of document.querySelectorAll<HTMLFieldSetElement>('#store-list fieldset')) {
      const shown = [...fieldset.querySelectorAll<HTMLInputElement>('li:not([hidden]) input.store-box')];
      const on = shown.filter((b) => b.checked).length;
      fieldset.hidden = shown.length === 0;
      const box = fieldset.querySelector<HTMLInputElement>(':scope > legend input.store-group-box');
      if (!box) continue;
      box.checked = shown.length > 0 && on === shown.length;
      box.indeterminate = on > 0 && on < shown.length;
    }
    const shown = this.boxes().filter((b) => !b.closest('li')?.hidden).length;
    const chosen = this.chosen();
    const status = byId<HTMLElement>('store-dialog-status');
    if (status) {
      status.textContent =
        chosen.length === 0
          ? msg('storeNoneChosen')
          : [msg('storeShown', scopeLabel(this.scope, chosen), formatNumber(shown)), shown === 0 ? msg('storeNoneShown') : '']
              .filter(Boolean)
              .join(' ');
    }
    const apply = byId<HTMLButtonElement>('store-apply');
    if (apply) apply.disabled = chosen.length === 0;
  }
}
