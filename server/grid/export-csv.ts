// The export of a list: every row of the list's filter and order (not just the page), in its visible
// columns, formatted as the table shows them, as CSV in UTF-16LE with a byte-order mark (what Excel opens
// with any script intact). Rows are read through a cursor in batches and produced only as fast as the
// client takes them, so memory stays flat; a client that goes away closes the cursor and frees the
// connection.
import { Readable } from 'node:stream';
import type pg from 'pg';
import type { CurrentUser } from '../../common/roles.ts';
import type { ResourceDef } from '../../common/resources/types.ts';
import { csvHeader, csvLine } from './csv.ts';
import type { GridRequest } from './grid-request.ts';
import type { Row } from './list.ts';
import { buildFilter, fullOrder, orderBy, selectList } from './sql.ts';

const BOM = Buffer.from([0xff, 0xfe]);
const BATCH_ROWS = 2000;

export function exportCsv(pool: pg.Pool, def: ResourceDef, req: GridRequest, user: CurrentUser): Readable {
  return Readable.from(csvChunks(pool, def, req, user), { objectMode: false });
}

async function* csvChunks(pool: pg.Pool, def: ResourceDef, req: GridRequest, user: CurrentUser): AsyncGenerator<Buffer> {
  const columns = req.visible;
  const filter = buildFilter(def, req, user, 'export');
  yield Buffer.concat([BOM, Buffer.from(csvHeader(columns), 'utf16le')]);
  const client = await pool.connect();
  let inTransaction = false;
  let broken: Error | undefined;
  try {
    await client.query('begin');
    inTransaction = true;
    await client.query(
      `declare export_rows no scroll cursor for
       select ${selectList(columns)} from ${def.from} where ${filter.where} order by ${orderBy(fullOrder(def, req.order))}`,
      filter.params,
    );
    for (;;) {
      const batch = await client.query<Row>(`fetch forward ${BATCH_ROWS} from export_rows`);
      if (batch.rows.length === 0) break;
      let text = '';
      for (const row of batch.rows) text += csvLine(columns, row);
      yield Buffer.from(text, 'utf16le');
    }
    await client.query('commit');
    inTransaction = false;
  } finally {
    // Reached early when the client disconnects: the rollback closes the cursor.
    if (inTransaction) await client.query('rollback').catch((err: Error) => (broken = err));
    // A connection that could not even roll back is dropped, not handed to the next request.
    client.release(broken);
  }
}
