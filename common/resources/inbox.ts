// Messages, alerts and notifications: one inbox table, three resources that differ only in their kind.
// Each user lists, marks read and deletes only their own rows; senders (messaging role) address a user.
import { CURRENT_USER, defineResource, versionColumn } from './types.ts';

/** One of the three: its URL name, title, the kind of its rows and its key's API name. */
function inboxResource<const Name extends string, const Key extends string>(name: Name, title: string, kind: 'message' | 'alert' | 'notification', key: Key) {
  return defineResource({
    name,
    title,
    table: 'inbox',
    alias: 'i',
    joins: [
      { alias: 'su', table: 'users', on: 'su.user_id = i.sender_id', left: true },
    ],
    // The kind is a constant of this definition, never request text.
    where: `i.kind = '${kind}'`,
    key,
    version: 'Version',
    columns: [
      { name: key, sql: 'i.inbox_id', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true },
      { name: 'UserID', sql: 'i.user_id', label: 'Recipient', type: 'integer', format: 'text', hidden: true },
      { name: 'CreatedAt', sql: 'i.created_at', label: 'Received', type: 'datetime', format: 'datetime', sortable: true },
      { name: 'Title', sql: 'i.title', label: 'Title', type: 'text', format: 'text', sortable: true, searchable: true, total: 'count' },
      { name: 'Body', sql: 'i.body', label: 'Text', type: 'text', format: 'text', searchable: true, hiddenOnMobile: true },
      { name: 'Severity', sql: 'i.severity', label: 'Severity', type: 'text', format: 'text', sortable: true, searchable: true, hiddenOnMobile: true },
      { name: 'SenderName', sql: `coalesce(su.first_name || ' ' || su.last_name, '')`, join: 'su', label: 'From', type: 'text', format: 'text', searchable: true, hiddenOnMobile: true },
      { name: 'IsRead', sql: 'i.is_read', label: 'Read', type: 'boolean', format: 'boolean', sortable: true },
      versionColumn('i'),
    ],
    fields: [
      { name: 'UserID', label: 'Recipient', input: 'select', rules: { required: true, digit: true }, options: { resource: 'users', value: 'UserID', label: 'UserName', only: 'IsActive' }, on: ['add'] },
      { name: 'Title', label: 'Title', input: 'text', rules: { required: true, maxLength: 120 }, on: ['add'] },
      { name: 'Body', label: 'Text', input: 'textarea', rules: { maxLength: 2000 }, on: ['add'] },
      { name: 'Severity', label: 'Severity', input: 'text', rules: { pattern: 'info|success|warning|error' }, on: ['add'], default: 'info' },
      { name: 'IsRead', label: 'Read', input: 'checkbox', rules: {}, on: ['edit'] },
    ],
    defaultSort: [{ column: 'CreatedAt', dir: 'desc' }],
    pageSize: 25,
    scope: { owner: 'UserID' },
    fixedValues: { kind, sender_id: CURRENT_USER },
    access: { list: {}, export: {}, add: { role: 'messages' }, edit: {}, delete: {} },
  });
}

export const messages = inboxResource('messages', 'Messages', 'message', 'MessageID');
export const alerts = inboxResource('alerts', 'Alerts', 'alert', 'AlertID');
export const notifications = inboxResource('notifications', 'Notifications', 'notification', 'NotificationID');
