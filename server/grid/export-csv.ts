// The export of a list: every row of the list's filter and order (not just the page), in its visible
// columns, formatted as the table shows them, as CSV in UTF-16LE with a byte-order mark (what Excel opens
// with any script intact). Rows are read through a cursor in batches and produced only as fast as the
// client takes them, so memory stays flat; a client that goes away closes the cursor and frees the
// connection.
import { Readable } from 'node:stream';
import type pg from 'pg';
import type { CurrentUser } from '../../common/roles.ts';
import type { ResourceDef } from '../../common/resources/types.ts';
import { csvHeader, csvLineWriter } from './csv.ts';
import type { GridRequest } from './grid-request.ts';
import type { Row } from './list.ts';
import { buildFilter, fromClause, fullOrder, orderBy, selectList } from './sql.ts';

const BOM = Buffer.from([0xff, 0xfe]);
const BATCH_ROWS = 2000;

export function exportCsv(pool: pg.Pool, def: ResourceDef, req: GridRequest, user: CurrentUser): Readable {
  return Readable.from(csvChunks(pool, def, req, user), { objectMode: false });
}

async function* csvChunks(pool: pg.Pool, def: ResourceDef, req: GridRequest, user: CurrentUser): AsyncGenerator<Buffer> {
  const columns = req.visible;
  const line = csvLineWriter(columns);
  const filter = buildFilter(def, req, user, 'export');
  yield Buffer.concat([BOM, Buffer.from(csvHeader(columns), 'utf16le')]);
  const client = await pool.connect();
  let inTransaction = false;
  let broken: Error | undefined;
  let pending: Promise<pg.QueryResult<Row>> | undefined;
  try {
    await client.query('begin');
    inTransaction = true;
    const select = selectList(columns);
    const order = orderBy(fullOrder(def, req.order));
    await client.query(
      `declare export_rows no scroll cursor for
       select ${select} from ${fromClause(def, [select, filter.where, order])} where ${filter.where} order by ${order}`,
      filter.params,
    );
    const fetchBatch = () => client.query<Row>(`fetch forward ${BATCH_ROWS} from export_rows`);
    // The next batch is asked for before this one is formatted: the database reads while we write.
    pending = fetchBatch();
    for (;;) {
      const batch = await pending;
      pending = undefined;
      if (batch.rows.length === 0) break;
      pending = fetchBatch();
      let text = '';
      for (const row of batch.rows) text += line(row);
      yield Buffer.from(text, 'utf16le');
    }
    await client.query('commit');
    inTransaction = false;
  } finally {
    // Reached early when the client disconnects: the rollback closes the cursor.
    await pending?.catch(() => undefined);
    if (inTransaction) await client.query('rollback').catch((err: Error) => (broken = err));
    // A connection that could not even roll back is dropped, not handed to the next request.
    client.release(broken);
  }
}
