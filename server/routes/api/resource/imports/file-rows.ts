// An uploaded file's rows as the engine takes them (each column's text under the field the mapping gives it),
// and its refused rows written down as the file had them, with their line and messages, to be downloaded,
// corrected and imported again: a CSV file (UTF-8 with a byte-order mark, as Excel opens it) beside the upload.
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { readImportFile, type ImportLimits } from '../../../../imports/index.ts';
import type { MappedRow, RowOutcome } from '../../../../imports/engine/index.ts';
import { csvField } from '../../../../table-api/export/csv-line.ts';
import { msg } from '../../../../messages.ts';
import type { Upload } from './uploads.ts';

export async function* mappedRows(upload: Upload, mapping: ReadonlyArray<string | null>, limits: ImportLimits): AsyncGenerator<MappedRow> {
  const table = await readImportFile(upload.file.path, limits);
  for await (const { line, cells } of table) {
    const values: Record<string, string> = {};
    for (let i = 0; i < mapping.length; i++) {
      const field = mapping[i];
      if (field) values[field] = cells[i] ?? '';
    }
    yield { line, values, cells };
  }
}

/** The header of a refused rows file: the file's own, then the line and the messages. */
export function refusedHeader(header: ReadonlyArray<string>): string[] {
  return [...header, msg('importLineColumn'), msg('importMessagesColumn')];
}

/** Writes the refused rows of a preview or run to a new file beside the upload. */
export class RefusedRowsFile {
  readonly path: string;
  private readonly out: WriteStream;

  constructor(upload: Upload) {
    this.path = join(dirname(upload.file.path), `refused-${randomUUID()}.csv`);
    this.out = createWriteStream(this.path, { mode: 0o600 });
    this.out.write(Buffer.from([0xef, 0xbb, 0xbf]));
    this.out.write(csvLine(refusedHeader(upload.header)));
  }

  async add(outcome: RowOutcome): Promise<void> {
    const cells = [...(outcome.row.cells ?? []), String(outcome.row.line), outcome.messages.join(' ')];
    if (!this.out.write(csvLine(cells))) await once(this.out, 'drain');
  }

  async close(): Promise<void> {
    this.out.end();
    await once(this.out, 'close');
  }
}

/** Text a spreadsheet would run as a formula gets an apostrophe in front, as our exports write it (an import takes it off). */
export function defused(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvLine(cells: ReadonlyArray<string>): string {
  return `${cells.map((c) => csvField(defused(c))).join(',')}\r\n`;
}
