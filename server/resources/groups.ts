// Groups: the regions that users and stores belong to (store visibility follows them). Administrators only;
// who does not see every store reaches only their own group (the one group a store they add may be in).
import { Version } from '../../common/resources/types.ts';
import { groupRows } from '../stores/visible-stores.ts';
import { defineResource } from './define.ts';

export const groupsDef = defineResource({
  name: 'groups',
  title: 'Groups',
  screen: '/admin/groups',
  menu: { section: 'administration', icon: 'users', order: 170 },
  table: 'groups',
  alias: 'g',
  key: 'GroupID',
  version: 'Version',
  columns: [
    { name: 'GroupID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true, sql: 'g.group_id' },
    {
      name: 'Code',
      label: 'Code',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      total: 'count',
      sql: 'g.code',
      field: { kind: 'text', rules: { required: true, pattern: '[A-Z0-9]{2,8}' } },
    },
    {
      name: 'Name',
      label: 'Name',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      sql: 'g.name',
      field: { kind: 'text', rules: { required: true, maxLength: 60 } },
    },
    {
      name: 'Description',
      label: 'Description',
      type: 'text',
      format: 'text',
      searchable: true,
      hiddenOnMobile: true,
      sql: 'g.description',
      field: { kind: 'textarea', rules: { maxLength: 400 } },
    },
    { ...Version, sql: 'g.version' },
  ],
  defaultSort: [{ column: 'Name', dir: 'asc' }],
  names: ['Name'],
  pageSize: 25,
  access: { list: { admin: true }, export: { admin: true }, add: { admin: true }, edit: { admin: true }, delete: { admin: true } },
  scope: groupRows('GroupID'),
  // The head office group's code (HQ) is what makes its members see every store (migration 008).
  constraints: { groups_head_office_code: { field: 'Code', message: 'headOfficeCode' } },
});
