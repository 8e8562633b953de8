// The SQL of messages, alerts and notifications (common/resources/inbox.ts): one inbox table, each resource
// its own kind of row, which it sets on every row it adds along with the sender.
import { alerts, messages, notifications } from '../../common/resources/inbox.ts';
import { CURRENT_USER, defineResourceSql, type Join } from './resource-sql.ts';

const joins = [{ alias: 'su', table: 'users', on: 'su.user_id = i.sender_id', left: true }] as const satisfies ReadonlyArray<Join>;

const columns = {
  UserID: 'i.user_id',
  CreatedAt: 'i.created_at',
  Title: 'i.title',
  Body: 'i.body',
  Severity: 'i.severity',
  SenderName: { sql: `coalesce(su.first_name || ' ' || su.last_name, '')`, join: 'su' },
  IsRead: 'i.is_read',
  Version: 'i.version',
} as const;

/** What one kind of inbox row shares with the others; the kind is a constant here, never request text. */
function ofKind(kind: 'message' | 'alert' | 'notification') {
  return {
    table: 'inbox',
    alias: 'i',
    joins,
    where: `i.kind = '${kind}'`,
    scope: { owner: 'UserID' },
    fixedValues: { kind, sender_id: CURRENT_USER },
  } as const;
}

export const messagesDef = defineResourceSql(messages, { ...ofKind('message'), columns: { MessageID: 'i.inbox_id', ...columns } });
export const alertsDef = defineResourceSql(alerts, { ...ofKind('alert'), columns: { AlertID: 'i.inbox_id', ...columns } });
export const notificationsDef = defineResourceSql(notifications, {
  ...ofKind('notification'),
  columns: { NotificationID: 'i.inbox_id', ...columns },
});
