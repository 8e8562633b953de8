// Daily sales facts per store: the big table (550k rows in the demo, 1M+ in benchmarks). Sortable columns
// are the indexed ones (the state through the stores' index by state: server/resources/sales.ts); store
// columns come from the store, and users see the sales of the stores they may see.
import { defineResource, Version } from './types.ts';
import { StateCode } from './shared-columns.ts';

export const sales = defineResource({
  name: 'sales',
  title: 'Daily sales',
  screen: '/sales',
  menu: { section: 'sales', icon: 'table', order: 70 },
  key: 'SaleID',
  version: 'Version',
  columns: [
    { name: 'SaleID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true },
    { name: 'StoreID', label: 'Store ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true },
    { name: 'StoreNumber', label: 'Store #', type: 'integer', format: 'text', sortable: true, searchable: true },
    { name: 'StoreName', label: 'Store', type: 'text', format: 'text', sortable: true, searchable: true },
    { ...StateCode, hiddenOnMobile: true },
    { name: 'SaleDate', label: 'Date', type: 'date', format: 'date', sortable: true, total: 'count' },
    { name: 'Sales', label: 'Sales', type: 'number', format: 'currency', sortable: true, total: 'sum', digits: { whole: 12, decimals: 2 } },
    {
      name: 'Transactions',
      label: 'Transactions',
      type: 'integer',
      format: 'integer',
      sortable: true,
      total: 'sum',
      hiddenOnMobile: true,
      digits: { whole: 10, decimals: 0 },
    },
    { name: 'Margin', label: 'Margin', type: 'number', format: 'percent', sortable: true, total: 'avg', digits: { whole: 2, decimals: 4 } },
    Version,
  ],
  fields: [
    {
      name: 'StoreID',
      label: 'Store',
      kind: 'select',
      rules: { required: true, digit: true },
      options: { resource: 'stores', value: 'StoreID', label: 'Name' },
      on: ['add'],
    },
    // A day that has come (the server also holds it to the store's opening day: server/resources/sale-day.ts).
    { name: 'SaleDate', kind: 'date', rules: { required: true, notAfterToday: true }, on: ['add'] },
    { name: 'Sales', kind: 'number', rules: { required: true, number: true, min: 0, max: 999999999, step: 0.01 } },
    { name: 'Transactions', kind: 'number', rules: { required: true, digit: true, max: 1000000 } },
    // The column keeps four decimals of the fraction (two of the percentage shown): finer is refused, not rounded.
    {
      name: 'Margin',
      label: 'Margin (fraction)',
      kind: 'number',
      rules: { required: true, number: true, min: -1, max: 1, pattern: '-?\\d*(\\.\\d{1,4})?' },
    },
  ],
  defaultSort: [{ column: 'SaleDate', dir: 'desc' }],
  pageSize: 25,
  access: { list: { role: 'sales' }, export: { role: 'sales' }, add: { role: 'sales' }, edit: { role: 'sales' }, delete: { admin: true } },
});
