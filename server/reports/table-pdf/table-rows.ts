// The rows a table's PDF and its print view print: the list's own filter and order over the resource
// (export/rows.ts, as the CSV and Excel exports read them, with the user's scope), the visible columns' values
// and the grouping columns' values; and the group and grand totals of the columns that have a footer total,
// computed by the database over those same rows (exact decimals, every row counted once). Past the rows a
// printed report holds (REPORT_MAX_ROWS) the PDF is refused; the print view prints the first of them, says
// of how many, and leaves the totals out (they would count only the rows printed, or read every row).
import type pg from 'pg';
import { formatNumber } from '../../../common/format.ts';
import { msg } from '../../messages.ts';
import type { ColumnDef } from '../../resources/resource-def.ts';
import { exportQuery, type ExportOf } from '../../table-api/export/rows.ts';
import { countRows, type RowCount } from '../../table-api/list/count.ts';
import { ReportRefusal } from '../report-refusal.ts';
import type { Limits } from '../../limits.ts';

export interface TableRows {
  /** Each row: the visible columns' values, then the grouping columns'. */
  rows: unknown[][];
  /**
   * Each group's totals and the grand total's: how many grouping levels it is under (0 for the grand total),
   * their values, and each visible column's total (null where it has none).
   */
  totals: Array<{ depth: number; groups: unknown[]; cells: unknown[] }>;
  /** When the rows stop at the limit (`pastLimit: 'first'`): how many the filter finds in all, perhaps estimated. */
  of: RowCount | null;
}

/** Past the limit: refuse (a PDF), or print the first rows only (the print view). */
export type PastLimit = 'refuse' | 'first';

const aggregate = { sum: 'sum', avg: 'avg', count: 'count' } as const;

export async function tableRows(
  pool: pg.Pool,
  of: ExportOf,
  groups: ReadonlyArray<ColumnDef>,
  limits: Limits,
  pastLimit: PastLimit = 'refuse',
): Promise<TableRows> {
  const limit = limits.reports.maxRows;
  const visible = of.req.visible;
  // The visible columns, then the grouping ones: the rows come back in that order (c0, c1...).
  const { text, fromWhere, params } = await exportQuery(
    pool,
    { ...of, req: { ...of.req, visible: [...visible, ...groups] } },
    (c) => c.sql,
    limits.lists,
  );
  const found = await pool.query<unknown[]>({ text: `${text} limit ${limit + 1}`, values: params, rowMode: 'array' });
  if (found.rows.length > limit) {
    if (pastLimit === 'refuse') throw new ReportRefusal(422, msg('reportTooManyRows', formatNumber(limit)));
    // Counted as the list counts (an estimate on a large table), never said as fewer than there are.
    const all = await countRows(pool, of.def, fromWhere, params);
    return { rows: found.rows.slice(0, limit), totals: [], of: { ...all, count: Math.max(all.count, limit + 1) } };
  }
  if (!visible.some((c) => c.total) || found.rows.length === 0) return { rows: found.rows, totals: [], of: null };

  // The export query names its values c0, c1...: the visible columns first, then the grouping columns.
  const groupRefs = groups.map((_, i) => `c${visible.length + i}`);
  const sets = groupRefs.map((_, level) => `(${groupRefs.slice(0, level + 1).join(', ')})`).reverse();
  const totals = visible.map((c, i) => (c.total ? `${aggregate[c.total]}(c${i})` : 'null'));
  // GROUPING() tells a group of NULL values from the levels a total is not under.
  const depth = groupRefs.length ? `${groupRefs.length} - (${groupRefs.map((g) => `grouping(${g})`).join(' + ')})` : '0';
  const r = await pool.query<unknown[]>({
    text: `select (${depth})::int, ${[...groupRefs, ...totals].join(', ')} from (${text}) printed group by grouping sets (${[...sets, '()'].join(', ')})`,
    values: params,
    rowMode: 'array',
  });
  return {
    rows: found.rows,
    totals: r.rows.map(([level, ...row]) => ({
      depth: level as number,
      groups: row.slice(0, groups.length),
      cells: row.slice(groups.length),
    })),
    of: null,
  };
}
