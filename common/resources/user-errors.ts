// Client-side script errors reported to the IT department: read-only, for the IT role and administrators.
import { defineResource } from './types.ts';

export const userErrors = defineResource({
  name: 'user-errors',
  title: 'Client errors',
  table: 'user_errors',
  alias: 'e',
  key: 'ErrorID',
  columns: [
    { name: 'ErrorID', sql: 'e.error_id', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true },
    { name: 'CreatedAt', sql: 'e.created_at', label: 'Reported', type: 'datetime', format: 'datetime', sortable: true, total: 'count' },
    { name: 'UserName', sql: 'e.user_name', label: 'User', type: 'text', format: 'text', searchable: true },
    { name: 'Page', sql: 'e.page', label: 'Page', type: 'text', format: 'text', sortable: true, searchable: true },
    { name: 'Url', sql: 'e.url', label: 'URL', type: 'text', format: 'text', searchable: true, hiddenOnMobile: true },
    { name: 'Status', sql: 'e.status', label: 'Status', type: 'integer', format: 'text', sortable: true, nullable: true },
    { name: 'ErrorThrown', sql: 'e.error_thrown', label: 'Error', type: 'text', format: 'text', searchable: true },
    { name: 'Message', sql: 'e.message', label: 'Message', type: 'text', format: 'text', searchable: true, hiddenOnMobile: true },
    { name: 'ExceptionMessage', sql: 'e.exception_message', label: 'Exception message', type: 'text', format: 'text', searchable: true, hidden: true },
    { name: 'ExceptionType', sql: 'e.exception_type', label: 'Exception type', type: 'text', format: 'text', hidden: true },
    { name: 'StackTrace', sql: 'e.stack_trace', label: 'Stack trace', type: 'text', format: 'text', hidden: true },
    { name: 'UserAgent', sql: 'e.user_agent', label: 'Browser', type: 'text', format: 'text', hidden: true },
    { name: 'AppVersion', sql: 'e.app_version', label: 'App version', type: 'text', format: 'text', hidden: true },
  ],
  fields: [],
  defaultSort: [{ column: 'CreatedAt', dir: 'desc' }],
  pageSize: 25,
  access: { list: { role: 'it' }, export: { role: 'it' }, add: false, edit: false, delete: false },
});
