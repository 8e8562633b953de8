// "A row you edited was changed by someone else": after an edit or delete through the table API, every
// other active user who added or changed one of those rows in the last hour (the audit log knows) is
// notified, once per row while that notification is unread (a burst of edits is one notice), if they may
// still see the row, which the notice names from what they may see (row-in-reach.ts). Not for the inbox's
// own rows, which only their owner changes.
import type { FastifyInstance } from 'fastify';
import { msg } from '../../messages.ts';
import type { CurrentUser } from '../../../common/roles.ts';
import type { ResourceDef } from '../../resources/resource-def.ts';
import type { MutationResult } from '../../table-api/change/change-answer.ts';
import type { Row } from '../../resources/resource-def.ts';
import { loadActiveUsers } from '../../users/current-user.ts';
import { raiseItems, type SystemItem } from './raise.ts';
import { rowInReach } from './row-in-reach.ts';
import { titleOf } from '../../../common/resources/words.ts';

/** How far back an edit makes a row "yours". */
const RECENT = '1 hour';

/** Notifies the earlier editors of the rows changed; does not hold up the answer (a failure is logged). */
export function noticeRowChanges(
  app: FastifyInstance,
  def: ResourceDef,
  action: 'edit' | 'delete',
  user: CurrentUser,
  result: MutationResult,
): void {
  if (result.Succeed.length === 0 || (def.scope && 'owner' in def.scope)) return;
  tellEarlierEditors(app, def, action, user, result.Succeed).catch((err: unknown) =>
    app.log.error({ err }, 'a row change could not be told to its earlier editors'),
  );
}

async function tellEarlierEditors(
  app: FastifyInstance,
  def: ResourceDef,
  action: 'edit' | 'delete',
  user: CurrentUser,
  keys: ReadonlyArray<number>,
): Promise<void> {
  // Each row changed (as it was, deleted), with every other editor of it in the hour before the change: this
  // runs after the answer, so an edit made since (by someone told of this one) must not count as earlier.
  const pool = app.db.pool;
  const { rows } = await pool.query<{ user_id: number; row_key: string; row: Row | null }>(
    `with changed as (
       select distinct on (row_key) row_key, audit_id, at, before as row from audit_log
       where resource = $1 and row_key = any($2::text[]) and user_id = $3
       order by row_key, audit_id desc)
     select e.user_id, c.row_key, c.row from changed c
     join lateral (
       select distinct a.user_id from audit_log a
       where a.resource = $1 and a.row_key = c.row_key and a.user_id <> $3 and a.audit_id < c.audit_id
         and a.action in ('insert', 'update') and a.at > c.at - interval '${RECENT}') e on true
     join users u on u.user_id = e.user_id and u.is_active`,
    [def.name, keys.map(String), user.ID],
  );
  const editors = new Map((await loadActiveUsers(pool, [...new Set(rows.map((r) => r.user_id))])).map((u) => [u.ID, u]));
  const who = user.FullName || user.UserName;
  const items: SystemItem[] = [];
  for (const r of rows) {
    const editor = editors.get(r.user_id);
    const seen = editor && (await rowInReach(pool, def, editor, app.resources, Number(r.row_key), action === 'delete' ? r.row : null));
    if (!seen) continue;
    items.push({
      userId: r.user_id,
      kind: 'notification',
      severity: 'info',
      title: msg('rowChangedTitle'),
      body: msg(action === 'delete' ? 'rowDeletedBody' : 'rowChangedBody', who, titleOf(def), rowLabel(def, seen, r.row_key)),
      topic: `row:${def.name}:${r.row_key}`,
    });
  }
  await raiseItems(app, items, { unlessUnreadWithin: RECENT });
}

/** What the user knows the row by: its first shown text column, else its key. */
function rowLabel(def: ResourceDef, row: Row, key: string): string {
  const column = def.columns.find((c) => c.type === 'text' && !c.hidden && typeof row[c.name] === 'string' && row[c.name] !== '');
  return column ? String(row[column.name]) : key;
}
