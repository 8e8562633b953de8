// Export rows read through a cursor in batches, each batch read only when the previous one has been taken:
// the embedded database's CSV export (it has no COPY streaming over its socket) and every Excel export.
// On a PostgreSQL server the cursor lives in the export's transaction on a connection of its own
// (rows.ts). The embedded database has one connection, which every request needs (if only for its
// session): there the cursor is held past its transaction and each batch takes the connection only while it
// is fetched, so other requests run between batches however slowly the client reads.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { allowExportTime } from '../../db/query-deadline.ts';

const BATCH_ROWS = 2000;

export type Batch = Array<Array<string | null>>;

// A batch's text leaves in pieces of about this many characters. Each stage of the stream after it (zip,
// compression, the response) holds a chunk whatever its size, so a batch written as one chunk was held whole
// three times over, and the next batches were fetched while the client took nothing. In pieces, the cursor
// waits for the client once the socket's buffers are full.
const PIECE_CHARS = 64 * 1024;

/** The text of `rows`, each written by `text`, in pieces of about PIECE_CHARS characters. */
export function* inPieces<Row>(rows: Iterable<Row>, text: (row: Row) => string): Generator<string> {
  let piece = '';
  for (const row of rows) {
    piece += text(row);
    if (piece.length >= PIECE_CHARS) {
      yield piece;
      piece = '';
    }
  }
  if (piece) yield piece;
}

/** The rows of `query` as arrays of their columns' text (NULL as null), a batch at a time; run inside a transaction. */
export async function* cursorBatches(client: pg.PoolClient, query: string, params: ReadonlyArray<unknown>): AsyncGenerator<Batch> {
  await client.query(`declare export_rows no scroll cursor for ${query}`, params as unknown[]);
  for (;;) {
    const batch = await client.query<Array<string | null>>({ text: `fetch forward ${BATCH_ROWS} from export_rows`, rowMode: 'array' });
    if (batch.rows.length === 0) return;
    yield batch.rows;
  }
}

/**
 * The same batches from a cursor held past its transaction (WITH HOLD: the database keeps the rows when the
 * transaction that computed them commits, under `settings`), fetched one at a time through the pool and
 * closed however the reading ends.
 */
export async function* heldCursorBatches(
  pool: pg.Pool,
  settings: { text: string; params: unknown[] },
  query: string,
  params: ReadonlyArray<unknown>,
): AsyncGenerator<Batch> {
  const name = `export_${randomBytes(8).toString('hex')}`;
  const client = await pool.connect();
  // The commit computes every row of the export: longer than a request's query may take.
  allowExportTime(client);
  let failed: Error | undefined;
  try {
    await client.query('begin');
    await client.query(settings.text, settings.params);
    await client.query(`declare ${name} no scroll cursor with hold for ${query}`, params as unknown[]);
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch((broken: Error) => (failed = broken));
    throw err;
  } finally {
    client.release(failed);
  }
  try {
    for (;;) {
      const batch = await pool.query<Array<string | null>>({ text: `fetch forward ${BATCH_ROWS} from ${name}`, rowMode: 'array' });
      if (batch.rows.length === 0) return;
      yield batch.rows;
    }
  } finally {
    await pool.query(`close ${name}`).catch(() => undefined);
  }
}
