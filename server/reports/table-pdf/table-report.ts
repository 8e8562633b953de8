// A data table's printed form, drawn with the shared report table: the PDF (GET /api/common/report?filename=
// <resource>) and the print view (GET <screen>/print, server/routes/table-print.ts). Its filtered rows in the
// list's order, its shown columns in their order, grouped by the main and sub grouping columns with each
// group's totals, under a header saying who printed it and when, with which filter (in the filter chips'
// words) and in which order. Past the rows a printed report holds, the PDF is refused and the print view
// shows the first of them, saying so (table-rows.ts).
import { withTableTitles } from '../../resources/table-titles.ts';
import type { FastifyInstance } from 'fastify';
import { cellText, formatNumber, formatTotal, formatValue } from '../../../common/format.ts';
import { msg } from '../../messages.ts';
import type { CurrentUser } from '../../../common/roles.ts';
import type { ColumnDef, ResourceDef } from '../../resources/resource-def.ts';
import { parseTableRequest, type TableRequest } from '../../table-api/request/table-request.ts';
import { TABLE_TEMPLATE } from '../definition.ts';
import { storesCaption } from '../parameters.ts';
import { reportFragment } from '../render.ts';
import { printedBy } from '../run-report.ts';
import { groupedLines, labelled, type ReportTable } from '../table/report-table.ts';
import { tableRows, type PastLimit } from './table-rows.ts';
import type { RowCount } from '../../table-api/list/count.ts';
import { one, toParams, type Params } from '../../table-api/request/params.ts';
import { quoteName, TableRequestError } from '../../table-api/request/request-error.ts';
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

/** The order the rows are printed in, after their groups': "sorted by Date descending, Store ascending". */
function orderLine(def: ResourceDef, request: TableRequest): string[] {
  const terms = request.order.slice(request.groups.length);
  const columns = inWords(
    def,
    terms.map((t) => t.column),
  );
  const said = terms.map((t, i) => msg(t.dir === 'asc' ? 'reportAscending' : 'reportDescending', columns[i]!.label));
  return said.length ? [msg('reportSortedBy', said.join(', '))] : [];
}

/** How many rows are printed: all of them, or the first of more (then totals are left out: table-rows.ts). */
function rowsLines(printed: number, of: RowCount | null): string[] {
  if (!of) return [msg('reportRows', formatNumber(printed))];
  return [msg(of.estimate ? 'printFirstRowsAbout' : 'printFirstRows', formatNumber(printed), formatNumber(of.count)), msg('printNoTotals')];
}

export interface TableReport {
  title: string;
  html: string;
  landscape: boolean;
}

/**
 * `shown`: the columns the table shows, by name and comma separated, of those the request names (which also
 * names the columns it sorts or filters by but does not show, so that their sort and filter hold). Absent or
 * empty: every column named.
 */
function shownColumns(request: TableRequest, params: Params): TableRequest['visible'] {
  const names = (one(params, 'shown') ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  if (names.length === 0) return request.visible;
  return [...new Set(names)].map((name) => {
    const column = request.visible.find((c) => c.name === name);
    if (!column) throw new TableRequestError('tableUnknownColumn', quoteName(name));
    return column;
  });
}

/**
 * The list parameters in `query` (plus `maingroup`, `subgroup` and `shown`) as the table's report reads them;
 * TableRequestError when they are refused. Read before a PDF slot is taken or Chromium asked for.
 */
export function tableReportRequest(def: ResourceDef, query: unknown): TableRequest {
  const params = toParams(query);
  const request = parseTableRequest(def, params);
  return { ...request, visible: shownColumns(request, params) };
}

/**
 * The table's report for a list request (tableReportRequest). `pastLimit`: what to do with more rows than a
 * printed report holds (table-rows.ts): refuse them (the PDF) or print the first (the print view).
 */
export async function tableReport(
  app: FastifyInstance,
  def: ResourceDef,
  request: TableRequest,
  user: CurrentUser,
  pastLimit: PastLimit = 'refuse',
): Promise<TableReport> {
  // parseTableRequest has checked each grouping column is one of the table's sortable columns.
  // In the words of the moment: the columns' labels, the groups' and the filters' names.
  const groups = inWords(def, request.groups);
  const columns = withTableTitles(inWords(def, request.visible), app.resources);
  const { rows, totals, of } = await tableRows(
    app.db.reads({ user }).pool,
    { def, req: request, user, served: app.resources },
    groups,
    app.config.limits,
    pastLimit,
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
    ...orderLine(def, request),
    ...(def.scope && 'stores' in def.scope ? [await storesCaption(app.db.pool, user, request.stores ?? null)] : []),
    ...(groups.length ? [msg('reportGroupedBy', groups.map((g) => g.label).join(', '))] : []),
    ...rowsLines(rows.length, of),
  ];
  const title = titleOf(def);
  const html = await reportFragment(app, { title, template: TABLE_TEMPLATE, output: { caption, body: table } });
  return { title, html, landscape: columns.length >= LANDSCAPE_FROM_COLUMNS };
}
