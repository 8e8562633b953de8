// Messages, alerts and notifications: one inbox table, three resources that differ only in their kind, which
// each sets on every row it adds along with the sender. Each user lists, marks read and deletes only their own
// rows; senders (messaging role) address a user or a group, never both (recipientRule), and an add to a group
// is stored once per active member but the sender, each copy naming the group. Whom a sender may address:
// administrators and head office (who see every store) any active user and any group; everyone else the
// active users of their own group, and that group. The choices offered and the values accepted follow the one
// rule (server/table-api/change/choices.ts).
import type { IconName } from '../../common/icons.ts';
import type { InboxKind } from '../../common/inbox-kinds.ts';
import { Version } from '../../common/resources/types.ts';
import { recipientRule } from '../inbox/recipient-rule.ts';
import { defineResource } from './define.ts';
import { CURRENT_USER } from './resource-sql.ts';

/** One of the three: its URL name, kind of row, title, its key's API name and its place in the side menu. */
function inboxResource<const Name extends string, const Key extends string>(
  name: Name,
  kind: InboxKind,
  title: string,
  key: Key,
  icon: IconName,
  order: number,
) {
  return defineResource({
    name,
    title,
    screen: `/${name}`,
    menu: { section: 'inbox', icon, order },
    table: 'inbox',
    alias: 'i',
    key,
    version: 'Version',
    columns: [
      { name: key, label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true, sql: 'i.inbox_id' },
      // The recipient: one user, or (below) a group. A copy of the message is each one's own row.
      {
        name: 'UserID',
        label: 'Recipient',
        type: 'integer',
        format: 'text',
        hidden: true,
        internal: true,
        sql: 'i.user_id',
        field: {
          kind: 'select',
          rules: { digit: true },
          options: { resource: 'users', value: 'UserID', label: 'FullName', only: 'IsActive', sameGroup: 'GroupID' },
          on: ['add'],
        },
      },
      // Whom the copy is for, by name: a sent message's audit entry says so (every row listed is the reader's own).
      {
        name: 'RecipientName',
        label: 'To',
        type: 'text',
        format: 'text',
        hidden: true,
        sql: `coalesce(ru.first_name || ' ' || ru.last_name, '')`,
        join: { alias: 'ru', table: 'users', on: 'ru.user_id = i.user_id', left: true },
      },
      {
        name: 'GroupID',
        label: 'To group',
        type: 'integer',
        format: 'text',
        hidden: true,
        internal: true,
        sql: 'i.group_id',
        nullable: true,
        field: { kind: 'select', rules: { digit: true }, options: { resource: 'groups', value: 'GroupID', label: 'Name' }, on: ['add'] },
      },
      {
        name: 'GroupName',
        label: 'To group',
        type: 'text',
        format: 'text',
        searchable: true,
        hidden: true,
        sql: `coalesce(ig.name, '')`,
        join: { alias: 'ig', table: 'groups', on: 'ig.group_id = i.group_id', left: true },
      },
      { name: 'CreatedAt', label: 'Received', type: 'datetime', format: 'datetime', sortable: true, sql: 'i.created_at' },
      {
        name: 'Title',
        label: 'Title',
        type: 'text',
        format: 'text',
        sortable: true,
        searchable: true,
        total: 'count',
        sql: 'i.title',
        field: { kind: 'text', rules: { required: true, maxLength: 120 }, on: ['add'] },
      },
      {
        name: 'Body',
        label: 'Text',
        type: 'text',
        format: 'text',
        searchable: true,
        sql: 'i.body',
        field: { kind: 'textarea', rules: { maxLength: 2000 }, on: ['add'] },
      },
      {
        name: 'Severity',
        label: 'Severity',
        type: 'text',
        format: 'text',
        sortable: true,
        searchable: true,
        hiddenOnMobile: true,
        values: ['info', 'success', 'warning', 'error'],
        valueLabels: { info: 'Information', success: 'Success', warning: 'Warning', error: 'Error' },
        sql: 'i.severity',
        field: { kind: 'select', on: ['add'], default: 'info' },
      },
      {
        name: 'SenderName',
        label: 'From',
        type: 'text',
        format: 'text',
        searchable: true,
        hiddenOnMobile: true,
        sql: `coalesce(su.first_name || ' ' || su.last_name, '')`,
        join: { alias: 'su', table: 'users', on: 'su.user_id = i.sender_id', left: true },
      },
      {
        name: 'IsRead',
        label: 'Read',
        type: 'boolean',
        format: 'boolean',
        sortable: true,
        hiddenOnMobile: true,
        sql: 'i.is_read',
        field: { kind: 'flag', on: ['edit'] },
      },
      { ...Version, sql: 'i.version' },
    ],
    defaultSort: [{ column: 'CreatedAt', dir: 'desc' }],
    // The date comes first in the table; the title names a message.
    names: ['Title'],
    pageSize: 25,
    access: { list: {}, export: {}, add: { role: 'messages' }, edit: {}, delete: {} },
    // The kind is a constant here, never request text.
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
  });
}

export const messagesDef = inboxResource('messages', 'message', 'Messages', 'MessageID', 'mail', 120);
export const alertsDef = inboxResource('alerts', 'alert', 'Alerts', 'AlertID', 'bell', 130);
export const notificationsDef = inboxResource('notifications', 'notification', 'Notifications', 'NotificationID', 'info', 140);
