// The stores' SQL (common/resources/stores.ts): each store with its state and group, scoped to the user's
// stores.
import { stores } from '../../common/resources/stores.ts';
import { defineResourceSql } from './resource-def.ts';
import { storeRows } from '../stores/visible-stores.ts';
import { openingBeforeSales } from './store-opening.ts';

export const storesDef = defineResourceSql(stores, {
  table: 'stores',
  alias: 's',
  joins: [
    { alias: 'st', table: 'states', on: 'st.state_id = s.state_id' },
    { alias: 'g', table: 'groups', on: 'g.group_id = s.group_id' },
  ],
  columns: {
    StoreID: 's.store_id',
    StoreNumber: 's.store_number',
    Name: 's.name',
    City: 's.city',
    StateID: 's.state_id',
    StateCode: { sql: 'st.code', join: 'st' },
    GroupID: 's.group_id',
    GroupName: { sql: 'g.name', join: 'g' },
    OpenDate: 's.open_date',
    IsActive: 's.is_active',
    Version: 's.version',
  },
  updatedAt: 'update_date',
  scope: storeRows('StoreID'),
  rowCheck: openingBeforeSales,
  // Unique within a region, which is what a regional user sees (migration 009): the refusal names the number.
  constraints: { stores_number_in_region_key: { field: 'StoreNumber', message: 'unique' } },
});
