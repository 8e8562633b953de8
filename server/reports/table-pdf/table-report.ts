// The PDF of a data table (GET /api/common/report?filename=<resource>): its filtered rows in the list's
// order, its visible columns, grouped by the main and sub grouping columns with each group's totals, under
// a header saying who printed it, when, and with which filter. Drawn with the shared report table.
import { withTableTitles } from '../../resources/table-titles.ts';
import type { FastifyInstance } from 'fastify';
import { cellText, formatNumber, formatTotal, formatValue } from '../../../common/format.ts';
import { msg } from '../../messages.ts';
import type { CurrentUser } from '../../../common/roles.ts';
import type { ColumnDef, ResourceDef } from '../../resources/resource-def.ts';
import { toParams } from '../../table-api/request/params.ts';
import { parseTableRequest, type TableRequest } from '../../table-api/request/table-request.ts';
import { TABLE_TEMPLATE } from '../definition.ts';
import { storesCaption } from '../parameters.ts';
import { reportFragment } from '../render.ts';
import { printedBy } from '../run-report.ts';
import { groupedLines, labelled, type ReportTable } from '../table/report-table.ts';
import { tableRows } from './table-rows.ts';
import { filterSummary } from '../../../common/table-filters.ts';
import { mapInSlices } from '../../slices.ts';
import { inWords, titleOf } from '../../../common/resources/words.ts';

/** Tables this wide print across the page. */
const LANDSCAPE_FROM_COLUMNS = 7;

function groupLabel(column: ColumnDef, value: unknown): string {
  return `${column.label}: ${formatValue(value, column.format) || msg('emptyGroup')}`;
}

function totalCells(columns: ReadonlyArray<ColumnDef>, values: ReadonlyArray<unknown>): string[] {
  return columns.map((c, i) => (c.total ? formatTotal(values[i], c) : ''));
}

/** Which rows are printed: the searches, or that there are none. */
function filterLine(def: ResourceDef, request: TableRequest): string {
  const parts = [
    ...(request.searchTerms.length ? [msg('reportSearch', request.searchTerms.join(' '))] : []),
    ...inWords(
      def,
      request.columnSearch.map((s) => s.column),
    ).map((column, i) => msg('filterChip', column.label, filterSummary(column, request.columnSearch[i]!.filter))),
  ];
  return parts.length ? msg('reportFilter', parts.join('; ')) : msg('reportNoFilter');
}

export interface TableReport {
  title: string;
  html: string;
  landscape: boolean;
}

/**
 * The list parameters in `query` (plus `maingroup` and `subgroup`) as the table's report reads them;
 * TableRequestError when they are refused. Read before a PDF slot is taken or Chromium asked for.
 */
export function tableReportRequest(def: ResourceDef, query: unknown): TableRequest {
  return parseTableRequest(def, toParams(query));
}

/** The table's report for a list request (tableReportRequest). */
export async function tableReport(app: FastifyInstance, def: ResourceDef, request: TableRequest, user: CurrentUser): Promise<TableReport> {
  // parseTableRequest has checked each grouping column is one of the table's sortable columns.
  // In the words of the moment: the columns' labels, the groups' and the filters' names.
  const groups = inWords(def, request.groups);
  const columns = withTableTitles(inWords(def, request.visible), app.resources);
  const { rows, totals } = await tableRows(
    app.db.reads({ user }).pool,
    { def, req: request, user, served: app.resources },
    groups,
    app.config.limits,
  );

  const labels = (values: ReadonlyArray<unknown>) => groups.slice(0, values.length).map((g, i) => groupLabel(g, values[i]));
  const subtotals = new Map(
    totals
      .filter((t) => t.depth > 0)
      .map((t) => {
        const path = labels(t.groups.slice(0, t.depth));
        return [JSON.stringify(path), labelled(msg('reportGroupTotal', path.at(-1)!), totalCells(columns, t.cells))];
      }),
  );
  const grand = totals.find((t) => t.depth === 0);
  const table: ReportTable = {
    columns: columns.map((c) => ({ label: c.label, numeric: ['integer', 'number', 'currency', 'percent'].includes(c.format) })),
    lines: groupedLines(
      // Thousands of rows: formatted a slice at a time (server/slices.ts), other requests answered between.
      await mapInSlices(rows, (row) => ({
        groups: labels(row.slice(columns.length)),
        cells: columns.map((c, i) => cellText(c, row[i])),
      })),
      (path) => subtotals.get(JSON.stringify(path)) ?? null,
    ),
    total: grand ? labelled(msg('reportTotal'), totalCells(columns, grand.cells)) : null,
    emptyText: msg('emptyTable'),
  };
  const caption = [
    printedBy(user),
    filterLine(def, request),
    ...(def.scope && 'stores' in def.scope ? [await storesCaption(app.db.pool, user, request.stores ?? null)] : []),
    ...(groups.length ? [msg('reportGroupedBy', groups.map((g) => g.label).join(', '))] : []),
    msg('reportRows', formatNumber(rows.length)),
  ];
  const title = titleOf(def);
  const html = await reportFragment(app, { title, template: TABLE_TEMPLATE, output: { caption, body: table } });
  return { title, html, landscape: columns.length >= LANDSCAPE_FROM_COLUMNS };
}
