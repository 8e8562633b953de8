// The state a table screen opens with, and the saved view it shows (issue 39), from what the server said
// (the view the address names, else the person's default: DataTableProps.view) and what this tab kept of
// the table (saved-state.ts). The address wins: it opens its view, unless this tab already shows that view
// (a reload keeps the changes made since); a view it names that cannot be opened shows the table's own
// state. Without one, the tab's own state as it left it, with the view it showed; else the default view;
// else the table's own state. The person's behaviour settings (refresh, infinite scroll, save state) are
// kept whatever opens, and a filter kept as a relative day (Last 7 days) is that day's. Loaded only for a
// screen that has a view or a relative day to open, or once a view is chosen (use-table-state.ts), with
// what tells whether the table changed since its view opened.
import type { DataTableProps, TableConfig } from '../../../common/table-config.ts';
import { defaultTableState, type TableState } from '../../../common/table-state.ts';
import { sameViewState, stateWithView, type TableView } from '../../../common/table-views.ts';
import { withTodaysDays } from '../../../common/quick-days.ts';

export interface ShownTable {
  state: TableState;
  /** The saved view shown; null: none. */
  view: TableView | null;
}

/** The table's state showing `view` (null: its own state), `base`'s behaviour settings kept. */
export function showing(config: TableConfig, base: TableState, view: TableView | null): ShownTable {
  return { state: stateWithView(config, base, view?.State ?? {}), view };
}

export function openingState(
  config: TableConfig,
  kept: ShownTable | null,
  { view, viewFrom }: Pick<DataTableProps, 'view' | 'viewFrom'>,
): ShownTable {
  const base = kept ? withTodaysDays(kept.state) : defaultTableState(config);
  if (viewFrom === 'address') {
    if (view && kept?.view?.ViewID === view.ViewID) return { state: base, view };
    return showing(config, base, view ?? null);
  }
  if (kept) return { state: base, view: kept.view };
  return view ? showing(config, base, view) : { state: base, view: null };
}

/** Whether the table was changed since `view` opened on it (what Views says, and what Replace would keep). */
export function changedSince(config: TableConfig, state: TableState, view: TableView): boolean {
  return !sameViewState(state, stateWithView(config, state, view.State));
}
