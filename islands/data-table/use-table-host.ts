// useTableHost: the island's TableHost (table-host.ts): one object for the island's life, reading the latest state
// through a ref, so a dialog opened before a refresh still sees the rows after it.
import { useMemo, useRef } from 'react';
import type { Row, TableConfig } from '../../common/table-config.ts';
import { listQuery } from './list-query.ts';
import type { NoticeAction, RowMark, TableHost } from './table-host.ts';
import { visibleColumns, type TableState } from '../../common/table-state.ts';
import type { TableView } from '../../common/table-views.ts';
import type { SetTableState } from './use-table-state.ts';

export interface HostSources {
  config: TableConfig;
  state: TableState;
  setState: SetTableState;
  stores: number[] | null;
  rows: Row[];
  /** The last answer's count of filtered rows. */
  rowCount: number;
  selectedKeys: string[];
  refresh(delayMs?: number): Promise<void>;
  showRows(rows: ReadonlyArray<Row>, key: string): void;
  markRows(keys: ReadonlyArray<unknown>, mark: RowMark): void;
  notify(text: string, kind: 'success' | 'error' | 'info', action?: NoticeAction): void;
  view: TableView | null;
  /** The table was changed since its view opened. */
  viewChanged: boolean;
  showView(view: TableView | null): void;
  nameView(view: TableView | null): void;
}

export function useTableHost(container: { current: HTMLElement | null }, sources: HostSources): TableHost {
  const latest = useRef(sources);
  latest.current = sources;
  return useMemo<TableHost>(() => {
    const now = () => latest.current;
    return {
      config: sources.config,
      get container() {
        // Only ever read from event handlers, after mount.
        return container.current as HTMLElement;
      },
      selectedRows: () => {
        const { rows, selectedKeys, config } = now();
        return rows.filter((r) => selectedKeys.includes(String(r[config.key])));
      },
      rowCount: () => now().rowCount,
      listQuery: () => {
        const { config, state, stores } = now();
        return listQuery(config, state, stores, { paging: false, columns: 'visible' });
      },
      view: () => {
        const { config, state } = now();
        return { visible: visibleColumns(config, state), mainGroup: state.mainGroup, subGroup: state.subGroup };
      },
      refresh: (delayMs) => now().refresh(delayMs),
      showRows: (rows) => now().showRows(rows, now().config.key),
      markRows: (keys, mark) => now().markRows(keys, mark),
      notify: (text, kind, action) => now().notify(text, kind, action),
      state: () => now().state,
      setState: (change) => now().setState(change),
      shownView: () => {
        const { view, viewChanged } = now();
        return view && { view, changed: viewChanged };
      },
      showView: (view) => now().showView(view),
      nameView: (view) => now().nameView(view),
    };
  }, [sources.config, container]);
}
