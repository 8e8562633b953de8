// A file an import cannot read, with the sentence its user reads: a Refusal (plugins/refusals.ts), so a route
// that lets it through answers its status and message, never a 500. 413 for what is too large (the upload,
// what a workbook unpacks to, its rows), 400 for the rest. `line` is the CSV line or sheet row at fault, when
// there is one, so a caller that shows the file can point at it.
import { formatNumber } from '../../common/format.ts';
import { msg, type MessageKey } from '../messages.ts';
import { Refusal } from '../plugins/refusals.ts';

/** The formats an import reads. A row's place is a CSV file's physical line, or a sheet's row number. */
export type FileFormat = 'csv' | 'xlsx';

export class ImportFileError extends Refusal {
  readonly line: number | undefined;

  constructor(statusCode: 400 | 413, key: MessageKey, args: Array<string | number> = [], line?: number) {
    super(statusCode, key, ...args);
    this.name = 'ImportFileError';
    this.line = line;
  }

  /** A refusal of one place in the file: its message opens with "Line n" (CSV) or "Row n" (a sheet). */
  static at(format: FileFormat, line: number, key: MessageKey, ...args: Array<string | number>): ImportFileError {
    return new ImportFileError(400, key, [place(format, line), ...args], line);
  }

  /** A refusal of a file too large in some way, the limit given in bytes (shown in MB) or as a count. */
  static tooLarge(key: MessageKey, limit: number, unit: 'bytes' | 'count'): ImportFileError {
    const shown = unit === 'bytes' ? formatNumber(Math.floor(limit / (1024 * 1024)) || 1) : formatNumber(limit);
    return new ImportFileError(413, key, [shown]);
  }
}

export function place(format: FileFormat, line: number): string {
  return msg(format === 'csv' ? 'importPlaceLine' : 'importPlaceRow', formatNumber(line));
}
