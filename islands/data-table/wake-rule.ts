// When a table screen's island must hydrate as soon as its page arrives rather than when first used
// (islands/on-use.ts): the server rendered the first page for the default state and the store selection
// in the address, so a state saved for this screen (kept only when it differs from the default:
// saved-state.ts), a saved view to open (the address's or the person's default; or an address naming one
// that cannot be opened, which the island takes out of it) or another selection kept in this browser means
// the rows shown are not the person's. A change of store selection and a change to rows heard from the hub
// wake it too, and so does one of its keyboard shortcuts (shortcuts/shortcut-keys.ts), answered once it is
// hydrated. Small on purpose: it is on every page's first load, before React.
import type { DataTableProps } from '../../common/table-config.ts';
import type { WakeRule } from '../on-use.ts';
import { CHANGED_EVENT } from '../hub/changed-event.ts';
import { selectedStores } from '../shell/store-label.ts';
import { shortcutKeyOf } from './shortcuts/shortcut-keys.ts';

export const savedStateKey = (pagePath: string) => `backroom.tableState:${pagePath}`;

function hasSavedState(pagePath: string): boolean {
  try {
    return sessionStorage.getItem(savedStateKey(pagePath)) !== null;
  } catch {
    // Storage refused: nothing can have been saved.
    return false;
  }
}

// The same ids in any order, or both none ("null"): ids joined by commas cannot read alike otherwise.
const sameStores = (a: readonly number[] | null, b: readonly number[] | null) => String(a && [...a].sort()) === String(b && [...b].sort());

export const tableWakeRule: WakeRule = {
  now(props) {
    const { config, initialStores = null, viewFrom } = props as DataTableProps;
    return !!viewFrom || hasSavedState(config.pagePath) || (config.storeScoped && !sameStores(selectedStores(), initialStores));
  },
  events: ['stores:changed', CHANGED_EVENT],
  keys: (event, container) => shortcutKeyOf(event, container) !== null,
};
