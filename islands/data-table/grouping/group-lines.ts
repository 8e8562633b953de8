// The lines a grouped table draws (spec sections 2 and 4): the page's rows, in the server's order (it sorts
// the grouping columns first, so each group's rows are contiguous across pages), with a header line where
// a main or sub group begins, carrying that group's figures over all of its rows (the list answer's
// `groups`). A closed group shows its header only; a closed main group hides its sub groups' headers too.
// Which groups are open is a list of group keys in the table's state (expandedGroups); open-groups.ts
// changes it.
import type { GroupTotals, Row } from '../../../common/table-config.ts';

/** A group's key: its main value, then its sub value, as JSON (a value of NULL stays apart from ""). */
export function groupKey(values: ReadonlyArray<unknown>): string {
  return JSON.stringify(values);
}

export interface GroupLine {
  kind: 'group';
  key: string;
  /**
   * Unique among the lines (the key, and a count if the group comes again): rows still in another order
   * while a new grouping's answer is on its way may show a group twice.
   */
  id: string;
  /** 1 for a main group, 2 for a sub group. */
  depth: 1 | 2;
  /** The grouping column's name and this group's value of it. */
  column: string;
  value: unknown;
  /** The group's row count and totals from the server; null when the answer did not carry them. */
  figures: GroupTotals | null;
  open: boolean;
}

export type Line<R> = GroupLine | { kind: 'row'; item: R };

export interface Grouping {
  main: string;
  sub: string | null;
}

/**
 * The lines for `items` (each row as `rowOf` reads it) grouped by `grouping`. `figures` are the answers'
 * group totals (several pages' when infinite scroll has loaded several); `expanded` the open groups' keys.
 */
export function groupLines<R>(
  items: ReadonlyArray<R>,
  rowOf: (item: R) => Row,
  grouping: Grouping,
  figures: ReadonlyArray<GroupTotals>,
  expanded: ReadonlyArray<string>,
): Array<Line<R>> {
  const byKey = new Map(figures.map((f) => [groupKey(f.values), f]));
  const open = new Set(expanded);
  const lines: Array<Line<R>> = [];
  let mainKey: string | null = null;
  let subKey: string | null = null;
  const seen = new Map<string, number>();
  const header = (values: unknown[], depth: 1 | 2, column: string): GroupLine => {
    const key = groupKey(values);
    const times = (seen.get(key) ?? 0) + 1;
    seen.set(key, times);
    const id = times === 1 ? key : `${key}#${times}`;
    return { kind: 'group', key, id, depth, column, value: values.at(-1) ?? null, figures: byKey.get(key) ?? null, open: open.has(key) };
  };
  for (const item of items) {
    const row = rowOf(item);
    const main = row[grouping.main] ?? null;
    const key = groupKey([main]);
    if (key !== mainKey) {
      mainKey = key;
      subKey = null;
      lines.push(header([main], 1, grouping.main));
    }
    if (!open.has(mainKey)) continue;
    if (grouping.sub) {
      const sub = row[grouping.sub] ?? null;
      const inner = groupKey([main, sub]);
      if (inner !== subKey) {
        subKey = inner;
        lines.push(header([main, sub], 2, grouping.sub));
      }
      if (!open.has(subKey)) continue;
    }
    lines.push({ kind: 'row', item });
  }
  return lines;
}
