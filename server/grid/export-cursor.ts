// Export rows read through a cursor in batches, each batch read only when the previous one has been taken:
// the embedded database's CSV export (it has no COPY streaming over its socket) and every Excel export.
// Runs inside the export's transaction (export-rows.ts), which closes the cursor however it ends.
import type pg from 'pg';

const BATCH_ROWS = 2000;

/** The rows of `query` as arrays of their columns' text (NULL as null), a batch at a time. */
export async function* cursorBatches(client: pg.PoolClient, query: string, params: ReadonlyArray<unknown>): AsyncGenerator<Array<Array<string | null>>> {
  await client.query(`declare export_rows no scroll cursor for ${query}`, params as unknown[]);
  for (;;) {
    const batch = await client.query<Array<string | null>>({ text: `fetch forward ${BATCH_ROWS} from export_rows`, rowMode: 'array' });
    if (batch.rows.length === 0) return;
    yield batch.rows;
  }
}
