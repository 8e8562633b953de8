// The rows of a worksheet part, each with its row number, read as the part is inflated: a pull, so a caller
// that stops taking rows stops the inflating too. Cells become text (cell-text.ts says in which form); a
// formula cell refuses the file, since its value would have to be computed or taken on the file's word (its
// cached result, which any program can write without the formula agreeing), and a formula is no value to
// store either. Text that starts with "=" in a text cell is just text.
import { formatNumber } from '../../../common/format.ts';
import { ImportFileError } from '../import-error.ts';
import { MAX_RECORD_BYTES, type SourceRow } from '../table-rows.ts';
import { booleanText, dateText, numberText, sheetText } from './cell-text.ts';
import { richText, type Workbook } from './workbook-parts.ts';
import { parseXml, type Attributes } from './xml-part.ts';
import { damaged, type ZipPackage } from './zip-package.ts';

/** Excel's last column, XFD. */
const MAX_COLUMN = 16_384;

/** The 0-based column of a cell reference ("C5" is 2). */
function columnOf(ref: string): number {
  let column = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const code = ref.charCodeAt(i);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  if (i === 0 || column > MAX_COLUMN) throw damaged();
  return column - 1;
}

function letters(column: number): string {
  let text = '';
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26)) text = String.fromCharCode(65 + ((n - 1) % 26)) + text;
  return text;
}

interface Cell {
  column: number;
  type: string;
  style: number;
  value: string;
  formula: boolean;
}

/** The rows of the workbook's sheet, in order; empty rows come too (table-rows.ts skips them). */
export async function* sheetRows(pkg: ZipPackage, book: Workbook): AsyncGenerator<SourceRow, void, undefined> {
  const ready: SourceRow[] = [];
  let inSheetData = false;
  let line = 0;
  let cells: string[] | null = null;
  let rowLength = 0;
  let lastColumn = -1;
  let cell: Cell | null = null;
  let inValue = false;
  const inline = richText((text) => {
    if (cell) cell.value = text;
  });

  const cellText = (c: Cell): string => {
    if (c.value === '') return '';
    switch (c.type) {
      case 's': {
        const text = book.sharedStrings.at(Number(c.value));
        if (text === undefined) throw damaged();
        return text;
      }
      case 'inlineStr':
        return c.value;
      case 'str':
        return sheetText(c.value);
      case 'b':
        return booleanText(c.value);
      case 'e':
      case 'd':
        return c.value;
      default: {
        const n = Number(c.value);
        if (!Number.isFinite(n)) throw damaged();
        const kind = book.styleKinds[c.style] ?? 'number';
        return kind === 'number' ? numberText(n) : dateText(n, kind, book.date1904);
      }
    }
  };

  const endCell = (c: Cell) => {
    if (c.formula) throw new ImportFileError(400, 'importFormula', [`${letters(c.column)}${line}`], line);
    if (!cells) return;
    const text = cellText(c);
    if (text === '') return;
    rowLength += text.length;
    if (rowLength > MAX_RECORD_BYTES) {
      throw ImportFileError.at('xlsx', line, 'importLineTooLong', formatNumber(MAX_RECORD_BYTES / 1024));
    }
    while (cells.length < c.column) cells.push('');
    cells[c.column] = text;
  };

  const open = (name: string, a: Attributes) => {
    if (cell) {
      if (name === 'v') {
        inValue = true;
        cell.value = '';
      } else if (name === 'f') cell.formula = true;
      else inline.open(name, 'is');
    } else if (name === 'c' && cells) {
      const column = a.r ? columnOf(a.r) : lastColumn + 1;
      if (column <= lastColumn) throw damaged();
      lastColumn = column;
      cell = { column, type: a.t ?? 'n', style: a.s ? Number(a.s) : 0, value: '', formula: false };
    } else if (name === 'row' && inSheetData) {
      line = a.r ? Number(a.r) : line + 1;
      if (!Number.isInteger(line) || line < 1) throw damaged();
      cells = [];
      rowLength = 0;
      lastColumn = -1;
    } else if (name === 'sheetData') inSheetData = true;
  };

  const text = (value: string) => {
    if (inValue && cell) cell.value += value;
    else inline.text(value);
  };

  const close = (name: string) => {
    if (name === 'v') inValue = false;
    else if (name === 'c' && cell) {
      endCell(cell);
      cell = null;
    } else if (cell) inline.close(name, 'is');
    else if (name === 'row' && cells) {
      ready.push({ line, cells });
      cells = null;
    } else if (name === 'sheetData') inSheetData = false;
  };

  for await (const _ of parseXml(await pkg.read(book.sheetPath), { open, text, close })) {
    // The rows this chunk completed, handed on before the next chunk is inflated.
    for (const row of ready.splice(0)) yield row;
  }
  yield* ready.splice(0);
}
