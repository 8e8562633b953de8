// Add, edit and delete through a resource definition, each request row in its own transaction
// (row-transactions.ts) and answered (change-answer.ts). Edits and deletes name the version they read: a row
// changed or removed since then fails with the spec's "Information NOT found!. Table Refreshed for changes".
// Each change obeys the rules beyond its fields' own (row-rules.ts: one's own account, guarded rows, the
// resource's rules). An add may stand for several rows (the SQL half's fanOut: a message to a group, one row
// per member), added together in its one transaction. Each row changed is recorded in the change log the app
// hands in (ChangeWork), in the row's transaction; an edit or delete the app asks to be undoable also keeps
// each row for its undo (undo-record.ts, undo-rows.ts) and answers its UndoID.
import type pg from 'pg';
import { msg } from '../../messages.ts';
import type { CurrentUser } from '../../../common/roles.ts';
import type { ResourceDef, Row } from '../../resources/resource-def.ts';
import type { SentValues } from './db-errors.ts';
import { unofferedValues } from './choices.ts';
import { fieldLabel, readFieldValues, type FieldValues } from './field-values.ts';
import type { MutationBody } from './change-body.ts';
import { TableRequestError } from '../request/request-error.ts';
import { reachableRow } from '../query/reachable-row.ts';
import { baseAssignments, baseValues, storedValues, writeLinks } from './stored-values.ts';
import { dropUndo, openUndo, storedRow, type UndoRecord } from './undo-record.ts';
import { result, type MutationResult, type Outcome } from './change-answer.ts';
import type { RowWritten } from './change-follow-up.ts';
import { ChangeCutShort, changes, inRowTransaction, RowRefused, type ChangeWork } from './row-transactions.ts';
import { isOwnAccount, keepOwnAccess, obeyGuard, obeyRowCheck, obeyRowRule } from './row-rules.ts';

export async function addRow(work: ChangeWork, def: ResourceDef, user: CurrentUser, body: MutationBody): Promise<MutationResult> {
  const values = await offeredFieldValues(work, def, user, 'add', body.values);
  if (!values.ok) return result([invalid(def, null, values)]);
  const stored = await storedValues(values.columns);
  return changes(work, def, user, [null], () =>
    inRowTransaction(work, def, null, values.columns, async (client) => {
      obeyRowRule(def, user, null, values.columns);
      await obeyRowCheck(client, def, null, values.columns);
      const base = stored.filter((c) => c.column.writes);
      const columns = [...base.map((c) => ({ name: c.column.writes!, value: c.value })), ...fixedColumns(def, user)];
      const copies = await fanOutCopies(client, def, user, values.columns);
      const issued = def.issuesSecret?.make();
      if (issued) columns.push({ name: def.issuesSecret!.writes, value: issued.kept });
      const done: RowWritten[] = [];
      for (const copy of copies)
        done.push(await insertRow(client, work, def, user, [...columns.filter((c) => !(c.name in copy)), ...entries(copy)], stored));
      // The secret is in the answer's row only: the change log has the row as stored, without it.
      return issued ? done.map((d) => ({ ...d, row: { ...d.row, [def.issuesSecret!.shows]: issued.secret } })) : done;
    }),
  );
}

/** Inserts one row, audited; refused when the user could not reach it afterwards. */
async function insertRow(
  client: pg.PoolClient,
  work: ChangeWork,
  def: ResourceDef,
  user: CurrentUser,
  columns: Array<{ name: string; value: unknown }>,
  sent: SentValues,
): Promise<RowWritten> {
  // Columns no field sent take their defaults; with none sent at all, every column does.
  const values = columns.length
    ? `(${columns.map((c) => c.name).join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`
    : 'default values';
  const inserted = await client.query<{ key: number }>(
    `insert into ${def.table} ${values} returning ${def.key.column} as key`,
    columns.map((c) => c.value),
  );
  const key = inserted.rows[0]!.key;
  await writeLinks(client, key, sent);
  const after = await reachableRow(client, def, user, work.served, 'add', key, false);
  // A row the user could not see afterwards (e.g. a store of another group) is not theirs to add.
  if (!after) throw new RowRefused({ error: msg('forbidden'), forbidden: true });
  await work.log.write(client, { user, resource: def.name, action: 'insert', key, before: null, after });
  return { key, before: null, row: after };
}

/**
 * The rows one add becomes, as the base table values each sets beyond the form's: one plain row, or, when the
 * resource fans out (a message to a group) and its field is set, one per member the members query selects.
 */
async function fanOutCopies(
  client: pg.PoolClient,
  def: ResourceDef,
  user: CurrentUser,
  sent: SentValues,
): Promise<Array<Record<string, unknown>>> {
  const fanOut = def.fanOut;
  const value = fanOut && sent.find((s) => s.column.name === fanOut.field)?.value;
  if (!fanOut || value === null || value === undefined) return [{}];
  const { rows } = await client.query<{ member: unknown }>(`select member from (${fanOut.members}) m(member)`, [value, user.ID]);
  if (rows.length === 0) throw new RowRefused({ error: msg(fanOut.none), fields: { [fanOut.field]: msg(fanOut.none) } });
  return rows.map((r) => ({ [fanOut.column]: r.member }));
}

function entries(values: Record<string, unknown>): Array<{ name: string; value: unknown }> {
  return Object.entries(values).map(([name, value]) => ({ name, value }));
}

export async function editRows(work: ChangeWork, def: ResourceDef, user: CurrentUser, body: MutationBody): Promise<MutationResult> {
  const values = await offeredFieldValues(work, def, user, 'edit', body.values);
  if (!values.ok) return result(body.keys.map((key) => invalid(def, key, values)));
  if (values.columns.length === 0) throw new TableRequestError('tableNothingToChange');
  const stored = await storedValues(values.columns);
  return undoable(work, def, user, 'update', (undo) =>
    eachRow(work, def, user, body, values.columns, (client, key, before) =>
      editLockedRow(client, work, def, user, { key, before, sent: values.columns, stored }, { undo }),
    ),
  );
}

/**
 * Edits one row, locked at the version it was read at (`before`): the resource's rules, the update, the reach
 * check after it and the audit entry (kept for its undo, or naming the entry it undoes). The edits and their
 * undos (undo-rows.ts) both come through here.
 */
export async function editLockedRow(
  client: pg.PoolClient,
  work: ChangeWork,
  def: ResourceDef,
  user: CurrentUser,
  { key, before, sent, stored }: { key: number; before: Row; sent: SentValues; stored: SentValues },
  audit: { undo?: UndoRecord | null; undoes?: number },
): Promise<Row> {
  if (isOwnAccount(def, user, key)) keepOwnAccess(def, before, sent);
  obeyRowRule(def, user, before, sent);
  await obeyRowCheck(client, def, before, sent);
  const sets = baseAssignments(stored, 2);
  if (def.version) sets.push(`${def.version.column} = ${def.version.column} + 1`);
  if (def.updatedAt) sets.push(`${def.updatedAt} = now()`);
  await client.query(`update ${def.table} set ${sets.join(', ')} where ${def.key.column} = $1`, [key, ...baseValues(stored)]);
  await writeLinks(client, key, stored);
  const after = await reachableRow(client, def, user, work.served, 'edit', key, false);
  // An edit may not move a row out of the user's reach (e.g. a store into another group).
  if (!after) throw new RowRefused({ error: msg('forbidden'), forbidden: true });
  const logged = withPasswordsSaid(after, sent);
  const auditId = await work.log.write(client, {
    user,
    resource: def.name,
    action: 'update',
    key,
    before,
    after: logged,
    undoes: audit.undoes,
  });
  await audit.undo?.keep(client, key, auditId);
  return after;
}

/**
 * The row after an edit as the audit log records it: a password the edit set (always read back empty) said in
 * words, so the entry tells that one was set without holding it.
 */
function withPasswordsSaid(after: Row, sent: SentValues): Row {
  const set = sent.filter((s) => s.column.password);
  return set.length ? { ...after, ...Object.fromEntries(set.map((s) => [s.column.name, msg('auditPasswordSet')])) } : after;
}

export async function deleteRows(work: ChangeWork, def: ResourceDef, user: CurrentUser, body: MutationBody): Promise<MutationResult> {
  return undoable(work, def, user, 'delete', (undo) =>
    eachRow(work, def, user, body, [], async (client, key, before) => {
      if (isOwnAccount(def, user, key)) throw new RowRefused({ error: msg('tableOwnAccountDelete'), forbidden: true });
      const kept = undo ? await storedRow(client, def, key) : undefined;
      await client.query(`delete from ${def.table} where ${def.key.column} = $1`, [key]);
      const auditId = await work.log.write(client, { user, resource: def.name, action: 'delete', key, before, after: null });
      await undo?.keep(client, key, auditId, kept);
      return null;
    }),
  );
}

/**
 * Runs an edit or delete with its undo record when the app asks for one: the answer names it when a row went
 * in (a change cut short too), and it is dropped when none did.
 */
async function undoable(
  work: ChangeWork,
  def: ResourceDef,
  user: CurrentUser,
  action: 'update' | 'delete',
  run: (undo: UndoRecord | null) => Promise<MutationResult>,
): Promise<MutationResult> {
  if (!work.undoable) return run(null);
  const undo = await openUndo(work.pool, def, user, action);
  try {
    const answer = await run(undo);
    if (answer.Succeed.length > 0) return { ...answer, UndoID: undo.id };
    await dropUndo(work.pool, undo.id);
    return answer;
  } catch (err) {
    if (err instanceof ChangeCutShort && err.result.Succeed.length > 0) err.result.UndoID = undo.id;
    throw err;
  }
}

/** The values checked by the field rules, then each select's value against the choices it offers this user. */
export async function offeredFieldValues(
  work: ChangeWork,
  def: ResourceDef,
  user: CurrentUser,
  action: 'add' | 'edit',
  sent: Record<string, unknown>,
): Promise<FieldValues> {
  const values = readFieldValues(def, action, sent);
  if (!values.ok) return values;
  const unoffered = await unofferedValues(work.pool, def, user, work.served, values.columns);
  return Object.keys(unoffered).length ? { ok: false, fields: unoffered } : values;
}

/** Edits or deletes each named row in turn, each in its own transaction after locking it at its version. */
async function eachRow(
  work: ChangeWork,
  def: ResourceDef,
  user: CurrentUser,
  body: MutationBody,
  sent: SentValues,
  change: (client: pg.PoolClient, key: number, before: Row) => Promise<Row | null>,
): Promise<MutationResult> {
  return changes(work, def, user, body.keys, (key, i) =>
    inRowTransaction(work, def, key, sent, async (client) => {
      const before = await lockForChange(client, work, def, user, key, body.versions[i]);
      return [{ key, before, row: await change(client, key, before) }];
    }),
  );
}

/** The row as the user may reach it for an edit or delete, locked, at the version they read it. */
async function lockForChange(
  client: pg.PoolClient,
  work: ChangeWork,
  def: ResourceDef,
  user: CurrentUser,
  key: number,
  version: number | undefined,
): Promise<Row> {
  if (def.version && version === undefined) throw new RowRefused({ error: msg('tableVersionMissing') });
  const row = await reachableRow(client, def, user, work.served, 'edit', key, true);
  if (!row || (def.version && row[def.version.name] !== version)) throw new RowRefused({ error: msg('notFoundRefreshed'), conflict: true });
  obeyGuard(def, user, row);
  return row;
}

function fixedColumns(def: ResourceDef, user: CurrentUser): Array<{ name: string; value: unknown }> {
  return Object.entries(def.fixedValues ?? {}).map(([name, value]) => ({
    name,
    value: typeof value === 'object' ? user.ID : value,
  }));
}

/** A row refused by validation: each failed field named, by its label in the text and by name in `fields`. */
function invalid(def: ResourceDef, key: number | null, values: Extract<FieldValues, { ok: false }>): Outcome {
  // One sentence per field: some of the spec's messages end without a full stop.
  const labelled = Object.entries(values.fields).map(([name, message]) => `${fieldLabel(def, name)}: ${message.replace(/\.$/, '')}.`);
  return { ok: false, key, failure: { error: labelled.join(' '), fields: values.fields } };
}
