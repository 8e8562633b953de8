// The TanStack Table instance over the island's state: sorting, paging and visibility are derived from the
// one state object (use-table-state.ts) and written back to it, so saving, the list URL and the table
// agree; the row selection is the island's own (it is not saved). Manual mode: the server has already
// sorted and paged the rows it sent.
import {
  functionalUpdate,
  useTable,
  type ReactTable,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import type { Row, TableConfig } from '../../common/table-config.ts';
import type { Features } from './features.ts';
import { features } from './features.ts';
import { SELECT_COLUMN, tableColumns } from './columns.tsx';
import { isColumnVisible, orderedColumns, type TableState } from '../../common/table-state.ts';
import type { SetTableState } from './use-table-state.ts';
import type { RowMark } from './table-host.ts';
import { useMemo } from 'react';

export type DataTableInstance = ReactTable<Features, Row>;

/** TanStack's cap on sorted columns: the table API's own (request/table-request.ts). */
const MAX_SORT_TERMS = 8;

interface DataTableOptions {
  config: TableConfig;
  state: TableState;
  setState: SetTableState;
  rows: Row[];
  /** Rows matching the list's search (the page count follows from it). */
  rowCount: number;
  rowSelection: RowSelectionState;
  setRowSelection: (updater: Updater<RowSelectionState>) => void;
  /** The rows a change marked, by key: those marked removed cannot be selected. */
  marks: Readonly<Record<string, RowMark>>;
}

export function useDataTable({
  config,
  state,
  setState,
  rows,
  rowCount,
  rowSelection,
  setRowSelection,
  marks,
}: DataTableOptions): DataTableInstance {
  const columns = useMemo(() => tableColumns(config), [config]);
  const sorting: SortingState = state.sort.map((t) => ({ id: t.column, desc: t.dir === 'desc' }));
  const columnVisibility = Object.fromEntries([
    [SELECT_COLUMN, true],
    ...config.columns.map((c) => [c.name, isColumnVisible(config, state, c.name)]),
  ]);
  const all = state.pageSize === -1;
  return useTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => String(row[config.key]),
    state: {
      sorting,
      pagination: { pageIndex: all ? 0 : state.page, pageSize: all ? Math.max(rowCount, 1) : state.pageSize },
      rowSelection,
      columnVisibility,
      // The row checkbox first, then the columns in the user's order (columns/column-order.ts).
      columnOrder: [SELECT_COLUMN, ...orderedColumns(config, state)],
    },
    manualSorting: true,
    manualPagination: true,
    rowCount,
    enableSortingRemoval: false,
    sortDescFirst: false,
    enableMultiSort: true,
    maxMultiSortColCount: MAX_SORT_TERMS,
    enableRowSelection: (row) => marks[row.id] !== 'removed',
    onSortingChange: (updater) => {
      const next = functionalUpdate(updater, sorting);
      setState({ sort: next.map((s) => ({ column: s.id, dir: s.desc ? 'desc' : 'asc' })), page: 0 });
    },
    onPaginationChange: (updater) => {
      const next = functionalUpdate(updater, { pageIndex: state.page, pageSize: state.pageSize });
      setState({ page: next.pageIndex });
    },
    onColumnVisibilityChange: (updater) => {
      const next = functionalUpdate(updater, columnVisibility);
      const { [SELECT_COLUMN]: _, ...chosen } = next;
      setState({ columnVisibility: chosen });
    },
    onRowSelectionChange: setRowSelection,
  });
}
