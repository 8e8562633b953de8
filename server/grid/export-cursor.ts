// The export's path on the embedded database, which has no COPY streaming over its socket: the formatted
// rows (export-sql.ts) are read through a cursor in batches and written as CSV here. Each batch is read
// only when the client has taken the previous one.
import type pg from 'pg';
import { csvField } from './csv.ts';

const BATCH_ROWS = 2000;

/** The CSV rows of `query` (a SELECT of formatted text columns) as UTF-16LE chunks; run inside a transaction. */
export async function* cursorCsvRows(client: pg.PoolClient, query: string, params: ReadonlyArray<unknown>): AsyncGenerator<Buffer> {
  await client.query(`declare export_rows no scroll cursor for ${query}`, params as unknown[]);
  for (;;) {
    const batch = await client.query<Array<string | null>>({ text: `fetch forward ${BATCH_ROWS} from export_rows`, rowMode: 'array' });
    if (batch.rows.length === 0) return;
    let text = '';
    for (const row of batch.rows) text += `${row.map((cell) => (cell === null ? '' : csvField(cell))).join(',')}\r\n`;
    yield Buffer.from(text, 'utf16le');
  }
}
