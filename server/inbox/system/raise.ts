// Alerts and notifications the system raises by itself (a store's missing sales, an export finished or
// failed, a row changed by someone else): stored in the inbox like any item, with no sender and IsRead
// false, then pushed live to their recipients through the hub. An item may name its `topic` (what it is
// about): one that the recipient still has unread on the same topic, raised within `unlessUnreadWithin`,
// is not raised again.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { InboxItem, InboxKind } from '../../../common/inbox-kinds.ts';
import { changeTables, SYSTEM } from '../../db/table-changes.ts';
import { publishNewItems } from '../inbox-events.ts';

export interface SystemItem {
  userId: number;
  kind: Exclude<InboxKind, 'message'>;
  title: string;
  body: string;
  severity: InboxItem['Severity'];
  topic?: string;
}

type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/**
 * Stores the items (inside the caller's transaction when given a client, which writes through changeTables
 * and publishes them after commit: publishNewItems); their ids.
 */
export async function storeItems(
  db: Queryable,
  items: ReadonlyArray<SystemItem>,
  { unlessUnreadWithin }: { unlessUnreadWithin?: string } = {},
): Promise<number[]> {
  if (items.length === 0) return [];
  const column = <K extends keyof SystemItem>(key: K) => items.map((item) => item[key] ?? null);
  const { rows } = await db.query<{ id: number }>(
    `insert into inbox (kind, user_id, title, body, severity, topic)
     select x.kind, x.user_id, x.title, x.body, x.severity, x.topic
     from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[]) as x(kind, user_id, title, body, severity, topic)
     where $7::interval is null or x.topic is null or not exists (
       select 1 from inbox i
       where i.user_id = x.user_id and i.topic = x.topic and not i.is_read and i.created_at > now() - $7::interval)
     returning inbox_id as id`,
    [column('kind'), column('userId'), column('title'), column('body'), column('severity'), column('topic'), unlessUnreadWithin ?? null],
  );
  return rows.map((r) => Number(r.id));
}

/** Stores the items and tells their recipients (live, on every instance) and the inbox tables' viewers; their ids. */
export async function raiseItems(
  app: FastifyInstance,
  items: ReadonlyArray<SystemItem>,
  options: { unlessUnreadWithin?: string } = {},
): Promise<number[]> {
  const pool = app.db.pool;
  const ids = await changeTables(pool, ['inbox'], SYSTEM, () => storeItems(pool, items, options), {
    changed: (stored) => stored.length > 0,
  });
  if (ids.length) await publishNewItems(app, ids);
  return ids;
}
