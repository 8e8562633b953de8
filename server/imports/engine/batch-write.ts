// Writes a range of an import's rows (written-rows.ts) in a savepoint of the transaction they were planned in,
// with one statement. A row the database refuses (a unique key taken meanwhile, a check) fails the statement:
// the range is then written in halves, and the half that fails in halves again, down to the rows it refuses,
// each with the table API's message (db-errors.ts), the others written. A row the user could not reach once
// written (a store moved into another region meanwhile), or a change whose row moved on from the version it was
// planned from, is refused as the table API refuses it, and the range written again without it. Kept totals
// follow from the tables' own triggers.
import type pg from 'pg';
import { msg } from '../../messages.ts';
import { rowFailure, type SentValues } from '../../table-api/change/db-errors.ts';
import type { FieldMessages } from '../../table-api/change/field-values.ts';
import type { Planned } from './row-plan.ts';
import { isWriting, type RowRange, type RowShape, type RowSource, type Writing } from './written-rows.ts';

/** Why the database, or the user's reach, refused a row that was to be written. */
export interface WriteRefusal {
  messages: string[];
  fields: FieldMessages;
}

export interface RangeOutcome {
  /** The rows written, by their place (import_row), with their keys (when asked for). */
  keys: Map<number, number>;
  refused: Map<number, WriteRefusal>;
}

/**
 * Writes `range` of `source` (see the top). `sentOf` gives a row's values, for the message of one the
 * database refused. Anything but a row's refusal (the database gone) throws, the savepoint rolled back.
 */
export async function writeRange(
  client: pg.PoolClient,
  shape: RowShape,
  source: RowSource,
  range: RowRange,
  keys: boolean,
  sentOf: (row: number) => Promise<SentValues>,
): Promise<RangeOutcome> {
  const outcome: RangeOutcome = { keys: new Map(), refused: new Map() };
  const attempt = async (from: number, to: number): Promise<void> => {
    for (;;) {
      const without = [...range.without, ...[...outcome.refused.keys()].filter((n) => n >= from && n <= to)];
      const { sql, params } = shape.statement(source, { from, to, without, present: range.present }, keys);
      await client.query('savepoint import_write');
      let rows: Array<{ n: number; key: number; reachable: boolean; stale: boolean }>;
      try {
        ({ rows } = await client.query<{ n: number; key: number; reachable: boolean; stale: boolean }>(sql, params));
      } catch (err) {
        await undo(client);
        if (!rowFailure(shape.def, err)) throw err;
        if (from === to) {
          outcome.refused.set(from, refusalOf(rowFailure(shape.def, err, await sentOf(from))!));
          return;
        }
        const half = Math.floor((from + to) / 2);
        await attempt(from, half);
        await attempt(half + 1, to);
        return;
      }
      const out = rows.filter((r) => r.stale || !r.reachable);
      if (out.length === 0) {
        await client.query('release savepoint import_write');
        for (const { n, key } of rows) outcome.keys.set(Number(n), Number(key));
        return;
      }
      await undo(client);
      for (const { n, stale } of out)
        outcome.refused.set(Number(n), { messages: [msg(stale ? 'notFoundRefreshed' : 'forbidden')], fields: {} });
    }
  };
  await attempt(range.from, range.to);
  return outcome;
}

/** Back to before the savepoint, which is let go (a later attempt makes its own). */
async function undo(client: pg.PoolClient): Promise<void> {
  await client.query('rollback to savepoint import_write');
  await client.query('release savepoint import_write');
}

function refusalOf(failure: { error: string; fields?: FieldMessages }): WriteRefusal {
  return { messages: [failure.error], fields: failure.fields ?? {} };
}

/** A row written: its plan and its key. */
export interface Written {
  planned: Writing;
  key: number;
}

/**
 * The first write of a batch in a transaction of its own, made without a savepoint, failed or met a row it
 * cannot write: the transaction is to be rolled back and the batch written again with savepoints (writeBatch's
 * `optimistic` false), which finds the rows to refuse.
 */
export class WriteAgain extends Error {
  constructor() {
    super('the batch is to be written again, row by row where refused');
  }
}

/**
 * Writes a planned batch's adds and changes at once; the batch's plans with the rows refused on the way, and
 * the rows written. `optimistic`: the batch's transaction has written nothing yet and can be run again, so
 * its one statement goes without a savepoint (two round trips fewer, a feed request's day among them); a
 * row refused or out of reach then throws WriteAgain, the transaction left to be rolled back.
 */
export async function writeBatch(
  client: pg.PoolClient,
  shape: RowShape,
  planned: ReadonlyArray<Planned>,
  optimistic = false,
): Promise<{ planned: Planned[]; written: Written[] }> {
  const present = new Set<string>();
  const arrays = shape.arrays(planned, 0, present);
  if (present.size === 0) return { planned: [...planned], written: [] };
  const range = { from: 0, to: planned.length - 1, without: [], present };
  if (optimistic) {
    const { sql, params } = shape.statement(shape.unnested(arrays), range, true);
    const { rows } = await client
      .query<{ n: number; key: number; reachable: boolean; stale: boolean }>(sql, params)
      .catch((err: unknown) => {
        if (rowFailure(shape.def, err)) throw new WriteAgain();
        throw err;
      });
    if (rows.some((r) => r.stale || !r.reachable)) throw new WriteAgain();
    const keys = new Map(rows.map(({ n, key }) => [Number(n), Number(key)]));
    const written = planned.flatMap((p, n) => (isWriting(p) && keys.has(n) ? [{ planned: p, key: keys.get(n)! }] : []));
    return { planned: [...planned], written };
  }
  const done = await writeRange(client, shape, shape.unnested(arrays), range, true, async (n) => (planned[n] as Writing).sent);
  const out = planned.map((p, n) => {
    const refusal = done.refused.get(n);
    return refusal ? refusedWrite(p, refusal) : p;
  });
  const written = out.flatMap((p, n) => (isWriting(p) && done.keys.has(n) ? [{ planned: p, key: done.keys.get(n)! }] : []));
  return { planned: out, written };
}

/** A row to write, refused on the way. */
export function refusedWrite(p: Pick<Planned, 'row' | 'label'>, refusal: WriteRefusal): Planned {
  return { kind: 'refused', row: p.row, label: p.label, messages: refusal.messages, fields: refusal.fields };
}
