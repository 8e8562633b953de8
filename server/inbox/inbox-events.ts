// What the hub tells about inbox changes: each new item goes to its recipient's browsers with their unread
// counts, on every instance; a change to read flags or a removal sends the owner their new counts (their
// other tabs' badges follow). Called after a change through the table API, or by whatever else writes the
// inbox (marking read, server/inbox/mark-read.ts).
import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '../../common/roles.ts';
import type { ResourceDef } from '../resources/resource-def.ts';
import type { MutationResult } from '../table-api/change/change-answer.ts';
import { itemsByIds, unreadCounts, unreadCountsOf } from './inbox-items.ts';

/** Sends the new items (by id) to their recipients. */
export async function publishNewItems(app: FastifyInstance, ids: ReadonlyArray<number>): Promise<void> {
  const items = await itemsByIds(app.db.pool, ids);
  const counts = await unreadCounts(
    app.db.pool,
    items.map((i) => i.recipient),
  );
  await Promise.all(
    items.map(({ recipient, item }) =>
      app.hub.publish({ user: recipient }, { type: 'inbox', kind: item.Kind, item, unread: counts.get(recipient)! }),
    ),
  );
}

/** Sends the user their unread counts. */
export async function publishUnread(app: FastifyInstance, userId: number): Promise<void> {
  await app.hub.publish({ user: userId }, { type: 'unread', unread: await unreadCountsOf(app.db.pool, userId) });
}

/**
 * After an add, edit or delete through the table API: if it changed inbox rows, tells their users. It does
 * not hold up the answer; a failure to tell is logged (the browsers catch up when they next connect).
 */
export function announceInboxChange(
  app: FastifyInstance,
  def: ResourceDef,
  action: 'add' | 'edit' | 'delete',
  user: CurrentUser,
  result: MutationResult,
): void {
  if (def.table !== 'inbox' || result.Succeed.length === 0) return;
  // Edits and deletes reach only the user's own rows (the inbox resources' owner scope).
  const told = action === 'add' ? publishNewItems(app, result.Succeed) : publishUnread(app, user.ID);
  told.catch((err: unknown) => app.log.error({ err }, 'hub: an inbox change could not be announced'));
}
