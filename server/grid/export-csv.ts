// The export of a list: every row of the list's filter and order (not just the page), in its visible
// columns, formatted as the table shows them, as CSV in UTF-16LE with a byte-order mark (what Excel opens
// with any script intact). The database formats the values (export-sql.ts). On a PostgreSQL server the
// rows come through COPY (export-copy.ts); the embedded database reads them through a cursor in batches.
// Either way rows are produced only as fast as the client takes them, so memory stays flat, and a client
// that goes away ends the query and frees the connection.
import { Readable } from 'node:stream';
import type { CurrentUser } from '../../common/roles.ts';
import type { ResourceDef } from '../../common/resources/types.ts';
import type { Database } from '../db/index.ts';
import { csvHeader } from './csv.ts';
import { copyCsvRows } from './export-copy.ts';
import { cursorCsvRows } from './export-cursor.ts';
import { formatSettings, formattedSql } from './export-sql.ts';
import type { GridRequest } from './grid-request.ts';
import { buildFilter } from './filter.ts';
import { fromClause, fullOrder, orderBy } from './sql.ts';

const BOM = Buffer.from([0xff, 0xfe]);

export function exportCsv(db: Database, def: ResourceDef, req: GridRequest, user: CurrentUser): Readable {
  return Readable.from(csvChunks(db, def, req, user), { objectMode: false });
}

async function* csvChunks(db: Database, def: ResourceDef, req: GridRequest, user: CurrentUser): AsyncGenerator<Buffer> {
  const columns = req.visible;
  const filter = await buildFilter(db.pool, def, req, user, 'export');
  const select = columns.map((c, i) => `${formattedSql(c)} as c${i}`).join(', ');
  const order = orderBy(fullOrder(def, req.order));
  const query = `select ${select} from ${fromClause(def, [select, filter.where, order])} where ${filter.where} order by ${order}`;
  yield Buffer.concat([BOM, Buffer.from(csvHeader(columns), 'utf16le')]);
  const client = await db.pool.connect();
  let finished = false;
  try {
    await client.query('begin');
    await client.query(formatSettings.text, formatSettings.params);
    yield* db.kind === 'postgres' ? copyCsvRows(client, query, filter.params) : cursorCsvRows(client, query, filter.params);
    await client.query('commit');
    finished = true;
  } finally {
    // Reached early when the client disconnects (or on an error). A connection left mid-COPY is closed rather
    // than handed to the next request: the server then ends the query. The embedded database is one
    // session behind every connection, so there the transaction is rolled back, closing the cursor.
    let broken: Error | undefined;
    if (!finished && db.kind === 'embedded') await client.query('rollback').catch((err: Error) => (broken = err));
    else if (!finished) broken = new Error('export stopped before its end');
    client.release(broken);
  }
}
