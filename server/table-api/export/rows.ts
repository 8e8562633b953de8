// What every export format shares: the list's filter and order over the definition's tables with the
// format's own select list; on a PostgreSQL server, the export's transaction (date and time settings) on a
// connection of the export pool, ended however the client leaves (a connection left mid-COPY or mid-cursor
// is closed rather than handed to the next export: the server then ends the query); and the rows in
// batches, on a server from a cursor in that transaction, embedded from a held cursor (batches.ts).
import type pg from 'pg';
import type { CurrentUser } from '../../../common/roles.ts';
import type { ColumnDef, ResourceDef } from '../../resources/resource-def.ts';
import type { Database } from '../../db/index.ts';
import { cursorBatches, heldCursorBatches, type Batch } from './batches.ts';
import { formatSettings } from './sql-formats.ts';
import { buildFilter, type ListLimits } from '../query/filter.ts';
import type { TableRequest } from '../request/table-request.ts';
import { fromClause, fullOrder, orderBy } from '../query/sql.ts';

/**
 * What an export is of: the resource, the list request (its filter, order and visible columns), who asks, and
 * the resources the app serves (app.resources), which the row scope may read.
 */
export interface ExportOf {
  def: ResourceDef;
  req: TableRequest;
  user: CurrentUser;
  served: ReadonlyArray<ResourceDef>;
}

/**
 * The SELECT of the request's visible columns, each as `cell` writes it, over the rows the request finds, in
 * its order; and the FROM and WHERE that find them, with only the joins the filter reads (for counting them).
 */
export async function exportQuery(
  pool: pg.Pool,
  { def, req, user, served }: ExportOf,
  cell: (column: ColumnDef) => string,
  limits: ListLimits,
): Promise<{ text: string; fromWhere: string; params: unknown[] }> {
  const filter = await buildFilter(pool, def, req, user, served, 'export', limits);
  const list = req.visible.map((column, i) => `${cell(column)} as c${i}`).join(', ');
  const order = fullOrder(def, req.order, req.groups.length);
  const reads = [...req.visible, ...filter.columns, ...order.map((t) => t.column)];
  return {
    text: `select ${list} from ${fromClause(def, reads)} where ${filter.where} order by ${orderBy(order)}`,
    fromWhere: `from ${fromClause(def, filter.columns)} where ${filter.where}`,
    params: filter.params,
  };
}

/**
 * Runs `produce` on a connection of the export pool (a PostgreSQL server's) inside the export's transaction,
 * and gives back what it yields.
 */
export async function* inExportTransaction<T>(db: Database, produce: (client: pg.PoolClient) => AsyncGenerator<T>): AsyncGenerator<T> {
  const client = await db.exportPool.connect();
  let finished = false;
  try {
    await client.query('begin');
    await client.query(formatSettings.text, formatSettings.params);
    yield* produce(client);
    await client.query('commit');
    finished = true;
  } finally {
    // Reached early when the client disconnects (or on an error).
    client.release(finished ? undefined : new Error('export stopped before its end'));
  }
}

/** The export's rows in batches, under its settings, however the database serves them best. */
export function exportBatches(db: Database, query: string, params: ReadonlyArray<unknown>): AsyncGenerator<Batch> {
  return db.kind === 'postgres'
    ? inExportTransaction(db, (client) => cursorBatches(client, query, params))
    : heldCursorBatches(db.pool, formatSettings, query, params);
}
