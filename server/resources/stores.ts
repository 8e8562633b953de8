// Stores: every store with its number, city, state, group, open date and status, scoped to the stores the
// user may see and has selected. A store's number is unique within its region (migration 009), and its
// opening day stays on or before its first sale's (store-opening.ts).
import { Version } from '../../common/resources/types.ts';
import { storeRows } from '../stores/visible-stores.ts';
import { defineResource, reference } from './define.ts';
import { groupsDef } from './groups.ts';
import { statesDef } from './states.ts';
import { openingBeforeSales } from './store-opening.ts';

export const storesDef = defineResource({
  name: 'stores',
  title: 'Stores',
  screen: '/stores',
  menu: { section: 'stores', icon: 'store', order: 30 },
  table: 'stores',
  alias: 's',
  key: 'StoreID',
  version: 'Version',
  columns: [
    { name: 'StoreID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true, sql: 's.store_id' },
    {
      name: 'StoreNumber',
      label: 'Store #',
      type: 'integer',
      format: 'text',
      sortable: true,
      searchable: true,
      total: 'count',
      sql: 's.store_number',
      field: { kind: 'number', rules: { required: true, digit: true, min: 1, max: 999999 } },
    },
    {
      name: 'Name',
      label: 'Name',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      sql: 's.name',
      field: { kind: 'text', rules: { required: true, maxLength: 60 } },
    },
    {
      name: 'City',
      label: 'City',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      hiddenOnMobile: true,
      sql: 's.city',
      field: { kind: 'text', rules: { required: true, maxLength: 60 } },
    },
    reference(statesDef, { key: 'StateID', sql: 's.state_id', alias: 'st', label: 'State', shows: { StateCode: 'Code' }, picks: 'Name' }),
    reference(groupsDef, {
      key: 'GroupID',
      sql: 's.group_id',
      alias: 'g',
      label: 'Group',
      shows: { GroupName: 'Name' },
      column: { hiddenOnMobile: true },
    }),
    {
      name: 'OpenDate',
      label: 'Opened',
      type: 'date',
      format: 'date',
      sortable: true,
      hiddenOnMobile: true,
      sql: 's.open_date',
      field: { kind: 'date', rules: { required: true } },
    },
    { name: 'IsActive', label: 'Active', type: 'boolean', format: 'boolean', sortable: true, sql: 's.is_active', field: { kind: 'flag' } },
    // What a store is called where one is chosen (a sale's store): names repeat across a chain, so its number
    // and state with it, "Springfield Downtown (#1012, IL)". ASCII, as the server's bundle keeps it.
    {
      name: 'Choice',
      label: 'Store',
      type: 'text',
      format: 'text',
      hidden: true,
      internal: true,
      sql: `s.name || ' (#' || s.store_number || ', ' || st.code || ')'`,
      join: 'st',
    },
    { ...Version, sql: 's.version' },
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
  updatedAt: 'update_date',
  scope: storeRows('StoreID'),
  rowCheck: openingBeforeSales,
  // A file names a store by its number; its state by code and its group by name, as the table shows them.
  import: {
    key: ['StoreNumber'],
    finds: { StateID: { by: 'StateCode', there: 'Code' }, GroupID: { by: 'GroupName', there: 'Name' } },
  },
  // Unique within a region, which is what a regional user sees (migration 009): the refusal names the number.
  constraints: { stores_number_in_region_key: { field: 'StoreNumber', message: 'unique' } },
});
