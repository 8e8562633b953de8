// Where a table's state is kept between visits: sessionStorage (spec section 9: the session, not a cookie),
// under the screen's path, so it survives swaps, back/forward and reloads in this tab and no further; with
// it, the saved view it shows (issue 39), so a return to the screen shows that view as it was left. A table
// whose "save state" is off keeps nothing, and forgets what it kept before; nor is the default state kept
// without a view, so that a screen with nothing saved can show the server's rows without its code
// (wake-rule.ts).
import type { TableConfig } from '../../common/table-config.ts';
import { checkedState, type TableState } from '../../common/table-state.ts';
import type { TableView } from '../../common/table-views.ts';
import type { ShownTable } from './views/opening-state.ts';
import { savedStateKey } from './wake-rule.ts';
import { tableWarning, unknownSavedColumns } from './table-warnings.ts';

const keyOf = (config: TableConfig) => savedStateKey(config.pagePath);

/** What this tab kept of the table, read back against its config; null when it kept nothing. */
export function readSavedState(config: TableConfig, fallback: TableState): ShownTable | null {
  try {
    const text = sessionStorage.getItem(keyOf(config));
    if (!text) return null;
    const saved: unknown = JSON.parse(text);
    // Left out of the state either way; said, since a definition changed under a saved table.
    const unknown = unknownSavedColumns(config, saved);
    if (unknown) tableWarning(config.warnings, unknown);
    const view = (saved as { view?: Partial<TableView> } | null)?.view;
    return { state: checkedState(config, saved, fallback), view: typeof view?.ViewID === 'number' ? (view as TableView) : null };
  } catch {
    // Storage refused (privacy settings) or the text is not JSON: nothing kept.
    return null;
  }
}

const sameState = (a: TableState, b: TableState) =>
  (Object.keys(a) as Array<keyof TableState>).every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));

export function writeSavedState(config: TableConfig, { state, view }: ShownTable, defaults: TableState): void {
  try {
    if (state.saveState && (view || !sameState(state, defaults))) sessionStorage.setItem(keyOf(config), JSON.stringify({ ...state, view }));
    else sessionStorage.removeItem(keyOf(config));
  } catch {
    // Storage full or refused: the state lives as long as the page.
  }
}
