// The lines a grouped table draws (spec sections 2 and 4): the page of groups the server answered, each a
// header line with its figures over all of its rows (server/table-api/list/group-page.ts); under an open
// group what it holds as read so far (use-group-contents.ts): its sub groups, each a header line and, when
// open, its rows; or its rows. Under what a group shows, a line that reads its next page while it holds
// more, says it is reading, or why it failed. Which groups are open is a list of group keys in the table's
// state (expandedGroups); open-groups.ts changes it.
import type { GroupTotals, Row } from '../../../common/table-config.ts';

/** What an open group holds as read so far (use-group-contents.ts reads it). */
export interface GroupContent {
  /** The sub groups read so far (a main group of a table grouped twice), else null. */
  groups: GroupTotals[] | null;
  /** The rows read so far (a group with no groups inside). */
  rows: Row[];
  /** How many sub groups or rows the group holds. */
  total: number;
  loading: boolean;
  error: string | null;
}

/** A group's key: its main value, then its sub value, as JSON (a value of NULL stays apart from ""). */
export function groupKey(values: ReadonlyArray<unknown>): string {
  return JSON.stringify(values);
}

export interface GroupLine {
  kind: 'group';
  key: string;
  /** 1 for a main group, 2 for a sub group. */
  depth: 1 | 2;
  /** The grouping column's name and this group's value of it. */
  column: string;
  value: unknown;
  /** The group's row count and totals from the server. */
  figures: GroupTotals;
  open: boolean;
}

/** Under an open group's contents: reading, the failure's reason, or a button for its next page. */
export interface GroupStatusLine {
  kind: 'status';
  key: string;
  depth: 1 | 2;
  loading: boolean;
  error: string | null;
  /** How many of the group's sub groups or rows are shown, and how many it holds. */
  shown: number;
  total: number;
  /** What it holds: sub groups or rows. */
  holds: 'groups' | 'rows';
}

export type Line = GroupLine | GroupStatusLine | { kind: 'row'; row: Row };

export interface Grouping {
  main: string;
  sub: string | null;
}

/** The lines for the page's `groups` and the open groups' contents as read so far (`contentOf`). */
export function groupLines(
  groups: ReadonlyArray<GroupTotals>,
  grouping: Grouping,
  contentOf: (key: string) => GroupContent | undefined,
  expanded: ReadonlyArray<string>,
): Line[] {
  const open = new Set(expanded);
  const lines: Line[] = [];
  const add = (group: GroupTotals, depth: 1 | 2) => {
    const key = groupKey(group.values);
    const isOpen = open.has(key);
    lines.push({
      kind: 'group',
      key,
      depth,
      column: depth === 1 ? grouping.main : grouping.sub!,
      value: group.values.at(-1) ?? null,
      figures: group,
      open: isOpen,
    });
    if (!isOpen) return;
    const content = contentOf(key);
    if (content?.groups) for (const sub of content.groups) add(sub, 2);
    else for (const row of content?.rows ?? []) lines.push({ kind: 'row', row });
    const shown = content ? (content.groups?.length ?? content.rows.length) : 0;
    const holds = depth === 1 && grouping.sub ? 'groups' : 'rows';
    if (!content || content.loading || content.error || shown < content.total)
      lines.push({
        kind: 'status',
        key,
        depth,
        loading: content?.loading ?? true,
        error: content?.error ?? null,
        shown,
        total: content?.total ?? 0,
        holds,
      });
  };
  for (const group of groups) add(group, 1);
  return lines;
}

/** The rows the lines show, in their order (the table's rows: selection, marks and cells work on them). */
export function linesRows(lines: ReadonlyArray<Line>): Row[] {
  return lines.flatMap((l) => (l.kind === 'row' ? [l.row] : []));
}
