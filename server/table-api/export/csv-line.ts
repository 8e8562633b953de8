// CSV text: comma separated, fields quoted when they hold a comma, a quote or a line break (quotes
// doubled), lines ended by CRLF; what PostgreSQL's COPY (FORMAT csv) writes too. Text a spreadsheet would
// run as a formula is defused before it gets here (sql-formats.ts).
import type { ColumnDef } from '../../resources/resource-def.ts';

const needsQuotes = /[",\r\n]/;

export function csvField(text: string): string {
  // (COPY also quotes "\." when it is a row's only field, its end-of-data mark: the same value either way.)
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvHeader(columns: ReadonlyArray<ColumnDef>): string {
  return `${columns.map((c) => csvField(c.label)).join(',')}\r\n`;
}
