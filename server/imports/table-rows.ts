// A file's rows as an import takes them, whatever the format: the header row's cells, then each data row as
// `{ line, cells }`. The rules, the same for CSV and .xlsx:
//   - rows whose cells are all empty are skipped wherever they are (blank lines, a sheet's formatted but empty
//     rows), and the first other row is the header;
//   - header cells are trimmed, and empty ones after the last named column are dropped;
//   - a data row has exactly one cell per header column, as text exactly as written (no trimming, no number
//     or date reading): cells it lacks are empty, empty cells past the header are dropped, and a value past the
//     header refuses the file (its separators or quotes are most likely wrong, so no cell can be trusted);
//   - no rows at all, a header alone, more columns than MAX_COLUMNS or more rows than the limit refuse the file.
// Refusals are ImportFileError; rows come only as fast as they are taken (a pull, never a buffer).
import { ImportFileError, type FileFormat } from './import-error.ts';

/** A row as a format's reader gives it: its line (CSV) or row number (a sheet), and its cells. */
export interface SourceRow {
  readonly line: number;
  readonly cells: string[];
}

/** A data row for the import: `cells[i]` is the value under `header[i]`. */
export interface ImportRow {
  readonly line: number;
  readonly cells: readonly string[];
}

/** The longest row read: a CSV record's bytes of UTF-8 (its lines, when quoted values hold line breaks), a sheet row's characters. */
export const MAX_RECORD_BYTES = 1024 * 1024;

/** The most columns a header may have: far more than any table has fields, few enough to pad every row. */
export const MAX_COLUMNS = 1000;

const isEmpty = (cells: readonly string[]) => cells.every((cell) => cell === '');

/** A file opened for import: its header, and its data rows to be read once, in order. */
export class ImportTable implements AsyncIterable<ImportRow> {
  private taken = false;

  constructor(
    readonly format: FileFormat,
    /** The header row's cells, trimmed. */
    readonly header: readonly string[],
    /** The line (CSV) or row (sheet) the header is on. */
    readonly headerLine: number,
    private readonly first: ImportRow,
    private readonly rest: AsyncGenerator<ImportRow, void, undefined>,
  ) {}

  async *[Symbol.asyncIterator](): AsyncGenerator<ImportRow, void, undefined> {
    if (this.taken) throw new Error('The rows of an import file are read once');
    this.taken = true;
    try {
      yield this.first;
      yield* this.rest;
    } finally {
      await this.rest.return();
    }
  }

  /** Stops reading and lets go of the file: for a caller that leaves before the last row (a loop's break does it too). */
  async close(): Promise<void> {
    await this.rest.return();
  }
}

/**
 * The table in `rows`: reads up to the first data row (so an empty file, or one with a header alone, is
 * refused here), and leaves the rest to be read as the rows are taken.
 */
export async function importTable(
  format: FileFormat,
  rows: AsyncGenerator<SourceRow, void, undefined>,
  maxRows: number,
): Promise<ImportTable> {
  let found: { header: string[]; line: number } | undefined;
  const data = dataRows(format, rows, maxRows, (header, line) => {
    found = { header, line };
  });
  try {
    const first = await data.next();
    if (first.done) throw new ImportFileError(400, found ? 'importHeaderOnly' : 'importEmpty');
    return new ImportTable(format, found!.header, found!.line, first.value, data);
  } catch (err) {
    await data.return();
    throw err;
  }
}

/** The data rows, shaped by the rules above, after telling `foundHeader` the header. */
async function* dataRows(
  format: FileFormat,
  rows: AsyncGenerator<SourceRow, void, undefined>,
  maxRows: number,
  foundHeader: (header: string[], line: number) => void,
): AsyncGenerator<ImportRow, void, undefined> {
  try {
    let width = 0;
    let count = 0;
    for await (const row of rows) {
      if (isEmpty(row.cells)) continue;
      if (width === 0) {
        const header = row.cells.map((cell) => cell.trim());
        while (header.at(-1) === '') header.pop();
        if (header.length > MAX_COLUMNS) throw ImportFileError.tooLarge('importTooManyColumns', MAX_COLUMNS, 'count');
        // A row of spaces alone is as good as empty.
        if (header.length > 0) foundHeader(header, row.line);
        width = header.length;
        continue;
      }
      if (++count > maxRows) throw ImportFileError.tooLarge('importTooManyRows', maxRows, 'count');
      yield { line: row.line, cells: fitted(format, row, width) };
    }
  } finally {
    await rows.return();
  }
}
/** The row's cells, one per header column. */
function fitted(format: FileFormat, row: SourceRow, width: number): string[] {
  const { cells } = row;
  if (cells.length > width) {
    let last = cells.length - 1;
    while (last >= width && cells[last] === '') last--;
    if (last >= width) throw ImportFileError.at(format, row.line, 'importTooManyCells', last + 1, width);
    cells.length = width;
  }
  while (cells.length < width) cells.push('');
  return cells;
}
