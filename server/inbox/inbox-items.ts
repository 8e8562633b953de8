// Reading the inbox for the header and the hub: items as the panel and toasts show them (title and text cut
// to a preview), the newest of each kind, and unread counts per kind for one user or many at once.
import type pg from 'pg';
import { statement } from '../db/named-statements.ts';
import { ITEM_BODY_CHARS, ITEM_TITLE_CHARS } from '../../common/hub-frames.ts';
import { inboxResourceOf, type InboxItem, type InboxResource, type UnreadCounts } from '../../common/inbox-kinds.ts';
import { inboxKinds } from '../../common/inbox-kinds.ts';

/** Newest items of each kind in the summary. */
export const NEWEST_PER_KIND = 5;

const itemColumns = `i.inbox_id as id, i.user_id, i.kind, left(i.title, ${ITEM_TITLE_CHARS}) as title, left(i.body, ${ITEM_BODY_CHARS}) as body,
  i.severity, coalesce(su.first_name || ' ' || su.last_name, '') as sender_name, i.created_at, i.is_read`;
const itemFrom = 'inbox i left join users su on su.user_id = i.sender_id';

interface ItemRow {
  id: number;
  user_id: number;
  kind: InboxItem['Kind'];
  title: string;
  body: string;
  severity: InboxItem['Severity'];
  sender_name: string;
  created_at: Date;
  is_read: boolean;
}

function toItem(row: ItemRow): InboxItem {
  return {
    ID: row.id,
    Kind: row.kind,
    Title: row.title,
    Body: row.body,
    Severity: row.severity,
    SenderName: row.sender_name,
    CreatedAt: row.created_at.toISOString(),
    IsRead: row.is_read,
  };
}

/** The items with these ids, each with its recipient. */
export async function itemsByIds(pool: pg.Pool, ids: ReadonlyArray<number>): Promise<Array<{ recipient: number; item: InboxItem }>> {
  const { rows } = await pool.query<ItemRow>(
    `select ${itemColumns} from ${itemFrom} where i.inbox_id = any($1::int8[]) order by i.inbox_id`,
    [ids],
  );
  return rows.map((row) => ({ recipient: row.user_id, item: toItem(row) }));
}

/** Unread counts per kind, as columns named for the kinds' resources, over the inbox rows `i`. */
const countedUnread = inboxKinds.map((k) => `count(*) filter (where i.kind = '${k.kind}')::int as "${k.name}"`).join(', ');

/**
 * The user's unread counts per kind and newest items of each kind (newest first), in one statement: every
 * dashboard and header asks for both. The counts are one row whatever the items; the items ride beside it.
 */
export async function inboxSummaryOf(
  pool: pg.Pool,
  userId: number,
): Promise<{ unread: UnreadCounts; newest: Record<InboxResource, InboxItem[]> }> {
  const { rows } = await pool.query<UnreadCounts & Partial<ItemRow>>(
    statement(
      pool,
      `with unread as (select ${countedUnread} from inbox i where i.user_id = $1 and not i.is_read)
     select unread.*, newest.* from unread left join (
       select * from (
         select ${itemColumns}, row_number() over (partition by i.kind order by i.created_at desc, i.inbox_id desc) as n
         from ${itemFrom} where i.user_id = $1
       ) ranked where n <= $2
     ) newest on true
     order by newest.created_at desc, newest.id desc`,
      [userId, NEWEST_PER_KIND],
    ),
  );
  const unread = Object.fromEntries(inboxKinds.map((k) => [k.name, rows[0]?.[k.name] ?? 0])) as UnreadCounts;
  const newest = Object.fromEntries(inboxKinds.map((k) => [k.name, [] as InboxItem[]])) as Record<InboxResource, InboxItem[]>;
  for (const row of rows) if (row.id != null) newest[inboxResourceOf[row.kind!]].push(toItem(row as ItemRow));
  return { unread, newest };
}

/** Unread counts per kind for each of the users (zeros for a user with none). */
export async function unreadCounts(pool: pg.Pool, userIds: ReadonlyArray<number>): Promise<Map<number, UnreadCounts>> {
  const { rows } = await pool.query<{ user_id: number } & UnreadCounts>(
    `select u.user_id, ${countedUnread}
     from unnest($1::int[]) as u(user_id) left join inbox i on i.user_id = u.user_id and not i.is_read
     group by u.user_id`,
    [[...new Set(userIds)]],
  );
  return new Map(rows.map(({ user_id, ...counts }) => [user_id, counts]));
}

export async function unreadCountsOf(pool: pg.Pool, userId: number): Promise<UnreadCounts> {
  return (await unreadCounts(pool, [userId])).get(userId)!;
}
