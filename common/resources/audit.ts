// The audit log: every change made through the table API (who, when, action, key, before and after). Who is
// the name kept with the entry: it outlives the account.
// Read-only, for administrators.
import { defineResource } from './types.ts';

export const audit = defineResource({
  name: 'audit',
  title: 'Audit log',
  table: 'audit_log',
  alias: 'a',
  key: 'AuditID',
  columns: [
    { name: 'AuditID', sql: 'a.audit_id', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true },
    { name: 'At', sql: 'a.at', label: 'When', type: 'datetime', format: 'datetime', sortable: true, total: 'count' },
    { name: 'UserName', sql: 'a.user_name', label: 'Who', type: 'text', format: 'text', searchable: true },
    { name: 'Resource', sql: 'a.resource', label: 'Table', type: 'text', format: 'text', sortable: true, searchable: true },
    { name: 'Action', sql: 'a.action', label: 'Action', type: 'text', format: 'text', sortable: true, searchable: true },
    { name: 'RowKey', sql: 'a.row_key', label: 'Key', type: 'text', format: 'text', searchable: true },
    { name: 'Before', sql: `coalesce(a.before::text, '')`, label: 'Before', type: 'text', format: 'text', hiddenOnMobile: true },
    { name: 'After', sql: `coalesce(a.after::text, '')`, label: 'After', type: 'text', format: 'text', hiddenOnMobile: true },
  ],
  fields: [],
  defaultSort: [{ column: 'At', dir: 'desc' }],
  pageSize: 25,
  access: { list: { admin: true }, export: { admin: true }, add: false, edit: false, delete: false },
});
