// The table's row grouping as the body draws it: the grouping columns from the state, the page of groups
// from the list answer, what the open groups hold (use-group-contents.ts), and what a header's button does
// (open or close, one group open at a time when the settings say so, then scroll an opened group into
// view). Null when the table is not grouped, or its grouped answer (a page of groups) has not come yet.
import { useMemo } from 'react';
import type { Column } from '../../../common/resources/types.ts';
import type { GroupTotals, Row, TableConfig } from '../../../common/table-config.ts';
import type { TableState } from '../../../common/table-state.ts';
import type { SetTableState } from '../use-table-state.ts';
import { groupLines, type GroupLine, type Grouping, type Line } from './group-lines.ts';
import { toggledGroups } from './open-groups.ts';
import { scrollToGroup } from './scroll-to-group.ts';
import type { GroupContents } from './use-group-contents.ts';

export interface RowGrouping {
  by: Grouping;
  lines: Line[];
  columnOf(name: string): Column;
  /** A row's id among the table's rows (its key). */
  rowId(row: Row): string;
  toggle(line: GroupLine, row: HTMLTableRowElement): void;
  /** Reads the group's next page (its sub groups or rows). */
  more(key: string): void;
}

export function useRowGrouping(
  config: TableConfig,
  state: TableState,
  setState: SetTableState,
  groups: ReadonlyArray<GroupTotals> | null | undefined,
  contents: GroupContents,
): RowGrouping | null {
  const { mainGroup, subGroup, expandedGroups } = state;
  return useMemo(() => {
    // Groups are drawn once a page of groups is in: until then the answer shown is the ungrouped one.
    if (!mainGroup || !groups) return null;
    const by = { main: mainGroup, sub: subGroup };
    return {
      by,
      lines: groupLines(groups, by, contents.of, expandedGroups),
      columnOf: (name: string) => config.columns.find((c) => c.name === name) as Column,
      rowId: (row: Row) => String(row[config.key]),
      toggle: (line, row) => {
        setState((s) => ({ expandedGroups: toggledGroups(s.expandedGroups, line.key, s.oneGroupOpen) }));
        // Once the opened group's first lines are drawn (the click's update is committed before the next frame).
        if (!line.open) requestAnimationFrame(() => scrollToGroup(row));
      },
      more: contents.more,
    };
  }, [config, mainGroup, subGroup, expandedGroups, groups, contents, setState]);
}
