// The table's state in one hook: starts from the defaults (what the server rendered the first page with,
// so hydration matches), then, once mounted, takes the state this screen opens with (views/opening-state.ts:
// the saved view its address names or the person's default, or what this tab kept); every later change is
// kept again. With it, the saved view the table shows (issue 39), named in the address (views/view-address.ts).
// `restored` says the opening state has been read, so the list knows which page to show.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DataTableProps, TableConfig } from '../../common/table-config.ts';
import { defaultTableState, type TableState } from '../../common/table-state.ts';
import type { TableView } from '../../common/table-views.ts';
import { readSavedState, writeSavedState } from './saved-state.ts';
import { openingState, showing } from './views/opening-state.ts';
import { showViewInAddress } from './views/view-address.ts';

export type SetTableState = (change: Partial<TableState> | ((state: TableState) => Partial<TableState>)) => void;

export interface TableStateHook {
  state: TableState;
  setState: SetTableState;
  restored: boolean;
  /** The saved view shown; null: none. */
  view: TableView | null;
  /** Shows `view`'s state (null: the table's own), the first page, and names it in the address. */
  showView(view: TableView | null): void;
  /** Names the view the table now shows, its state left as it is (a view just saved from it, or kept anew). */
  nameView(view: TableView | null): void;
}

export function useTableState(config: TableConfig, opening: Pick<DataTableProps, 'view' | 'viewFrom'> = {}): TableStateHook {
  const [state, replace] = useState(() => defaultTableState(config));
  const [view, nameView] = useState<TableView | null>(null);
  const [restored, setRestored] = useState(false);
  // What the page opened with: later props (none come) would not open the screen again.
  const opened = useRef(opening);

  useEffect(() => {
    const shown = openingState(config, readSavedState(config, defaultTableState(config)), opened.current);
    replace(shown.state);
    nameView(shown.view);
    setRestored(true);
  }, [config]);

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
      replace((current) => showing(config, current, next).state);
      nameView(next);
    },
    [config],
  );
  return { state, setState, restored, view, showView, nameView };
}
