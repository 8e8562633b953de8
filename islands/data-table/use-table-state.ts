// The table's state in one hook: starts from the defaults (what the server rendered the first page with,
// so hydration matches), then, once mounted, takes the state this screen opens with: what this tab kept,
// or, where there is a saved view or a relative day to open, what views/opening-state.ts says (the view the
// address names or the person's default, or the tab's own). Every later change is kept again. With it, the
// saved view the table shows (issue 39), named in the address (views/view-address.ts), and whether the
// table changed since. The views' code comes only to a screen that has one: the table's first load, and
// the code it loads when the person first adds, sets or copies, carry none of it. `restored` says the
// opening state has been read, so the list knows which page to show.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DataTableProps, TableConfig } from '../../common/table-config.ts';
import { defaultTableState, type TableState } from '../../common/table-state.ts';
import type { TableView } from '../../common/table-views.ts';
import { readSavedState, writeSavedState } from './saved-state.ts';
import type { ShownTable } from './views/opening-state.ts';
import { showViewInAddress } from './views/view-address.ts';
import { tableWarning, unknownSavedColumns } from './table-warnings.ts';

export type SetTableState = (change: Partial<TableState> | ((state: TableState) => Partial<TableState>)) => void;

export interface TableStateHook {
  state: TableState;
  setState: SetTableState;
  restored: boolean;
  /** The saved view shown; null: none. */
  view: TableView | null;
  /** The table was changed since its view opened. */
  viewChanged: boolean;
  /** Shows `view`'s state (null: the table's own), the first page, and names it in the address. */
  showView(view: TableView | null): void;
  /** Names the view the table now shows, its state left as it is (a view just saved from it, or kept anew). */
  nameView(view: TableView | null): void;
}

const viewsCode = () => import('./views/opening-state.ts');

/** A column a view names and the table no longer has is left out of it (stateWithView), and said, as for a kept state. */
function warnOfGoneColumns(config: TableConfig, view: TableView): void {
  const unknown = unknownSavedColumns(config, view.State);
  if (unknown) tableWarning(config.warnings, unknown);
}
type ViewsCode = Awaited<ReturnType<typeof viewsCode>>;

export function useTableState(config: TableConfig, opening: Pick<DataTableProps, 'view' | 'viewFrom'> = {}): TableStateHook {
  const [state, replace] = useState(() => defaultTableState(config));
  const [view, nameView] = useState<TableView | null>(null);
  const [code, setCode] = useState<ViewsCode | null>(null);
  const [restored, setRestored] = useState(false);
  // What the page opened with: later props (none come) would not open the screen again.
  const opened = useRef(opening);

  useEffect(() => {
    const kept = readSavedState(config, defaultTableState(config));
    const open = ({ state, view }: ShownTable) => {
      if (view) warnOfGoneColumns(config, view);
      replace(state);
      nameView(view);
      setRestored(true);
    };
    if (!opened.current.viewFrom && !kept?.view && !Object.keys(kept?.state.dayFilters ?? {}).length)
      return open(kept ?? { state: defaultTableState(config), view: null });
    let live = true;
    viewsCode().then(
      (loaded) => {
        if (!live) return;
        setCode(loaded);
        open(loaded.openingState(config, kept, opened.current));
      },
      // Its code unreachable (the network went): the tab's own state, or the table's.
      () => live && open(kept ?? { state: defaultTableState(config), view: null }),
    );
    return () => {
      live = false;
    };
  }, [config]);

  // A view named from the Views dialog (just saved) brings the code that tells whether the table changed since.
  useEffect(() => {
    if (view && !code) void viewsCode().then(setCode);
  }, [view, code]);

  useEffect(() => {
    if (restored) writeSavedState(config, { state, view }, defaultTableState(config));
  }, [config, state, view, restored]);

  useEffect(() => {
    if (restored) showViewInAddress(config.pagePath, view?.ViewID ?? null);
  }, [config.pagePath, view, restored]);

  const setState = useCallback<SetTableState>(
    (change) => replace((current) => ({ ...current, ...(typeof change === 'function' ? change(current) : change) })),
    [],
  );
  const showView = useCallback(
    (next: TableView | null) => {
      void viewsCode().then((loaded) => {
        if (next) warnOfGoneColumns(config, next);
        setCode(loaded);
        replace((current) => loaded.showing(config, current, next).state);
        nameView(next);
      });
    },
    [config],
  );
  const viewChanged = view !== null && !!code?.changedSince(config, state, view);
  return { state, setState, restored, view, viewChanged, showView, nameView };
}
