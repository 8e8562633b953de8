// What the shared report table template (views/reports/_table.eta) draws: a header, lines that are group
// headings, rows or group subtotals (at most two grouping levels: main and sub), and a grand total. Every
// cell is already formatted text (common/format.ts), so the template only lays it out, on screen, in print
// and in the PDF alike.
import type { DetailResource } from '../../details/detail-tables.ts';
export interface ReportColumn {
  label: string;
  /** Right-aligned with tabular figures. */
  numeric: boolean;
}

/**
 * A cell naming a record that has a detail page (a store): on screen a link opening that page in an overlay
 * for a reader who may open it (render.ts decides), plain text otherwise and in a PDF.
 */
export interface RecordCell {
  text: string;
  detail: { resource: DetailResource; key: number };
}

export type ReportCell = string | RecordCell;

/** A row's first cell is drawn as its header cell (th scope=row), which subtotals use for their label. */
export type TableLine =
  | { kind: 'group'; level: 1 | 2; label: string }
  | { kind: 'row'; cells: ReportCell[] }
  | { kind: 'subtotal'; level: 1 | 2; cells: string[] };

export interface ReportTable {
  columns: ReportColumn[];
  lines: TableLine[];
  /** The grand total's cells, its label in the first; null when there is nothing to total. */
  total: string[] | null;
  /** Shown instead of the table when there are no lines. */
  emptyText: string;
}

/** A detail row with the labels of the groups it belongs to, outermost first (none for a flat table). */
export interface GroupedRow {
  groups: string[];
  cells: ReportCell[];
}

/**
 * Lines for rows already sorted by their groups: a heading where a group starts, the rows, and its subtotal
 * (from `subtotal`, given the group's labels from the outermost) where it ends, innermost first.
 */
export function groupedLines(rows: ReadonlyArray<GroupedRow>, subtotal: (path: string[]) => string[] | null): TableLine[] {
  const lines: TableLine[] = [];
  let open: string[] = [];
  const close = (depth: number) => {
    for (let level = open.length; level > depth; level--) {
      const cells = subtotal(open.slice(0, level));
      if (cells) lines.push({ kind: 'subtotal', level: level as 1 | 2, cells });
    }
    open = open.slice(0, depth);
  };
  for (const row of rows) {
    const same = open.findIndex((label, i) => label !== row.groups[i]);
    const kept = same === -1 ? Math.min(open.length, row.groups.length) : same;
    close(kept);
    for (let level = kept; level < row.groups.length; level++) {
      const label = row.groups[level]!;
      lines.push({ kind: 'group', level: (level + 1) as 1 | 2, label });
      open.push(label);
    }
    lines.push({ kind: 'row', cells: row.cells });
  }
  close(0);
  return lines;
}

/** A total's cells with its label in the first cell: there when that cell is empty, else before its figure. */
export function labelled(label: string, cells: ReadonlyArray<string>): string[] {
  const [first = '', ...rest] = cells;
  return [first === '' ? label : `${label}: ${first}`, ...rest];
}
