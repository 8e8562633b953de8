// The import engine (issue 36): rows for a table, from a file (routes/api/resource/imports/) or a program
// (the feed), matched on the table's key and added or changed under the same rules as the table API (the one
// rule set and its messages, store scope, versions), in batches: a preview writes nothing; an import writes
// all rows or none (one transaction: a refused row, or the database failing midway, leaves nothing written,
// and it can be run again), or the valid rows only (a transaction a batch). Each written batch is announced
// as the table API's changes are (open tables' "rows changed", kept totals), its rows audited naming the
// import, the import one audit entry of its own; what follows from the rows written, as the resource declares it
// (its followUp: sales that arrive clear their "Daily sales missing" alerts), is done as the import ends.
// An all-or-nothing import gathers its rows to write in a staging table and writes them tens of thousands at
// a time (staging.ts), on a PostgreSQL server planning the next rows on a connection beside its transaction
// while the transaction writes; the valid rows go in a batch at a time, each in its own transaction
// (batch-write.ts), each written at first with one statement and no savepoint, and again with savepoints only
// when the database refuses a row.
// docs/imports.md, "Speed", says where an import's time goes.
//
//   const result = await applyRows(app, { def, user, rows, mode: 'add-update', validOnly: false, write: true,
//     fileName: 'sales.csv', onRow: (outcome) => ... });
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { CurrentUser } from '../../../common/roles.ts';
import { changeTables, type TableName } from '../../db/table-changes.ts';
import { allowExportTime } from '../../db/query-deadline.ts';
import { inTransaction } from '../../db/transaction.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import { msg } from '../../messages.ts';
import { Refusal } from '../../plugins/refusals.ts';
import type { ResourceDef } from '../../resources/resource-def.ts';
import { linkTables } from '../../table-api/change/stored-values.ts';
import { refusedWrite, writeBatch, WriteAgain, type Written } from './batch-write.ts';
import { readFoundFields } from './found-values.ts';
import { createImport, finishImport } from './import-records.ts';
import { planBatch, writtenValues, type PlanContext, type Planned } from './row-plan.ts';
import { SeenKeys } from './seen-keys.ts';
import { Staging, type LateRefusal } from './staging.ts';
import { RowShape } from './written-rows.ts';
import type { ImportCounts, ImportMode, MappedRow, RowOutcome } from './types.ts';

export { importFields, matchHeader, mappingProblem, fold, type ImportField } from './import-fields.ts';
export { importModes, type ImportCounts, type ImportMode, type MappedRow, type RowOutcome, type FieldChangeText } from './types.ts';
export {
  createImport,
  importInsert,
  readImport,
  startImport,
  recordProgress,
  type ImportRecord,
  type ImportState,
} from './import-records.ts';

export interface ApplyOptions {
  def: ResourceDef;
  user: CurrentUser;
  /** Field name → text per row, each with its line; read once, a batch at a time. */
  rows: AsyncIterable<MappedRow>;
  mode: ImportMode;
  /** false (the default): all rows or none; true: the valid rows, the refused ones left out. */
  validOnly?: boolean;
  /** false: a preview, which writes nothing (nor any record of the import). */
  write: boolean;
  /** The file's name, for the import's audit entry ("feed" for a program's rows). */
  fileName: string;
  /** The import's row (import-records.ts), when the caller made one; else one is made for an import that writes. */
  importId?: number;
  /**
   * The pool its writes go through (the feed's own: db/index.ts, feedPool); the app's by default. Its changes
   * are announced, and the choices it finds kept, as the app's pool's.
   */
  pool?: pg.Pool;
  /**
   * A machine's write (the feed's): the figures kept of its tables may follow it by a moment, rather than be
   * forgotten at each of a steady stream of them (db/table-changes.ts, ChangeOptions).
   */
  soon?: boolean;
  /**
   * Each row's outcome in the rows' order: after its batch is written when only the valid rows go in (an add
   * with its key), else once planned. An all-or-nothing import's row the database refuses when it is written
   * (a key another user added meanwhile) is told again then, refused (the counts follow).
   */
  onRow?: (outcome: RowOutcome) => void | Promise<void>;
  /** The rows done so far, after each batch. */
  onProgress?: (done: number) => void | Promise<void>;
  /**
   * Run in the transaction that ends an import that ran to its end (its record, its audit entry), before it
   * commits: what the caller keeps of the import goes in with them (the feed's answer to its Idempotency-Key).
   */
  atEnd?: (client: pg.PoolClient, result: ApplyResult) => Promise<void>;
  batchSize?: number;
}

export interface ApplyResult {
  importId: number | null;
  counts: ImportCounts;
  /** Rows read. */
  total: number;
  /**
   * Whether the rows counted to add and change were written: false for a preview, and for an all-or-nothing
   * import that refused a row (then nothing was).
   */
  written: boolean;
}

/** Rows per batch: a statement each for its lookups and writes, a transaction each when only valid rows go in. */
export const BATCH_ROWS = 2000;

const countOf = { add: 'Add', change: 'Change', unchanged: 'Unchanged', refused: 'Refused' } as const;

/**
 * Applies the rows (see the top). A database failure midway throws (isDatabaseUnavailable): an all-or-nothing
 * import has then written nothing, a valid-rows import the batches before; the import's record says failed.
 */
export async function applyRows(app: FastifyInstance, options: ApplyOptions): Promise<ApplyResult> {
  const { def, user, mode, write } = options;
  const announced = { soon: options.soon === true };
  const pool = app.db.pool;
  const writes = options.pool ?? pool;
  const served = app.resources;
  const found = await readFoundFields(pool, def, user, served);
  const ctx: PlanContext = { def, user, served, mode, found, seen: new SeenKeys() };
  const counts: ImportCounts = { Add: 0, Change: 0, Unchanged: 0, Refused: 0 };
  let total = 0;
  const report = async (planned: ReadonlyArray<Planned>, keys: ReadonlyMap<Planned, number>) => {
    for (const p of planned) {
      counts[countOf[p.kind]]++;
      await options.onRow?.(outcomeOf(p, keys));
    }
    total += planned.length;
    await options.onProgress?.(total);
  };
  const reportLate = async (late: ReadonlyArray<LateRefusal>) => {
    for (const { was, row, label, refusal } of late) {
      counts[countOf[was]]--;
      counts.Refused++;
      await options.onRow?.(outcomeOf(refusedWrite({ row, label }, refusal), new Map()));
    }
  };
  const batches = inBatches(options.rows, options.batchSize ?? BATCH_ROWS);

  if (!write) {
    for await (const { planned } of ahead(batches, (batch) => planBatch(pool, ctx, batch, false))) await report(planned, new Map());
    return { importId: null, counts, total, written: false };
  }

  // Its end (or its rows before) is always committed synchronously below.
  const importId = options.importId ?? (await createImport(writes, def, user, options.fileName, 'running', true));
  const shape = new RowShape(def, user, served, importId);
  const tables: TableName[] = [def.table, ...linkTables(def), 'audit_log'];
  // What follows from the rows written (a sale's day no longer missing): told of each batch's, done at the end.
  const followUp = def.followUp?.(app, writes);
  let rowsNoted = 0;
  const noteWritten = (planned: ReadonlyArray<Planned>) => {
    if (!followUp) return;
    const rows = planned.flatMap(writtenValues);
    followUp.note(rows);
    rowsNoted += rows.length;
  };
  const end = (state: 'done' | 'failed', written: boolean, error: string | null) => ({
    state,
    counts,
    done: total,
    written,
    error,
    mode,
    fileName: options.fileName,
  });
  let written = true;
  try {
    if (options.validOnly) {
      for await (const { item: batch, last } of withLast(batches)) {
        // Written at first without a savepoint; a row the database refuses has the batch written again with them,
        // as it was planned (a change's version, and a key taken meanwhile, are checked as it is written). The
        // last batch commits without waiting for the disk: the import's end commits right after it, and makes it
        // durable too. Its kept totals' rows (the day's, shared by every store's feed request at close of day)
        // are held from its write to its commit: that is one round trip, where a flush used to come with it.
        let planned: Planned[] | undefined;
        const attempt = (optimistic: boolean) =>
          inTransaction(
            writes,
            async (client) => writeBatch(client, shape, (planned ??= await planBatch(client, ctx, batch, true)), optimistic),
            { flushedByNext: last },
          );
        const result = await changeTables(
          pool,
          tables,
          user.ID,
          () =>
            attempt(true).catch((err: unknown) => {
              if (err instanceof WriteAgain) return attempt(false);
              throw err;
            }),
          announced,
        );
        noteWritten(result.written.map((w) => w.planned));
        await report(result.planned, keysOf(result.written));
      }
    } else {
      // One transaction: once a row is refused nothing more is written, the rest only counted, and all rolled back.
      const stored = await besideConnection(app, importId, (beside) =>
        changeTables(
          pool,
          tables,
          user.ID,
          () =>
            inTransaction(pool, async (client) => {
              await allowLongStatements(client, app.config.exportTimeoutMs);
              await client.query(`select set_config('work_mem', $1, true)`, [IMPORT_WORK_MEM]);
              const staging = beside
                ? await Staging.beside(client, beside, shape, flushRows(app))
                : await Staging.inTransaction(client, shape, flushRows(app));
              // Rows planned in the transaction are locked there as they are read; beside it, their write checks their version.
              const locks = staging.planner === client;
              let writing = true;
              try {
                for await (const { planned } of ahead(batches, (batch) => planBatch(staging.planner, ctx, batch, writing && locks))) {
                  const first = total;
                  if (planned.some((p) => p.kind === 'refused')) writing = false;
                  // Reported now (the progress): `written` says at the end whether they went in.
                  await report(planned, new Map());
                  if (!writing) continue;
                  noteWritten(planned);
                  const late = await staging.add(planned, first);
                  await reportLate(late);
                  if (late.length) writing = false;
                }
                if (writing) {
                  const late = await staging.flush();
                  await reportLate(late);
                  if (late.length) writing = false;
                }
              } finally {
                await staging.settle();
              }
              if (!writing) throw new NothingWritten();
              return counts.Add + counts.Change;
            }),
          { changed: (changed) => changed > 0, ...announced },
        ),
      ).catch((err: unknown) => {
        if (err instanceof NothingWritten) return null;
        throw err;
      });
      written = stored !== null;
    }
  } catch (err) {
    await changeTables(
      pool,
      ['audit_log'],
      user.ID,
      () => finishImport(writes, importId, def, user, end('failed', false, failureText(err))),
      announced,
    ).catch(() => undefined);
    throw err;
  }
  const result = { importId, counts, total, written };
  // The import's end in one transaction (one commit where there were two, three with the caller's): its record
  // and audit entry, the follow-up's changes for the rows written (the stores' days added no longer missing),
  // and what the caller keeps of it. Its part after the commit follows (the users' missing-sales alerts:
  // missing-sales-arrived.ts says why they wait). One announcement, naming the follow-up's tables when it
  // was told of rows.
  await changeTables(
    pool,
    ['audit_log', ...(followUp && rowsNoted ? followUp.tables : [])],
    user.ID,
    () =>
      inTransaction(writes, async (client) => {
        await finishImport(client, importId, def, user, end('done', written, null));
        if (written) await followUp?.inTransaction(client);
        await options.atEnd?.(client, result);
      }),
    announced,
  );
  await followUp?.afterRows();
  return result;
}

/**
 * An all-or-nothing import's statements may run to an export's deadline: it writes tens of thousands of rows
 * at once (the embedded database's watch, and a PostgreSQL server's statement_timeout for this transaction).
 */
async function allowLongStatements(client: pg.PoolClient, ms: number): Promise<void> {
  allowExportTime(client);
  await client.query(`select set_config('statement_timeout', $1, true)`, [String(ms)]);
}

/**
 * The memory of each sort and hash of an import's transaction: a staged range's audit entries are sorted by
 * line, its kept totals grouped, its changes' keys hashed, each over up to `flushRows` rows (at the server's
 * default of 4 MB, such a sort spills to disk).
 */
const IMPORT_WORK_MEM = '64MB';

/**
 * Runs `work` with a connection of its own beside the import's transaction (a PostgreSQL server), where its
 * rows are planned and staged (staging.ts), or with none (the embedded database: one backend serves every
 * connection, so a second would share the transaction). The staging table goes with the connection.
 */
async function besideConnection<T>(app: FastifyInstance, importId: number, work: (beside: pg.PoolClient | null) => Promise<T>): Promise<T> {
  if (app.db.kind === 'embedded') return work(null);
  const beside = await app.db.pool.connect();
  let broken: Error | undefined;
  try {
    return await work(beside);
  } finally {
    // A connection lost on the way is closed rather than handed on (the table then goes at the next run).
    await Staging.dropBeside(beside, importId).catch((err: Error) => (broken = err));
    beside.release(broken);
  }
}

/** The embedded database's largest range written at once (see limits.ts, flushRows). */
const EMBEDDED_FLUSH_ROWS = 20_000;

function flushRows(app: FastifyInstance): number {
  const rows = app.config.limits.imports.flushRows;
  return app.db.kind === 'embedded' ? Math.min(rows, EMBEDDED_FLUSH_ROWS) : rows;
}

class NothingWritten extends Error {}

/** Why an import failed, as its user reads it. */
function failureText(err: unknown): string {
  if (err instanceof Refusal) return err.message;
  return msg('importFailed', isDatabaseUnavailable(err) ? msg('databaseUnavailable') : msg('importFailedUnknown'));
}

function keysOf(written: ReadonlyArray<Written>): Map<Planned, number> {
  return new Map(written.map((w) => [w.planned as Planned, w.key]));
}

function outcomeOf(p: Planned, keys: ReadonlyMap<Planned, number>): RowOutcome {
  const key = p.kind === 'change' || p.kind === 'unchanged' ? p.key : keys.get(p);
  return {
    row: p.row,
    result: p.kind,
    ...(key !== undefined && { key }),
    messages: p.kind === 'refused' ? p.messages : [],
    ...(p.kind === 'refused' && { fields: p.fields }),
    changes: p.kind === 'change' ? p.changes : [],
    label: p.label,
  };
}

/**
 * `work` over each item, one item ahead: the next item's work starts (its rows read, its first query sent)
 * before this one's result is taken, so that the server reads and checks rows while the database answers,
 * and the database answers while the server checks. Results come in the items' order; the keys of the rows
 * are met in that order too, as planBatch reads its rows before its first query.
 */
async function* ahead<T, R>(items: AsyncIterable<T>, work: (item: T) => Promise<R>): AsyncGenerator<{ planned: R }> {
  let pending: Promise<R> | undefined;
  try {
    for await (const item of items) {
      const done = pending;
      pending = work(item);
      // Awaited in its turn; until then a failure must not count as unhandled.
      pending.catch(() => undefined);
      if (done) yield { planned: await done };
    }
    if (pending) yield { planned: await pending };
  } finally {
    // A caller that stops early (a failure): the work started ends before the caller gives its connection back,
    // so that none of its queries reaches the connection's next user.
    await pending?.catch(() => undefined);
  }
}

/** Each item with whether it is the last: the next is taken before an item is handed on. */
async function* withLast<T>(items: AsyncIterable<T>): AsyncGenerator<{ item: T; last: boolean }> {
  const it = items[Symbol.asyncIterator]();
  let current = await it.next();
  try {
    while (!current.done) {
      const next = await it.next();
      yield { item: current.value, last: next.done === true };
      current = next;
    }
  } finally {
    // A caller that stops early closes the source (a file being read).
    if (!current.done) await it.return?.();
  }
}

/** The rows in batches of `size`, each taken only when the last was done with. */
async function* inBatches(rows: AsyncIterable<MappedRow>, size: number): AsyncGenerator<MappedRow[]> {
  let batch: MappedRow[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}
