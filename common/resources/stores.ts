// Stores: every store with its number, city, state, group, open date and status; scoped to the stores the
// user may see and has selected.
import { defineResource, Version } from './types.ts';
import { GroupName, StateCode } from './shared-columns.ts';

export const stores = defineResource({
  name: 'stores',
  title: 'Stores',
  screen: '/stores',
  menu: { section: 'stores', icon: 'store', order: 30 },
  key: 'StoreID',
  version: 'Version',
  columns: [
    { name: 'StoreID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true },
    { name: 'StoreNumber', label: 'Store #', type: 'integer', format: 'text', sortable: true, searchable: true, total: 'count' },
    { name: 'Name', label: 'Name', type: 'text', format: 'text', sortable: true, searchable: true },
    { name: 'City', label: 'City', type: 'text', format: 'text', sortable: true, searchable: true, hiddenOnMobile: true },
    { name: 'StateID', label: 'State ID', type: 'integer', format: 'text', hidden: true, internal: true },
    StateCode,
    { name: 'GroupID', label: 'Group ID', type: 'integer', format: 'text', hidden: true, internal: true },
    { ...GroupName, hiddenOnMobile: true },
    { name: 'OpenDate', label: 'Opened', type: 'date', format: 'date', sortable: true, hiddenOnMobile: true },
    { name: 'IsActive', label: 'Active', type: 'boolean', format: 'boolean', sortable: true },
    Version,
  ],
  fields: [
    { name: 'StoreNumber', kind: 'number', rules: { required: true, digit: true, min: 1, max: 999999 } },
    { name: 'Name', kind: 'text', rules: { required: true, maxLength: 60 } },
    { name: 'City', kind: 'text', rules: { required: true, maxLength: 60 } },
    {
      name: 'StateID',
      label: 'State',
      kind: 'select',
      rules: { required: true, digit: true },
      options: { resource: 'states', value: 'StateID', label: 'Name' },
    },
    {
      name: 'GroupID',
      label: 'Group',
      kind: 'select',
      rules: { required: true, digit: true },
      options: { resource: 'groups', value: 'GroupID', label: 'Name' },
    },
    { name: 'OpenDate', kind: 'date', rules: { required: true } },
    { name: 'IsActive', kind: 'flag' },
  ],
  defaultSort: [{ column: 'StoreNumber', dir: 'asc' }],
  pageSize: 25,
  access: {
    list: { role: 'stores' },
    export: { role: 'stores' },
    add: { role: 'stores' },
    edit: { role: 'stores' },
    delete: { admin: true },
  },
});
