// The rules a row's change obeys beyond its fields' own: on a resource of accounts, nobody deactivates,
// demotes or deletes their own account (someone must be left who can sign in and administer); a guarded row
// (a super administrator's account) only for whom its guard lets through; and the resource's own rules, the
// plain one (its SQL half's rowRule: who grants privileges) and the one that reads the database (rowCheck).
// Each refuses by throwing RowRefused inside the row's transaction. Changes and their undos both ask them.
import type pg from 'pg';
import { allows, type CurrentUser } from '../../../common/roles.ts';
import { msg } from '../../messages.ts';
import type { ResourceDef, Row } from '../../resources/resource-def.ts';
import type { SentValues } from './db-errors.ts';
import { fieldLabel } from './field-values.ts';
import { RowRefused } from './row-transactions.ts';

/** Whether the row is the signed-in user's own account (on a resource of accounts). */
export function isOwnAccount(def: ResourceDef, user: CurrentUser, key: number): boolean {
  return def.ownAccount !== undefined && key === user.ID;
}

/** Refuses an edit of one's own account that would change what keeps one in (active, administrator). */
export function keepOwnAccess(def: ResourceDef, before: Row, sent: SentValues): void {
  for (const { column, value } of sent) {
    if (!def.ownAccount!.unchangeable.includes(column.name) || before[column.name] === value) continue;
    const message = msg('tableOwnAccountChange', fieldLabel(def, column.name));
    throw new RowRefused({ error: message, fields: { [column.name]: message }, forbidden: true });
  }
}

/** Refuses the row's change when the resource's own rule (its SQL half's rowRule) does not let it through. */
export function obeyRowRule(def: ResourceDef, user: CurrentUser, before: Row | null, sent: SentValues): void {
  const failure = def.rowRule?.(user, before, sent);
  if (failure) throw new RowRefused(failure);
}

/** Refuses the row's change when the resource's rule that reads the database (its SQL half's rowCheck) does. */
export async function obeyRowCheck(client: pg.PoolClient, def: ResourceDef, before: Row | null, sent: SentValues): Promise<void> {
  const failure = await def.rowCheck?.(client, before, sent);
  if (failure) throw new RowRefused(failure);
}

/** Refuses a change to a guarded row (a super administrator's account) by a user the guard does not let through. */
export function obeyGuard(def: ResourceDef, user: CurrentUser, row: Row): void {
  const guard = def.guardedRows;
  if (guard && row[guard.when.name] === true && !allows(user, guard.access))
    throw new RowRefused({ error: msg(def.guardRefusal ?? 'forbidden'), forbidden: true });
}
