// Client-side script errors reported to the IT department: read-only, for the IT role and administrators.
import { defineResource } from './types.ts';

export const userErrors = defineResource({
  name: 'user-errors',
  title: 'Client errors',
  screen: '/admin/user-errors',
  menu: { section: 'administration', icon: 'bug', order: 200 },
  key: 'ErrorID',
  columns: [
    { name: 'ErrorID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true },
    { name: 'CreatedAt', label: 'Reported', type: 'datetime', format: 'datetime', sortable: true, total: 'count' },
    { name: 'UserName', label: 'User', type: 'text', format: 'text', searchable: true },
    { name: 'Page', label: 'Page', type: 'text', format: 'text', sortable: true, searchable: true },
    { name: 'Url', label: 'URL', type: 'text', format: 'text', searchable: true, hiddenOnMobile: true },
    { name: 'Status', label: 'Status', type: 'integer', format: 'text', sortable: true },
    { name: 'ErrorThrown', label: 'Error', type: 'text', format: 'text', searchable: true },
    { name: 'Message', label: 'Message', type: 'text', format: 'text', searchable: true, hiddenOnMobile: true },
    { name: 'ExceptionMessage', label: 'Exception message', type: 'text', format: 'text', searchable: true, hidden: true },
    { name: 'ExceptionType', label: 'Exception type', type: 'text', format: 'text', hidden: true },
    { name: 'StackTrace', label: 'Stack trace', type: 'text', format: 'text', hidden: true },
    { name: 'UserAgent', label: 'Browser', type: 'text', format: 'text', hidden: true },
    { name: 'AppVersion', label: 'App version', type: 'text', format: 'text', hidden: true },
  ],
  fields: [],
  defaultSort: [{ column: 'CreatedAt', dir: 'desc' }],
  pageSize: 25,
  access: { list: { role: 'it' }, export: { role: 'it' }, add: false, edit: false, delete: false },
});
