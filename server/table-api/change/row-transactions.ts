// How the table API runs a request's rows: each in its own transaction, on a connection taken for that row
// alone (the change and its audit entry commit together, and a long request never holds the embedded
// database's one connection for more than a row), so every row that can succeed does and each one that
// cannot is answered with its reason. When the database fails midway (down, restarting, a connection lost),
// the rows before went in and stay in: the request stops there and its answer (ChangeCutShort, 503) names
// the rows that went in and those that did not, the row under way saying whether its commit may have taken
// place. Every write of the table API comes through here, so what follows from its rows (the follow-up the
// resource declares: change-follow-up.ts) is done here too: in each row's transaction, and once the rows
// are done.
import type pg from 'pg';
import type { CurrentUser } from '../../../common/roles.ts';
import { CommitInDoubt, inTransaction } from '../../db/transaction.ts';
import { changeTables } from '../../db/table-changes.ts';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../../db/unavailable.ts';
import { msg } from '../../messages.ts';
import type { ResourceDef } from '../../resources/resource-def.ts';
import { result, type MutationResult, type Outcome } from './change-answer.ts';
import type { ChangeFollowUp, RowWritten } from './change-follow-up.ts';
import type { ChangeLog } from './change-log.ts';
import { rowFailure, type RowFailure, type SentValues } from './db-errors.ts';
import { linkTables } from './stored-values.ts';

/**
 * What the app hands a change: its database, the resources it serves (app.resources: the scopes and the
 * choices of other resources read them) and the log each changed row is recorded in.
 */
export interface ChangeWork {
  pool: pg.Pool;
  served: ReadonlyArray<ResourceDef>;
  log: ChangeLog;
  /** Keep what an undo needs of an edit's or delete's rows (the table screens' changes). */
  undoable?: boolean;
  /** What follows from the rows, made for this change by the resource's definition (its followUp); none for most. */
  followUp?: ChangeFollowUp | null;
}

/**
 * The database failed midway through the request's rows: `result` says which went in (Succeed) and which did
 * not (Failed). Unavailable all the same, for whoever does not read the result (a 503).
 */
export class ChangeCutShort extends DatabaseUnavailableError {
  constructor(
    readonly result: MutationResult,
    cause: unknown,
  ) {
    super('the database failed midway through a change', { cause });
  }
}

/** Thrown inside a row's transaction to roll it back and report why. */
export class RowRefused extends Error {
  constructor(readonly failure: RowFailure) {
    super(failure.error);
  }
}

/**
 * A request's rows (their keys; null for an add's), each changed by `one` in turn and answered; stopped at the
 * first the database fails (ChangeCutShort). Whatever they changed, even a failed request's rows (and their
 * change log's entries, and what their follow-up changed), is announced; then the follow-up's part after
 * them runs, for the rows that went in.
 */
export async function changes<K extends number | null>(
  work: ChangeWork,
  def: ResourceDef,
  user: CurrentUser,
  keys: ReadonlyArray<K>,
  one: (key: K, i: number) => Promise<Outcome>,
): Promise<MutationResult> {
  const outcomes: Outcome[] = [];
  const tables = [def.table, ...linkTables(def), work.log.table, ...(work.followUp?.tables ?? [])];
  try {
    return await changeTables(work.pool, tables, user.ID, async () => {
      for (const [i, key] of keys.entries()) {
        try {
          outcomes.push(await one(key, i));
        } catch (err) {
          if (!isDatabaseUnavailable(err)) throw err;
          const left = keys.slice(i).map((k, n): Outcome => {
            const inDoubt = n === 0 && err instanceof CommitInDoubt;
            return { ok: false, key: k, failure: { error: msg(inDoubt ? 'tableRowInDoubt' : 'tableRowNotSaved') } };
          });
          throw new ChangeCutShort(result([...outcomes, ...left]), err);
        }
      }
      return result(outcomes);
    });
  } finally {
    await work.followUp?.afterRows();
  }
}

/**
 * One row's change in its own transaction: `write` stores it (and, for an add to a group, its copies), then
 * the follow-up does its part for the rows written, in the same transaction. A refusal (RowRefused, or one
 * the database gives for the values `sent`) rolls it back and answers why.
 */
export async function inRowTransaction(
  work: ChangeWork,
  def: ResourceDef,
  key: number | null,
  sent: SentValues,
  write: (client: pg.PoolClient) => Promise<RowWritten[]>,
): Promise<Outcome> {
  try {
    const done = await inTransaction(work.pool, async (client) => {
      const rows = await write(client);
      if (work.followUp) {
        work.followUp.note(rows);
        await work.followUp.inTransaction(client);
      }
      return rows;
    });
    return { ok: true, done };
  } catch (err) {
    const failure = err instanceof RowRefused ? err.failure : rowFailure(def, err, sent);
    if (!failure) throw err;
    return { ok: false, key, failure };
  }
}
