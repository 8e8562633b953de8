// The selected rows as Copy puts them on the clipboard: a header line of the shown columns' labels, then
// a line per row, values tab-separated and formatted as the table shows them. A tab or line break inside a
// value becomes a space, so every line stays one row and every cell one column when pasted.
import { formatValue } from '../../../common/format.ts';
import type { Column } from '../../../common/resources/types.ts';
import type { Row } from '../../../common/table-config.ts';

const oneLine = (text: string) => text.replace(/[\t\r\n]+/g, ' ');

export function rowsAsText(columns: ReadonlyArray<Column>, rows: ReadonlyArray<Row>): string {
  const lines = [
    columns.map((c) => oneLine(c.label)),
    ...rows.map((row) => columns.map((c) => oneLine(formatValue(row[c.name], c.format)))),
  ];
  return lines.map((cells) => cells.join('\t')).join('\n');
}
