// The table's state in one hook: starts from the defaults (what the server rendered the first page with,
// so hydration matches), then, once mounted, takes the state saved for this screen; every later change is
// saved again. `restored` says the saved state has been read, so the list knows which page to show.
import { useCallback, useEffect, useState } from 'react';
import type { TableConfig } from '../../common/table-config.ts';
import { readSavedState, writeSavedState } from './saved-state.ts';
import { defaultTableState, type TableState } from '../../common/table-state.ts';

export type SetTableState = (change: Partial<TableState> | ((state: TableState) => Partial<TableState>)) => void;

export function useTableState(config: TableConfig): { state: TableState; setState: SetTableState; restored: boolean } {
  const [state, replace] = useState(() => defaultTableState(config));
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    replace(readSavedState(config, defaultTableState(config)));
    setRestored(true);
  }, [config]);

  useEffect(() => {
    if (restored) writeSavedState(config, state, defaultTableState(config));
  }, [config, state, restored]);

  const setState = useCallback<SetTableState>(
    (change) => replace((current) => ({ ...current, ...(typeof change === 'function' ? change(current) : change) })),
    [],
  );
  return { state, setState, restored };
}
