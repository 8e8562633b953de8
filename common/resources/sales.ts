// Daily sales facts per store: the big table (550k rows in the demo, 1M+ in benchmarks). Sortable columns
// are the indexed ones; store columns come from a join and are scoped to the user's stores.
import { defineResource, versionColumn } from './types.ts';

export const sales = defineResource({
  name: 'sales',
  title: 'Daily sales',
  table: 'sales',
  alias: 'sa',
  joins: [
    { alias: 's', table: 'stores', on: 's.store_id = sa.store_id' },
    { alias: 'st', table: 'states', on: 'st.state_id = s.state_id', through: 's' },
  ],
  key: 'SaleID',
  version: 'Version',
  columns: [
    { name: 'SaleID', sql: 'sa.sale_id', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true },
    { name: 'StoreID', sql: 'sa.store_id', label: 'Store ID', type: 'integer', format: 'text', sortable: true, hidden: true },
    { name: 'StoreNumber', sql: 's.store_number', join: 's', label: 'Store #', type: 'integer', format: 'text', sortable: true, searchable: true },
    { name: 'StoreName', sql: 's.name', join: 's', label: 'Store', type: 'text', format: 'text', sortable: true, searchable: true },
    { name: 'StateCode', sql: 'st.code', join: 'st', label: 'State', type: 'text', format: 'text', searchable: true, hiddenOnMobile: true },
    { name: 'SaleDate', sql: 'sa.sale_date', label: 'Date', type: 'date', format: 'date', sortable: true, total: 'count' },
    { name: 'Sales', sql: 'sa.sales', label: 'Sales', type: 'number', format: 'currency', sortable: true, total: 'sum', digits: { whole: 12, decimals: 2 } },
    { name: 'Transactions', sql: 'sa.transactions', label: 'Transactions', type: 'integer', format: 'integer', sortable: true, total: 'sum', hiddenOnMobile: true, digits: { whole: 10, decimals: 0 } },
    { name: 'Margin', sql: 'sa.margin', label: 'Margin', type: 'number', format: 'percent', sortable: true, total: 'avg', digits: { whole: 2, decimals: 4 } },
    versionColumn('sa'),
  ],
  fields: [
    { name: 'StoreID', label: 'Store', input: 'select', rules: { required: true, digit: true }, options: { resource: 'stores', value: 'StoreID', label: 'Name' }, on: ['add'] },
    { name: 'SaleDate', label: 'Date', input: 'date', rules: { required: true }, on: ['add'] },
    { name: 'Sales', label: 'Sales', input: 'number', rules: { required: true, number: true, min: 0, max: 999999999, step: 0.01 } },
    { name: 'Transactions', label: 'Transactions', input: 'number', rules: { required: true, digit: true, max: 1000000 } },
    // The column keeps four decimals of the fraction (two of the percentage shown): finer is refused, not rounded.
    { name: 'Margin', label: 'Margin (fraction)', input: 'number', rules: { required: true, number: true, min: -1, max: 1, pattern: '-?\\d*(\\.\\d{1,4})?' } },
  ],
  defaultSort: [{ column: 'SaleDate', dir: 'desc' }],
  pageSize: 25,
  scope: { stores: 'StoreID' },
  dimension: { joins: ['s', 'st'], key: 'StoreID', keyType: 'int', id: 's.store_id' },
  access: { list: { role: 'sales' }, export: { role: 'sales' }, add: { role: 'sales' }, edit: { role: 'sales' }, delete: { admin: true } },
  // Per store and month, kept by the triggers of migration 003: every filter sales offers is on stores.
  totalsTable: {
    table: 'sales_store_month_totals',
    keeps: ['StoreID'],
    buckets: { column: 'SaleDate', start: 'month', length: '1 month' },
    rows: 'sum(sa.row_count)',
    totals: {
      SaleDate: 'coalesce(sum(sa.row_count), 0)::int8',
      Sales: 'sum(sa.sales)',
      Transactions: 'sum(sa.transactions)::int8',
      Margin: 'sum(sa.margin_sum) / sum(sa.row_count)',
    },
  },
  // Per store and value range of each amount (migration 005): deep pages in amount order.
  valueCounts: {
    table: 'sales_store_value_counts',
    keeps: ['StoreID'],
    measures: { Sales: 'sales', Transactions: 'transactions', Margin: 'margin' },
  },
});
