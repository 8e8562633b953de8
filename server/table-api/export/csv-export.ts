// The export of a list as CSV: every row of the list's filter and order (not just the page), in its visible
// columns, formatted as the table shows them, in UTF-16LE with a byte-order mark (what Excel opens with any
// script intact). The database formats the values (sql-formats.ts). On a PostgreSQL server the rows come
// through COPY (copy.ts); the embedded database reads them through a cursor in batches. Either way
// rows are produced only as fast as the client takes them, so memory stays flat, and a client that goes
// away ends the query and frees the connection or cursor (rows.ts).
import { Readable } from 'node:stream';
import type { Database } from '../../db/index.ts';
import { csvField, csvHeader } from './csv-line.ts';
import { copyCsvRows } from './copy.ts';
import { inPieces, type Batch } from './batches.ts';
import { exportBatches, exportQuery, inExportTransaction, type ExportOf } from './rows.ts';
import { formattedSql } from './sql-formats.ts';
import type { Limits } from '../../limits.ts';
import { inWords } from '../../../common/resources/words.ts';

const BOM = Buffer.from([0xff, 0xfe]);

export function exportCsv(db: Database, of: ExportOf, limits: Limits): Readable {
  return Readable.from(csvChunks(db, of, limits), { objectMode: false });
}

async function* csvChunks(db: Database, of: ExportOf, limits: Limits): AsyncGenerator<Buffer> {
  // Headed in the words of the moment.
  const columns = inWords(of.def, of.req.visible);
  const { text, params } = await exportQuery(db.pool, of, formattedSql, limits.lists);
  yield Buffer.concat([BOM, Buffer.from(csvHeader(columns), 'utf16le')]);
  yield* db.kind === 'postgres'
    ? inExportTransaction(db, (client) => copyCsvRows(client, text, params))
    : csvRows(exportBatches(db, text, params));
}

/** CSV rows of batches of formatted text columns (read through a cursor), as UTF-16LE chunks. */
export async function* csvRows(batches: AsyncIterable<Batch>): AsyncGenerator<Buffer> {
  for await (const batch of batches) {
    for (const text of inPieces(batch, csvLine)) yield Buffer.from(text, 'utf16le');
  }
}

function csvLine(row: Batch[number]): string {
  return `${row.map((cell) => (cell === null ? '' : csvField(cell))).join(',')}\r\n`;
}
