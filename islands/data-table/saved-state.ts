// Where a table's state is kept between visits: sessionStorage (spec section 9: the session, not a cookie),
// under the screen's path, so it survives swaps, back/forward and reloads in this tab and no further. A
// table whose "save state" is off keeps nothing, and forgets what it kept before; nor is the default state
// kept, so that a screen with nothing saved can show the server's rows without its code (wake-rule.ts).
import type { TableConfig } from '../../common/table-config.ts';
import { checkedState, type TableState } from '../../common/table-state.ts';
import { savedStateKey } from './wake-rule.ts';
import { tableWarning, unknownSavedColumns } from './table-warnings.ts';

const keyOf = (config: TableConfig) => savedStateKey(config.pagePath);

export function readSavedState(config: TableConfig, fallback: TableState): TableState {
  try {
    const text = sessionStorage.getItem(keyOf(config));
    if (!text) return fallback;
    const saved: unknown = JSON.parse(text);
    // Left out of the state either way; said, since a definition changed under a saved table.
    const unknown = unknownSavedColumns(config, saved);
    if (unknown) tableWarning(config.warnings, unknown);
    return checkedState(config, saved, fallback);
  } catch {
    // Storage refused (privacy settings) or the text is not JSON: the defaults.
    return fallback;
  }
}

const sameState = (a: TableState, b: TableState) =>
  (Object.keys(a) as Array<keyof TableState>).every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));

export function writeSavedState(config: TableConfig, state: TableState, defaults: TableState): void {
  try {
    if (state.saveState && !sameState(state, defaults)) sessionStorage.setItem(keyOf(config), JSON.stringify(state));
    else sessionStorage.removeItem(keyOf(config));
  } catch {
    // Storage full or refused: the state lives as long as the page.
  }
}
