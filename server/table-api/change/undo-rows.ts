// Undo of an edit or delete made through the table API (issue 39), from its undo record (undo-record.ts):
// only by the user who made it, once, until its time is over (the database's clock; 409 or 403 otherwise).
// Each row is put back in its own transaction through the same checks as any write: an edited row gets its
// fields' earlier values back as an edit (the rules, the choices offered, the resource's own rules, the reach
// check after it), and only while it is as the change left it (at the change's version): a row changed or
// removed since is left alone and named in the answer with why. A deleted row comes back as its tables stored
// it, with its key and its link rows (a user's roles); what the database removed with it on its own (a
// user's sessions and inbox, a store's missing-sales alerts) is not kept and does not come back. Its field
// values are checked as an edit's would be, and it must be within the user's reach once back. Each row put
// back is audited as an entry naming the entry it undoes, and announced like any change (changes()).
import { UNDO_SECONDS } from '../../../common/undo.ts';
import { allows, type CurrentUser } from '../../../common/roles.ts';
import { fieldsOn } from '../../../common/form-definition.ts';
import { rowName as namedAs } from '../../../common/resources/types.ts';
import { msg, type MessageKey } from '../../messages.ts';
import type { ResourceDef, Row } from '../../resources/resource-def.ts';
import { reachableRow } from '../query/reachable-row.ts';
import type { MutationResult, Outcome } from './change-answer.ts';
import { editLockedRow, offeredFieldValues } from './change-rows.ts';
import { obeyGuard, obeyRowCheck, obeyRowRule } from './row-rules.ts';
import { changes, inRowTransaction, RowRefused, type ChangeWork } from './row-transactions.ts';
import { fieldLabel } from './field-values.ts';
import { restoreStoredRow, type StoredRow } from './undo-record.ts';

/** An undo refused as a whole: the status and the reason. */
export class UndoRefused extends Error {
  constructor(
    readonly status: 403 | 404 | 409,
    key: MessageKey,
    ...args: Array<string | number>
  ) {
    super(msg(key, ...args));
  }
}

/** A row of the change as its undo record keeps it: its audit entry's id and images, and a deleted row's stored form. */
interface KeptRow {
  key: number;
  audit_id: number;
  before: Row;
  after: Row | null;
  stored: StoredRow | null;
}

/** Undoes the change `undoId` (its record's action, and each row's outcome), or refuses it whole (UndoRefused). */
export async function undoChange(
  work: ChangeWork,
  def: ResourceDef,
  user: CurrentUser,
  undoId: number,
): Promise<{ action: 'update' | 'delete'; result: MutationResult }> {
  const action = await claim(work, def, user, undoId);
  const { rows } = await work.pool.query<KeptRow>(
    `select r.row_key as key, r.audit_id, a.before, a.after, r.stored
     from change_undo_rows r join audit_log a on a.audit_id = r.audit_id where r.undo_id = $1 order by r.row_key`,
    [undoId],
  );
  const keys = rows.map((r) => r.key);
  const result = await changes(work, def, user, keys, async (_key, i) => {
    const kept = rows[i]!;
    const outcome = action === 'update' ? await restoreEdit(work, def, user, kept) : await restoreDeleted(work, def, user, kept);
    if (outcome.ok) return outcome;
    return { ...outcome, failure: { ...outcome.failure, error: msg('undoRowNotRestored', rowName(def, kept), outcome.failure.error) } };
  });
  return { action, result };
}

/** Takes the undo record for this undo (no other may take it after), or refuses with why. */
async function claim(work: ChangeWork, def: ResourceDef, user: CurrentUser, undoId: number): Promise<'update' | 'delete'> {
  const { rows } = await work.pool.query<{ user_id: number; action: 'update' | 'delete'; undone: boolean; late: boolean }>(
    `select user_id, action, undone_at is not null as undone, undo_until < now() as late
     from change_undos where undo_id = $1 and resource = $2`,
    [undoId, def.name],
  );
  const record = rows[0];
  if (!record) throw new UndoRefused(409, 'undoUnknown');
  if (record.user_id !== user.ID) throw new UndoRefused(403, 'undoNotYours');
  // The rights it takes to make the change again: an edit's, or a delete's (whose undo adds the row back).
  if (!allows(user, def.access[record.action === 'update' ? 'edit' : 'delete'])) throw new UndoRefused(403, 'forbidden');
  if (record.undone) throw new UndoRefused(409, 'undoAlreadyDone');
  if (record.late) throw new UndoRefused(409, 'undoTooLate', UNDO_SECONDS);
  const taken = await work.pool.query(
    `update change_undos set undone_at = now() where undo_id = $1 and undone_at is null and undo_until >= now()`,
    [undoId],
  );
  // Another request took it meanwhile (or its time ran out between the two statements).
  if (taken.rowCount === 0) throw new UndoRefused(409, 'undoAlreadyDone');
  return record.action;
}

/** The row as a person knows it: its name as the change found it (the table's naming columns), else its key. */
function rowName(def: ResourceDef, kept: KeptRow): string {
  return namedAs(def, kept.before) || String(kept.key);
}

/** The edit fields `before` holds, with its values: all of them (a deleted row), or those the change moved. */
function fieldValues(def: ResourceDef, before: Row, after: Row | null): Record<string, unknown> {
  const moved = (name: string) => after === null || JSON.stringify(before[name]) !== JSON.stringify(after[name]);
  const fields = fieldsOn(def.fields, 'edit').filter((f) => f.kind !== 'password' && Object.hasOwn(before, f.name) && moved(f.name));
  return Object.fromEntries(fields.map((f) => [f.name, before[f.name]]));
}

/** A row refused before its transaction (its values no longer pass), each field at fault named. */
function refused(def: ResourceDef, key: number, fields: Record<string, string>): Outcome {
  const error = Object.entries(fields)
    .map(([name, message]) => `${fieldLabel(def, name)}: ${message}`)
    .join(' ');
  return { ok: false, key, failure: { error, fields } };
}

async function restoreEdit(work: ChangeWork, def: ResourceDef, user: CurrentUser, kept: KeptRow): Promise<Outcome> {
  const { key, before, after } = kept;
  const values = fieldValues(def, before, after);
  if (Object.keys(values).length === 0) return { ok: false, key, failure: { error: msg('undoNothingKept') } };
  // Checked before the row's transaction: the choices are read on a connection of their own.
  const checked = await offeredFieldValues(work, def, user, 'edit', values);
  if (!checked.ok) return refused(def, key, checked.fields);
  return inRowTransaction(work, def, key, checked.columns, async (client) => {
    const now = await reachableRow(client, def, user, work.served, 'edit', key, true);
    if (!now) throw new RowRefused({ error: msg('undoRemovedSince'), conflict: true });
    if (changedSince(def, now, after)) throw new RowRefused({ error: msg('undoChangedSince'), conflict: true });
    obeyGuard(def, user, now);
    const row = await editLockedRow(
      client,
      work,
      def,
      user,
      { key, before: now, sent: checked.columns, stored: checked.columns },
      { undoes: kept.audit_id },
    );
    return [{ key, before: now, row }];
  });
}

async function restoreDeleted(work: ChangeWork, def: ResourceDef, user: CurrentUser, kept: KeptRow): Promise<Outcome> {
  const { key, before, stored } = kept;
  if (!stored) return { ok: false, key, failure: { error: msg('undoNothingKept') } };
  const checked = await offeredFieldValues(work, def, user, 'edit', fieldValues(def, before, null));
  if (!checked.ok) return refused(def, key, checked.fields);
  return inRowTransaction(work, def, key, checked.columns, async (client) => {
    obeyRowRule(def, user, null, checked.columns);
    await obeyRowCheck(client, def, null, checked.columns);
    await restoreStoredRow(client, def, stored);
    const row = await reachableRow(client, def, user, work.served, 'add', key, false);
    if (!row) throw new RowRefused({ error: msg('forbidden'), forbidden: true });
    await work.log.write(client, { user, resource: def.name, action: 'insert', key, before: null, after: row, undoes: kept.audit_id });
    return [{ key, before: null, row }];
  });
}

/** Whether the row moved since the change left it: its version, or (a table without one) any value. */
function changedSince(def: ResourceDef, now: Row, after: Row | null): boolean {
  if (!after) return true;
  if (def.version) return now[def.version.name] !== after[def.version.name];
  return Object.keys(after).some((name) => JSON.stringify(now[name]) !== JSON.stringify(after[name]));
}
