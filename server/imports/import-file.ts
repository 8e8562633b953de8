// Opening a file for import: what kind it is from its first bytes (file-kind.ts), then its rows as an
// ImportTable (table-rows.ts), from a CSV reader or an .xlsx reader. The size limit holds here too, for a
// file that did not come through saveUpload.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Limits } from '../limits.ts';
import { csvRows } from './csv-rows.ts';
import { fileKind, SNIFF_BYTES } from './file-kind.ts';
import { ImportFileError } from './import-error.ts';
import { importTable, type ImportTable } from './table-rows.ts';
import { limitedBytes, uploadTooLarge } from './upload-bytes.ts';
import { xlsxRows } from './xlsx-rows.ts';

export type ImportLimits = Limits['imports'];

/** A file's first `size` bytes (fewer if it is shorter), and all its chunks from the start. */
async function peek(source: AsyncIterable<Buffer>, size: number) {
  const iterator = source[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let bytes = 0;
  let ended = false;
  try {
    while (bytes < size) {
      const next = await iterator.next();
      if (next.done) {
        ended = true;
        break;
      }
      taken.push(next.value);
      bytes += next.value.length;
    }
  } catch (err) {
    await iterator.return?.();
    throw err;
  }
  async function* chunks(): AsyncGenerator<Buffer, void, undefined> {
    try {
      yield* taken;
      for (let next = ended ? null : await iterator.next(); next && !next.done; next = await iterator.next()) yield next.value;
    } finally {
      await iterator.return?.();
    }
  }
  return { head: Buffer.concat(taken).subarray(0, size), chunks: chunks(), close: () => iterator.return?.() };
}

/**
 * The rows of the CSV or .xlsx file at `path` (kept by saveUpload), the format told from its content.
 * Refused with ImportFileError before the first row if it is of no kind we read, empty, a header alone, or
 * damaged at its start; later refusals come from the rows' iterator, at the line where they arise.
 */
export async function readImportFile(path: string, limits: ImportLimits): Promise<ImportTable> {
  if ((await stat(path)).size > limits.maxBytes) throw uploadTooLarge(limits.maxBytes);
  const file = await peek(createReadStream(path), SNIFF_BYTES);
  try {
    if (fileKind(file.head) === 'csv') return await importTable('csv', csvRows(file.chunks), limits.maxRows);
  } catch (err) {
    await file.close();
    throw err;
  }
  await file.close();
  return importTable('xlsx', xlsxRows(path, limits.maxUnpackedBytes), limits.maxRows);
}

/**
 * The rows of CSV text arriving as a stream (a request body), read as it comes: the same rules as a CSV file,
 * the size limit counted as the bytes arrive. A workbook cannot be read from a stream (its zip directory is at
 * its end): it is refused.
 */
export async function readCsvStream(source: AsyncIterable<Buffer>, limits: ImportLimits): Promise<ImportTable> {
  const file = await peek(limitedBytes(source, limits.maxBytes), SNIFF_BYTES);
  try {
    if (fileKind(file.head) !== 'csv') throw new ImportFileError(400, 'importCsvOnly');
    return await importTable('csv', csvRows(file.chunks), limits.maxRows);
  } catch (err) {
    await file.close();
    throw err;
  }
}
