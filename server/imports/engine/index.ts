// The import engine (issue 36): rows for a table, from a file (routes/api/resource/imports/) or a program
// (the feed), matched on the table's key and added or changed under the same rules as the table API (the one
// rule set and its messages, store scope, versions), in batches: a preview writes nothing; an import writes
// all rows or none (one transaction: a refused row, or the database failing midway, leaves nothing written,
// and it can be run again), or the valid rows only (a transaction a batch). Each written batch is announced
// as the table API's changes are (open tables' "rows changed", kept totals), its rows audited naming the
// import, the import one audit entry of its own; sales that arrive clear their "Daily sales missing" alerts.
//
//   const result = await applyRows(app, { def, user, rows, mode: 'add-update', validOnly: false, write: true,
//     fileName: 'sales.csv', onRow: (outcome) => ... });
import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../../../common/roles.ts';
import { changeTables, type TableName } from '../../db/table-changes.ts';
import { inTransaction } from '../../db/transaction.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import { msg } from '../../messages.ts';
import { Refusal } from '../../plugins/refusals.ts';
import { salesArrived } from '../../inbox/system/missing-sales-arrived.ts';
import type { ResourceDef } from '../../resources/resource-def.ts';
import { linkTables } from '../../table-api/change/stored-values.ts';
import { writeBatch, type Written } from './batch-write.ts';
import { readFoundFields } from './found-values.ts';
import { createImport, finishImport } from './import-records.ts';
import { planBatch, type PlanContext, type Planned } from './row-plan.ts';
import type { ImportCounts, ImportMode, MappedRow, RowOutcome } from './types.ts';

export { importFields, matchHeader, mappingProblem, fold, type ImportField } from './import-fields.ts';
export { importModes, type ImportCounts, type ImportMode, type MappedRow, type RowOutcome, type FieldChangeText } from './types.ts';
export { createImport, readImport, startImport, recordProgress, type ImportRecord, type ImportState } from './import-records.ts';

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
  /** Each row's outcome, after its batch is written (or planned, in a preview), in the rows' order. */
  onRow?: (outcome: RowOutcome) => void | Promise<void>;
  /** The rows done so far, after each batch. */
  onProgress?: (done: number) => void | Promise<void>;
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

/**
 * Applies the rows (see the top). A database failure midway throws (isDatabaseUnavailable): an all-or-nothing
 * import has then written nothing, a valid-rows import the batches before; the import's record says failed.
 */
export async function applyRows(app: FastifyInstance, options: ApplyOptions): Promise<ApplyResult> {
  const { def, user, mode, write } = options;
  const pool = app.db.pool;
  const served = app.resources;
  const found = await readFoundFields(pool, def, user, served);
  const ctx: PlanContext = { def, user, served, mode, found };
  const counts: ImportCounts = { Add: 0, Change: 0, Unchanged: 0, Refused: 0 };
  let total = 0;
  const report = async (planned: ReadonlyArray<Planned>, keys: ReadonlyMap<Planned, number>) => {
    for (const p of planned) {
      counts[({ add: 'Add', change: 'Change', unchanged: 'Unchanged', refused: 'Refused' } as const)[p.kind]]++;
      await options.onRow?.(outcomeOf(p, keys));
    }
    total += planned.length;
    await options.onProgress?.(total);
  };
  const batches = inBatches(options.rows, options.batchSize ?? BATCH_ROWS);

  if (!write) {
    for await (const batch of batches) await report(await planBatch(pool, ctx, batch, false), new Map());
    return { importId: null, counts, total, written: false };
  }

  const importId = options.importId ?? (await createImport(pool, def, user, options.fileName, 'running'));
  const wctx = { def, user, served, importId };
  const tables: TableName[] = [def.table, ...linkTables(def), 'audit_log'];
  const days = new Set<string>();
  const arrived = (written: ReadonlyArray<Written>) => {
    if (def.table !== 'sales') return;
    for (const w of written)
      if (w.planned.kind === 'add') days.add(String(w.planned.sent.find((s) => s.column.name === 'SaleDate')?.value));
  };
  const finish = (state: 'done' | 'failed', written: boolean, error: string | null) =>
    changeTables(pool, ['audit_log'], user.ID, () =>
      finishImport(pool, importId, def, user, { state, counts, done: total, written, error, mode, fileName: options.fileName }),
    );
  let written = true;
  try {
    if (options.validOnly) {
      for await (const batch of batches) {
        const result = await changeTables(pool, tables, user.ID, () =>
          inTransaction(pool, async (client) => writeBatch(client, wctx, await planBatch(client, ctx, batch, true))),
        );
        arrived(result.written);
        await report(result.planned, keysOf(result.written));
      }
    } else {
      // One transaction: once a row is refused nothing more is written, the rest only counted, and all rolled back.
      const whole = await changeTables(
        pool,
        tables,
        user.ID,
        () =>
          inTransaction(pool, async (client) => {
            let writing = true;
            const all: Written[] = [];
            for await (const batch of batches) {
              let planned = await planBatch(client, ctx, batch, writing);
              if (planned.some((p) => p.kind === 'refused')) writing = false;
              let done: Written[] = [];
              if (writing) {
                ({ planned, written: done } = await writeBatch(client, wctx, planned));
                if (planned.some((p) => p.kind === 'refused')) writing = false;
              }
              all.push(...done);
              // Reported now (the progress), keys and all: `written` says at the end whether they stayed.
              await report(planned, keysOf(done));
            }
            if (!writing) throw new NothingWritten();
            return all;
          }),
        (rows) => rows.length > 0,
      ).catch((err: unknown) => {
        if (err instanceof NothingWritten) return null;
        throw err;
      });
      written = whole !== null;
      if (whole) arrived(whole);
    }
  } catch (err) {
    await finish('failed', false, failureText(err)).catch(() => undefined);
    throw err;
  }
  await finish('done', written, null);
  if (days.size)
    await salesArrived(app, [...days]).catch((err: unknown) => app.log.error({ err }, 'import: missing-sales alerts not cleared'));
  return { importId, counts, total, written };
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
