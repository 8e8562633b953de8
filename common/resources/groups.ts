// Groups: the regions that users and stores belong to (store visibility follows them). Administrators only.
import { defineResource, versionColumn } from './types.ts';

export const groups = defineResource({
  name: 'groups',
  title: 'Groups',
  table: 'groups',
  alias: 'g',
  key: 'GroupID',
  version: 'Version',
  columns: [
    { name: 'GroupID', sql: 'g.group_id', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true },
    { name: 'Code', sql: 'g.code', label: 'Code', type: 'text', format: 'text', sortable: true, searchable: true, total: 'count' },
    { name: 'Name', sql: 'g.name', label: 'Name', type: 'text', format: 'text', sortable: true, searchable: true },
    { name: 'Description', sql: 'g.description', label: 'Description', type: 'text', format: 'text', searchable: true, hiddenOnMobile: true },
    versionColumn('g'),
  ],
  fields: [
    { name: 'Code', label: 'Code', input: 'text', rules: { required: true, pattern: '[A-Z0-9]{2,8}' } },
    { name: 'Name', label: 'Name', input: 'text', rules: { required: true, maxLength: 60 } },
    { name: 'Description', label: 'Description', input: 'textarea', rules: { maxLength: 400 } },
  ],
  // Who does not see every store reaches only their own group (the one group a store they add may be in).
  scope: { group: 'GroupID' },
  // The head office group's code (HQ) is what makes its members see every store (migration 008).
  constraints: { groups_head_office_code: { field: 'Code', message: 'headOfficeCode' } },
  defaultSort: [{ column: 'Name', dir: 'asc' }],
  pageSize: 25,
  access: { list: { admin: true }, export: { admin: true }, add: { admin: true }, edit: { admin: true }, delete: { admin: true } },
});
