// CSV text of formatted values: comma separated, fields quoted when they hold a comma, a quote or a line
// break (quotes doubled), lines ended by CRLF. Text that a spreadsheet would run as a formula (= + - @ at
// the start) is prefixed with an apostrophe, so an exported name cannot execute in Excel.
import { formatValue } from '../../common/format.ts';
import type { ColumnDef } from '../../common/resources/types.ts';

const needsQuotes = /[",\r\n]/;
const formulaStart = /^[=+\-@\t\r]/;

export function csvField(text: string): string {
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvHeader(columns: ReadonlyArray<ColumnDef>): string {
  return `${columns.map((c) => csvField(c.label)).join(',')}\r\n`;
}

export function csvLine(columns: ReadonlyArray<ColumnDef>, row: Record<string, unknown>): string {
  let line = '';
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i]!;
    let text = formatValue(row[column.name], column.format);
    if (column.format === 'text' && formulaStart.test(text)) text = `'${text}`;
    line += (i ? ',' : '') + csvField(text);
  }
  return `${line}\r\n`;
}
