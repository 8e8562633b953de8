// The columns' widths and order as the header and the rows need them: the widths the user set, and the
// two changes the header makes (resize-handle.tsx, header-drag.ts), written to the table state.
import { useMemo } from 'react';
import type { TableConfig } from '../../../common/table-config.ts';
import { orderedColumns, type TableState } from '../../../common/table-state.ts';
import type { SetTableState } from '../use-table-state.ts';
import { movedColumn } from './column-order.ts';

export interface ColumnLayout {
  /** Column widths in pixels the user set; a column not named keeps its natural width. */
  sizes: Readonly<Record<string, number>>;
  resize(name: string, width: number): void;
  /** Puts column `from` where column `onto` is. */
  move(from: string, onto: string): void;
}

export function useColumnLayout(config: TableConfig, state: TableState, setState: SetTableState): ColumnLayout {
  const sizes = state.columnSizes;
  return useMemo(
    () => ({
      sizes,
      resize: (name, width) => setState((s) => ({ columnSizes: { ...s.columnSizes, [name]: width } })),
      move: (from, onto) =>
        setState((s) => {
          const order = orderedColumns(config, s);
          return { columnOrder: movedColumn(order, from, order.indexOf(onto)) };
        }),
    }),
    [config, sizes, setState],
  );
}
