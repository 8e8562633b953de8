// The audit log: every change made through the table API (who, when, action, key, before and after). Who is
// the name kept with the entry: it outlives the account. Changes says what moved as people read it, "label:
// old → new" a line (server/audit/field-changes.ts); the records before and after, as stored (JSON), are
// there to show too. Read-only, for administrators.
import { defineResource } from './types.ts';

export const audit = defineResource({
  name: 'audit',
  title: 'Audit log',
  screen: '/admin/audit',
  menu: { section: 'administration', icon: 'list', order: 190 },
  key: 'AuditID',
  columns: [
    { name: 'AuditID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true },
    { name: 'At', label: 'When', type: 'datetime', format: 'datetime', sortable: true, total: 'count' },
    {
      name: 'UserName',
      label: 'Who',
      type: 'text',
      format: 'text',
      searchable: true,
      choicesFrom: { resource: 'audit', column: 'UserName' },
    },
    {
      name: 'Resource',
      label: 'Table',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      hiddenOnMobile: true,
      choicesFrom: { resource: 'audit', column: 'Resource' },
    },
    { name: 'Action', label: 'Action', type: 'text', format: 'text', sortable: true, searchable: true, hiddenOnMobile: true },
    { name: 'RowKey', label: 'Key', type: 'text', format: 'text', searchable: true, hiddenOnMobile: true },
    { name: 'Changes', label: 'Changes', type: 'text', format: 'text' },
    { name: 'Before', label: 'Before', type: 'text', format: 'text', hidden: true },
    { name: 'After', label: 'After', type: 'text', format: 'text', hidden: true },
  ],
  fields: [],
  defaultSort: [{ column: 'At', dir: 'desc' }],
  pageSize: 25,
  access: { list: { admin: true }, export: { admin: true }, add: false, edit: false, delete: false },
});
