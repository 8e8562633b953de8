// The SQL of messages, alerts and notifications (common/resources/inbox.ts): one inbox table, each resource
// its own kind of row, which it sets on every row it adds along with the sender. An add to a group is
// stored once per active member but the sender, each copy naming the group.
import type { InboxKind } from '../../common/inbox-kinds.ts';
import { alerts, messages, notifications } from '../../common/resources/inbox.ts';
import { defineResourceSql } from './resource-def.ts';
import { CURRENT_USER, type Join } from './resource-sql.ts';
import { recipientRule } from '../inbox/recipient-rule.ts';

const joins = [
  { alias: 'su', table: 'users', on: 'su.user_id = i.sender_id', left: true },
  { alias: 'ig', table: 'groups', on: 'ig.group_id = i.group_id', left: true },
] as const satisfies ReadonlyArray<Join>;

const columns = {
  UserID: 'i.user_id',
  CreatedAt: 'i.created_at',
  Title: 'i.title',
  Body: 'i.body',
  Severity: 'i.severity',
  SenderName: { sql: `coalesce(su.first_name || ' ' || su.last_name, '')`, join: 'su' },
  GroupID: { sql: 'i.group_id', nullable: true },
  GroupName: { sql: `coalesce(ig.name, '')`, join: 'ig' },
  IsRead: 'i.is_read',
  Version: 'i.version',
} as const;

/** What one kind of inbox row shares with the others; the kind is a constant here, never request text. */
function ofKind(kind: InboxKind) {
  return {
    table: 'inbox',
    alias: 'i',
    joins,
    where: `i.kind = '${kind}'`,
    scope: { owner: 'UserID' },
    rowRule: recipientRule,
    fixedValues: { kind, sender_id: CURRENT_USER },
    fanOut: {
      field: 'GroupID',
      column: 'user_id',
      members: 'select user_id from users where group_id = $1 and is_active and user_id <> $2',
      none: 'inboxGroupEmpty',
    },
  } as const;
}

export const messagesDef = defineResourceSql(messages, { ...ofKind('message'), columns: { MessageID: 'i.inbox_id', ...columns } });
export const alertsDef = defineResourceSql(alerts, { ...ofKind('alert'), columns: { AlertID: 'i.inbox_id', ...columns } });
export const notificationsDef = defineResourceSql(notifications, {
  ...ofKind('notification'),
  columns: { NotificationID: 'i.inbox_id', ...columns },
});
