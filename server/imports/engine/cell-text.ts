// A file's cell as the table API's rules read it (field-values.ts), whoever wrote the file: as our own
// exports write values (a CSV's "$1,234.50", "12.34%", "Yes", a fixed value's words, an apostrophe before
// text that could start a formula; a workbook's 1234.5, 0.1234, 2026-03-07), or as people type them. Only
// the shape changes, never the value: a percentage is the fraction it shows, digit for digit, and anything
// not in one of these shapes goes to the rules as it is, to be refused in their words.
import { movePoint } from '../../../common/percent.ts';
import { msg } from '../../messages.ts';
import type { ColumnDef } from '../../resources/resource-def.ts';

const FORMULA_START = /^'[=+\-@\t\r]/;

/** The cell's text as the field's rules read it (see the top). */
export function cellText(column: ColumnDef, raw: string): string {
  let text = raw.trim();
  // Our exports put an apostrophe before text a spreadsheet would run (and before a negative number).
  if (FORMULA_START.test(text)) text = text.slice(1);
  if (text === '') return text;
  if (column.values) return fixedValue(column, text);
  switch (column.format) {
    case 'currency':
      return text.replace(/^(-?)\$/, '$1');
    case 'percent':
      return text.endsWith('%') ? (movePoint(text.slice(0, -1), -2) ?? text) : text;
    case 'boolean':
      return booleanText(text);
    default:
      break;
  }
  // A workbook's date cell is read as its day, or its day and a midnight time.
  if (column.type === 'date') return text.replace(/^(\d{4}-\d{2}-\d{2})T00:00:00$/, '$1');
  return text;
}

/** A fixed set's value from its code or its words, any case; anything else as it is (the rule refuses it). */
function fixedValue(column: ColumnDef, text: string): string {
  const lower = text.toLowerCase();
  const code = column.values?.find((v) => v.toLowerCase() === lower || column.valueLabels?.[v]?.toLowerCase() === lower);
  return code ?? text;
}

function booleanText(text: string): string {
  const lower = text.toLowerCase();
  if (lower === msg('yes').toLowerCase()) return 'true';
  if (lower === msg('no').toLowerCase()) return 'false';
  return text;
}
