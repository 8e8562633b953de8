// The export of a list as an Excel workbook: the same rows, columns and order as the CSV, but numbers and
// dates as values in the table's display styles (so a column of sales can be summed where it lands), text
// as text (never run as a formula). The sheet is written while the rows are read through a cursor, and
// zipped as it is written (yazl), each stage taking more only when the next has taken the last: memory
// stays flat. A table with more rows than a sheet holds is refused before the first byte.
import { Readable } from 'node:stream';
import { formatNumber } from '../../../common/format.ts';
import type { ColumnDef } from '../../resources/resource-def.ts';
import type { Database } from '../../db/index.ts';
import { inPieces } from './batches.ts';
import { exportBatches, exportQuery, type ExportOf } from './rows.ts';
import { formattedSql } from './sql-formats.ts';
import type { Limits } from '../../limits.ts';
import { TableRequestError } from '../request/request-error.ts';
import { cellKind, SheetWriter, zipWorkbook } from './xlsx-writer.ts';
import { inWords, titleOf } from '../../../common/resources/words.ts';

/**
 * A cell's value as SQL text: a date as Excel's day number (in the export's time zone), a number its own
 * digits. Excel counts 29 February 1900, which never was: its days before 1 March 1900 are one fewer, and
 * it has none before 1900, whose dates are written as the table shows them, as text.
 */
function cellSql(column: ColumnDef): string {
  const day = column.format === 'date' ? `(${column.sql})::date` : `(${column.sql})::timestamp`;
  const days =
    column.format === 'date'
      ? `(${day} - date '1899-12-30')`
      : column.format === 'datetime'
        ? `(extract(epoch from ${day} - timestamp '1899-12-30') / 86400)`
        : null;
  if (days) {
    return `case when ${day} >= '1900-03-01' then ${days}::text when ${day} >= '1900-01-01' then (${days} - 1)::text else ${formattedSql(column)} end`;
  }
  // Text is written as stored (a workbook cell cannot run it); the rest (yes/no, a date shown as text) as the table shows it.
  return cellKind(column.format, column.type).number || column.type === 'text' ? `(${column.sql})::text` : formattedSql(column);
}

/** Column widths in characters: what the format shows, or the label if longer. */
const shownWidth = { date: 11, datetime: 17, currency: 15, number: 14, integer: 12, percent: 9, boolean: 6, text: 24 } as const;
function width(column: ColumnDef): number {
  const shown = column.format === 'text' && column.type !== 'text' ? 10 : shownWidth[column.format];
  return Math.min(60, Math.max(column.label.length + 2, shown));
}

/**
 * The workbook of every row the request finds, as a stream; refused (TableRequestError) when the rows would
 * not fit a sheet (limits.exports.xlsxMaxRows, at most a sheet's). Counting them first reads up to a sheet's
 * worth of keys, small beside writing them.
 */
export async function exportXlsx(db: Database, of: ExportOf, limits: Limits): Promise<Readable> {
  // Headed and named in the words of the moment.
  const columns = inWords(of.def, of.req.visible);
  const limit = limits.exports.xlsxMaxRows;
  const { text, fromWhere, params } = await exportQuery(db.pool, of, cellSql, limits.lists);
  const counted = await db.pool.query<{ n: number }>(
    `select count(*)::int as n from (select 1 ${fromWhere} limit ${limit + 1}) found`,
    params,
  );
  if ((counted.rows[0]?.n ?? 0) > limit) throw new TableRequestError('tableExportTooManyRowsForExcel', formatNumber(limit));

  const sheet = new SheetWriter(
    columns.map((c) => cellKind(c.format, c.type)),
    columns.map(width),
  );
  const sheetXml = Readable.from(
    (async function* () {
      yield Buffer.from(sheet.head(columns.map((c) => c.label)));
      // Rows added since the count cannot push the sheet past Excel's last row (the file would not open).
      for await (const batch of exportBatches(db, `${text} limit ${limit}`, params)) {
        for (const xml of inPieces(batch, (row) => sheet.rowXml(row))) yield Buffer.from(xml);
      }
      yield Buffer.from(sheet.end());
    })(),
    { objectMode: false },
  );
  return zipWorkbook(titleOf(of.def), sheetXml, sheet);
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
