// Messages, alerts and notifications: one inbox table, three resources that differ only in their kind.
// Each user lists, marks read and deletes only their own rows; senders (messaging role) address a user or
// a group, and each member of the group gets a copy of their own (server/resources/inbox.ts).
// Whom a sender may address: administrators and head office (who see every store) any active user and any
// group; everyone else the active users of their own group, and that group. The choices offered and the
// values accepted follow the one rule (server/table-api/change/choices.ts).
import type { IconName } from '../icons.ts';
import { defineResource, Version } from './types.ts';

/** One of the three: its URL name, title, its key's API name and its place in the side menu. */
function inboxResource<const Name extends string, const Key extends string>(
  name: Name,
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
    key,
    version: 'Version',
    columns: [
      { name: key, label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true },
      { name: 'UserID', label: 'Recipient', type: 'integer', format: 'text', hidden: true, internal: true },
      { name: 'CreatedAt', label: 'Received', type: 'datetime', format: 'datetime', sortable: true },
      { name: 'Title', label: 'Title', type: 'text', format: 'text', sortable: true, searchable: true, total: 'count' },
      { name: 'Body', label: 'Text', type: 'text', format: 'text', searchable: true, hiddenOnMobile: true },
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
      },
      { name: 'SenderName', label: 'From', type: 'text', format: 'text', searchable: true, hiddenOnMobile: true },
      { name: 'GroupID', label: 'To group', type: 'integer', format: 'text', hidden: true, internal: true },
      { name: 'GroupName', label: 'To group', type: 'text', format: 'text', searchable: true, hidden: true },
      { name: 'IsRead', label: 'Read', type: 'boolean', format: 'boolean', sortable: true },
      Version,
    ],
    fields: [
      // One of the two: the row rule (server/inbox/recipient-rule.ts) asks for exactly one.
      {
        name: 'UserID',
        kind: 'select',
        rules: { digit: true },
        options: { resource: 'users', value: 'UserID', label: 'FullName', only: 'IsActive', sameGroup: 'GroupID' },
        on: ['add'],
      },
      {
        name: 'GroupID',
        kind: 'select',
        rules: { digit: true },
        options: { resource: 'groups', value: 'GroupID', label: 'Name' },
        on: ['add'],
      },
      { name: 'Title', kind: 'text', rules: { required: true, maxLength: 120 }, on: ['add'] },
      { name: 'Body', kind: 'textarea', rules: { maxLength: 2000 }, on: ['add'] },
      { name: 'Severity', kind: 'select', on: ['add'], default: 'info' },
      { name: 'IsRead', kind: 'flag', on: ['edit'] },
    ],
    defaultSort: [{ column: 'CreatedAt', dir: 'desc' }],
    pageSize: 25,
    access: { list: {}, export: {}, add: { role: 'messages' }, edit: {}, delete: {} },
  });
}

export const messages = inboxResource('messages', 'Messages', 'MessageID', 'mail', 120);
export const alerts = inboxResource('alerts', 'Alerts', 'AlertID', 'bell', 130);
export const notifications = inboxResource('notifications', 'Notifications', 'NotificationID', 'info', 140);
