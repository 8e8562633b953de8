// Messages, alerts and notifications: one inbox table, three resources that differ only in their kind.
// Each user lists, marks read and deletes only their own rows; senders (messaging role) address a user.
import { inboxKinds } from '../inbox-kinds.ts';
import { CURRENT_USER, defineResource, type ResourceDef } from './types.ts';

function inboxResource({ name, title, kind, key }: (typeof inboxKinds)[number]): ResourceDef {
  return defineResource({
    name,
    title,
    table: 'inbox',
    alias: 'i',
    joins: [
      { alias: 'su', sql: 'left join users su on su.user_id = i.sender_id' },
    ],
    // The kind is a constant of this definition, never request text.
    where: `i.kind = '${kind}'`,
    key: { name: key, sql: 'i.inbox_id', column: 'inbox_id', type: 'integer' },
    version: { name: 'Version', sql: 'i.version', column: 'version' },
    columns: [
      { name: key, sql: 'i.inbox_id', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true },
      { name: 'UserID', sql: 'i.user_id', label: 'Recipient', type: 'integer', format: 'text', hidden: true, writes: 'user_id' },
      { name: 'CreatedAt', sql: 'i.created_at', label: 'Received', type: 'datetime', format: 'datetime', sortable: true },
      { name: 'Title', sql: 'i.title', label: 'Title', type: 'text', format: 'text', sortable: true, searchable: true, writes: 'title', total: 'count' },
      { name: 'Body', sql: 'i.body', label: 'Text', type: 'text', format: 'text', searchable: true, writes: 'body', hiddenOnMobile: true },
      { name: 'Severity', sql: 'i.severity', label: 'Severity', type: 'text', format: 'text', sortable: true, searchable: true, writes: 'severity', hiddenOnMobile: true },
      { name: 'SenderName', sql: `coalesce(su.first_name || ' ' || su.last_name, '')`, label: 'From', type: 'text', format: 'text', searchable: true, hiddenOnMobile: true },
      { name: 'IsRead', sql: 'i.is_read', label: 'Read', type: 'boolean', format: 'boolean', sortable: true, writes: 'is_read' },
      { name: 'Version', sql: 'i.version', label: 'Version', type: 'integer', format: 'integer', hidden: true },
    ],
    fields: [
      { name: 'UserID', label: 'Recipient', input: 'select', rules: { required: true, digit: true }, options: { resource: 'users', value: 'UserID', label: 'UserName', where: 'u.is_active' }, on: ['add'] },
      { name: 'Title', label: 'Title', input: 'text', rules: { required: true, maxLength: 120 }, on: ['add'] },
      { name: 'Body', label: 'Text', input: 'textarea', rules: { maxLength: 2000 }, on: ['add'] },
      { name: 'Severity', label: 'Severity', input: 'text', rules: { pattern: 'info|success|warning|error' }, on: ['add'], default: 'info' },
      { name: 'IsRead', label: 'Read', input: 'checkbox', rules: {}, on: ['edit'] },
    ],
    defaultSort: [{ column: 'CreatedAt', dir: 'desc' }],
    pageSize: 25,
    scope: { owner: 'i.user_id' },
    fixedValues: { kind, sender_id: CURRENT_USER },
    access: { list: {}, export: {}, add: { role: 'messages' }, edit: {}, delete: {} },
  });
}

export const [messages, alerts, notifications] = inboxKinds.map(inboxResource) as [ResourceDef, ResourceDef, ResourceDef];
