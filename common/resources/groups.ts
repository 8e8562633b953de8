// Groups: the regions that users and stores belong to (store visibility follows them). Administrators only.
import { defineResource, Version } from './types.ts';

export const groups = defineResource({
  name: 'groups',
  title: 'Groups',
  screen: '/admin/groups',
  menu: { section: 'administration', icon: 'users', order: 170 },
  key: 'GroupID',
  version: 'Version',
  columns: [
    { name: 'GroupID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true },
    { name: 'Code', label: 'Code', type: 'text', format: 'text', sortable: true, searchable: true, total: 'count' },
    { name: 'Name', label: 'Name', type: 'text', format: 'text', sortable: true, searchable: true },
    { name: 'Description', label: 'Description', type: 'text', format: 'text', searchable: true, hiddenOnMobile: true },
    Version,
  ],
  fields: [
    { name: 'Code', kind: 'text', rules: { required: true, pattern: '[A-Z0-9]{2,8}' } },
    { name: 'Name', kind: 'text', rules: { required: true, maxLength: 60 } },
    { name: 'Description', kind: 'textarea', rules: { maxLength: 400 } },
  ],
  defaultSort: [{ column: 'Name', dir: 'asc' }],
  pageSize: 25,
  access: { list: { admin: true }, export: { admin: true }, add: { admin: true }, edit: { admin: true }, delete: { admin: true } },
});
