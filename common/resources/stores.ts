// Stores: every store with its number, city, state, group, open date and status; scoped to the stores the
// user may see and has selected.
import { defineResource, versionColumn } from './types.ts';

export const stores = defineResource({
  name: 'stores',
  title: 'Stores',
  table: 'stores',
  alias: 's',
  joins: [
    { alias: 'st', table: 'states', on: 'st.state_id = s.state_id' },
    { alias: 'g', table: 'groups', on: 'g.group_id = s.group_id' },
  ],
  key: 'StoreID',
  version: 'Version',
  updatedAt: 'update_date',
  columns: [
    { name: 'StoreID', sql: 's.store_id', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true },
    { name: 'StoreNumber', sql: 's.store_number', label: 'Store #', type: 'integer', format: 'text', sortable: true, searchable: true, total: 'count' },
    { name: 'Name', sql: 's.name', label: 'Name', type: 'text', format: 'text', sortable: true, searchable: true },
    { name: 'City', sql: 's.city', label: 'City', type: 'text', format: 'text', sortable: true, searchable: true, hiddenOnMobile: true },
    { name: 'StateID', sql: 's.state_id', label: 'State ID', type: 'integer', format: 'text', hidden: true },
    { name: 'StateCode', sql: 'st.code', join: 'st', label: 'State', type: 'text', format: 'text', sortable: true, searchable: true },
    { name: 'GroupID', sql: 's.group_id', label: 'Group ID', type: 'integer', format: 'text', hidden: true },
    { name: 'GroupName', sql: 'g.name', join: 'g', label: 'Group', type: 'text', format: 'text', sortable: true, searchable: true, hiddenOnMobile: true },
    { name: 'OpenDate', sql: 's.open_date', label: 'Opened', type: 'date', format: 'date', sortable: true, hiddenOnMobile: true },
    { name: 'IsActive', sql: 's.is_active', label: 'Active', type: 'boolean', format: 'boolean', sortable: true },
    versionColumn('s'),
  ],
  fields: [
    { name: 'StoreNumber', label: 'Store #', input: 'number', rules: { required: true, digit: true, min: 1, max: 999999 } },
    { name: 'Name', label: 'Name', input: 'text', rules: { required: true, maxLength: 60 } },
    { name: 'City', label: 'City', input: 'text', rules: { required: true, maxLength: 60 } },
    { name: 'StateID', label: 'State', input: 'select', rules: { required: true, digit: true }, options: { resource: 'states', value: 'StateID', label: 'Name' } },
    { name: 'GroupID', label: 'Group', input: 'select', rules: { required: true, digit: true }, options: { resource: 'groups', value: 'GroupID', label: 'Name' } },
    { name: 'OpenDate', label: 'Opened', input: 'date', rules: { required: true } },
    { name: 'IsActive', label: 'Active', input: 'checkbox', rules: {} },
  ],
  defaultSort: [{ column: 'StoreNumber', dir: 'asc' }],
  pageSize: 25,
  scope: { stores: 'StoreID' },
  access: { list: { role: 'stores' }, export: { role: 'stores' }, add: { role: 'stores' }, edit: { role: 'stores' }, delete: { admin: true } },
});
