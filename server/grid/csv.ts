// CSV text of formatted values: comma separated, fields quoted when they hold a comma, a quote or a line
// break (quotes doubled), lines ended by CRLF. Text that a spreadsheet would run as a formula (= + - @ at
// the start) is prefixed with an apostrophe, so an exported name cannot execute in Excel.
import type { ColumnDef } from '../../common/resources/types.ts';
import { cellFormatter } from './export-format.ts';

const needsQuotes = /[",\r\n]/;
const formulaStart = /^[=+\-@\t\r]/;

export function csvField(text: string): string {
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvHeader(columns: ReadonlyArray<ColumnDef>): string {
  return `${columns.map((c) => csvField(c.label)).join(',')}\r\n`;
}

/** A function writing one row's CSV line for these columns (formatters chosen once, not per cell). */
export function csvLineWriter(columns: ReadonlyArray<ColumnDef>): (row: Record<string, unknown>) => string {
  const cells = columns.map((column) => {
    const format = cellFormatter(column.format);
    const defuse = column.format === 'text';
    return (row: Record<string, unknown>) => {
      const text = format(row[column.name]);
      return csvField(defuse && formulaStart.test(text) ? `'${text}` : text);
    };
  });
  return (row) => {
    let line = cells[0]!(row);
    for (let i = 1; i < cells.length; i++) line += `,${cells[i]!(row)}`;
    return `${line}\r\n`;
  };
}
