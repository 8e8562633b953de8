// Marks the user's own inbox items read or unread: some by id, every item of a kind, or all. Each row changed
// takes a new version (an open edit dialog of it is then refused as stale, as after any edit).
import type pg from 'pg';
import type { InboxKind } from '../../common/inbox-kinds.ts';
import { changeTables } from '../db/table-changes.ts';

export type ReadSelection = { ids: number[] } | { kind: InboxKind } | { all: true };

/** How many items changed. */
export async function markRead(pool: pg.Pool, userId: number, which: ReadSelection, read: boolean): Promise<number> {
  const params: unknown[] = [userId, read];
  let selected = 'true';
  if ('ids' in which) selected = `inbox_id = any($${params.push(which.ids)}::int8[])`;
  else if ('kind' in which) selected = `kind = $${params.push(which.kind)}`;
  const { rowCount } = await changeTables(
    pool,
    ['inbox'],
    userId,
    () => pool.query(`update inbox set is_read = $2, version = version + 1 where user_id = $1 and is_read <> $2 and ${selected}`, params),
    { changed: (r) => !!r.rowCount },
  );
  return rowCount ?? 0;
}
