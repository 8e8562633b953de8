// The table's row grouping as the body draws it: the grouping columns from the state, the groups' figures
// from the list answers, the open groups, and what a header's button does (open or close, one group open at
// a time when the settings say so, then scroll an opened group into view). Null when the table is not grouped,
// or its grouped answer has not come yet.
import { useMemo } from 'react';
import type { Column } from '../../../common/resources/types.ts';
import type { GroupTotals, TableConfig } from '../../../common/table-config.ts';
import type { TableState } from '../table-state.ts';
import type { SetTableState } from '../use-table-state.ts';
import type { GroupLine, Grouping } from './group-lines.ts';
import { toggledGroups } from './open-groups.ts';
import { scrollToGroup } from './scroll-to-group.ts';

export interface RowGrouping {
  by: Grouping;
  figures: ReadonlyArray<GroupTotals>;
  expanded: ReadonlyArray<string>;
  columnOf(name: string): Column;
  toggle(line: GroupLine, row: HTMLTableRowElement): void;
}

export function useRowGrouping(
  config: TableConfig,
  state: TableState,
  setState: SetTableState,
  figures: ReadonlyArray<GroupTotals> | null,
): RowGrouping | null {
  const { mainGroup, subGroup, expandedGroups } = state;
  return useMemo(() => {
    // Groups are drawn once an answer for a grouped list is in: until then the rows are in another order.
    if (!mainGroup || !figures) return null;
    const columnOf = (name: string) => config.columns.find((c) => c.name === name) as Column;
    return {
      by: { main: mainGroup, sub: subGroup },
      figures,
      expanded: expandedGroups,
      columnOf,
      toggle: (line, row) => {
        setState((s) => ({ expandedGroups: toggledGroups(s.expandedGroups, line.key, s.oneGroupOpen) }));
        // Once the opened group's rows are drawn (the click's update is committed before the next frame).
        if (!line.open) requestAnimationFrame(() => scrollToGroup(row));
      },
    };
  }, [config, mainGroup, subGroup, expandedGroups, figures, setState]);
}
