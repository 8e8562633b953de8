// Daily sales facts per store: the big table (550k rows in the demo, 10M at a chain's size). Each sale with
// its store and the store's state, scoped to the user's stores, and the tables of totals and counts that keep
// millions of rows quick to list. Sortable columns are the indexed ones. The state is the code kept on the
// store (migration 011), so sorting and grouping by state walk the index of stores by state and number: a
// state's rows come store by store (sortTies). A sale's day is one that has come, on or after its store
// opened (sale-day.ts). A sale written answers its day's "Daily sales missing" alerts (followUp).
import { Version } from '../../common/resources/types.ts';
import { salesArrival } from '../inbox/system/missing-sales-arrived.ts';
import { storeRows } from '../stores/visible-stores.ts';
import { defineResource, reference } from './define.ts';
import { saleDayAfterOpening, saleDaysAfterOpening } from './sale-day.ts';
import { storesDef } from './stores.ts';

// The sums the totals tables keep (row_count, sales, transactions, margin_sum: migrations 003, 016, 017, 034), read
// the same way from each under the base alias.
const keptSums = {
  SaleDate: 'coalesce(sum(sa.row_count), 0)::int8',
  Sales: 'sum(sa.sales)',
  Transactions: 'sum(sa.transactions)::int8',
  Margin: 'sum(sa.margin_sum) / sum(sa.row_count)',
} as const;

export const salesDef = defineResource({
  name: 'sales',
  title: 'Daily sales',
  screen: '/sales',
  menu: { section: 'sales', icon: 'table', order: 70 },
  table: 'sales',
  alias: 'sa',
  key: 'SaleID',
  version: 'Version',
  columns: [
    { name: 'SaleID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true, sql: 'sa.sale_id' },
    // Chosen when the sale is added, for good; a filter on the store is typed, not picked from thousands.
    reference(storesDef, {
      key: 'StoreID',
      sql: 'sa.store_id',
      alias: 's',
      label: 'Store',
      // On a phone the store's name, its number in the row's details: the date and figures keep their room.
      shows: { StoreNumber: { from: 'StoreNumber', hiddenOnMobile: true }, StoreName: { from: 'Name', label: 'Store' } },
      // Names repeat across a chain: each choice says the store's number and state too.
      picks: 'Choice',
      offersChoices: false,
      keySortable: true,
      field: { on: ['add'] },
    }),
    // Kept from states.code by the database: a state's new code changes what this column reads.
    {
      name: 'StateCode',
      label: 'State',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      hiddenOnMobile: true,
      choicesFrom: { resource: 'states', column: 'Code' },
      sql: 's.state_code',
      join: 's',
      reads: ['states'],
    },
    // A day that has come (the server also holds it to the store's opening day: sale-day.ts).
    {
      name: 'SaleDate',
      label: 'Date',
      type: 'date',
      format: 'date',
      sortable: true,
      total: 'count',
      sql: 'sa.sale_date',
      field: { kind: 'date', rules: { required: true, notAfterToday: true }, on: ['add'] },
    },
    {
      name: 'Sales',
      label: 'Sales',
      type: 'number',
      format: 'currency',
      sortable: true,
      total: 'sum',
      digits: { whole: 12, decimals: 2 },
      sql: 'sa.sales',
      field: { kind: 'number', rules: { required: true, number: true, min: 0, max: 999999999, step: 0.01 } },
    },
    {
      name: 'Transactions',
      label: 'Transactions',
      type: 'integer',
      format: 'integer',
      sortable: true,
      total: 'sum',
      hiddenOnMobile: true,
      digits: { whole: 10, decimals: 0 },
      sql: 'sa.transactions',
      field: { kind: 'number', rules: { required: true, digit: true, max: 1000000 } },
    },
    // The column keeps four decimals of the fraction (two of the percentage typed and shown): finer is refused, not rounded.
    {
      name: 'Margin',
      label: 'Margin',
      type: 'number',
      format: 'percent',
      sortable: true,
      total: 'avg',
      digits: { whole: 2, decimals: 4 },
      hiddenOnMobile: true,
      sql: 'sa.margin',
      // Typed as the percentage the column shows, with its two decimals: -100% to 100%.
      field: {
        label: 'Margin (%)',
        kind: 'number',
        percent: true,
        rules: { required: true, number: true, min: -100, max: 100, pattern: '-?\\d*(\\.\\d{1,2})?' },
      },
    },
    { ...Version, sql: 'sa.version' },
  ],
  defaultSort: [{ column: 'SaleDate', dir: 'desc' }],
  // A store's day.
  names: ['StoreNumber', 'SaleDate'],
  pageSize: 25,
  access: { list: { role: 'sales' }, export: { role: 'sales' }, add: { role: 'sales' }, edit: { role: 'sales' }, delete: { admin: true } },
  scope: storeRows('StoreID'),
  // One row a store and day: a second is refused on its day, saying why in the business's words.
  constraints: { sales_store_id_sale_date_key: { field: 'SaleDate', message: 'saleDayTaken' } },
  rowCheck: saleDayAfterOpening,
  importKeyCheck: saleDaysAfterOpening,
  // Whoever writes them (the table API, an import, the feed): their stores' days no longer missing.
  followUp: salesArrival,
  // A file names a sale by its store's number and its day; the store is found by its number among the user's.
  import: { key: ['StoreNumber', 'SaleDate'], finds: { StoreID: { by: 'StoreNumber', there: 'StoreNumber' } } },
  dimension: { joins: ['s'], key: 'StoreID', keyType: 'int', id: 's.store_id' },
  sortTies: { StateCode: ['StoreNumber'] },
  // Per store and month, kept by the triggers of migration 003: every filter sales offers is on stores.
  totalsTable: {
    table: 'sales_store_month_totals',
    // And per store over all days (migration 016): a row a store for counts, footer totals and groups.
    coarse: 'sales_store_totals',
    keeps: ['StoreID'],
    buckets: { column: 'SaleDate', start: 'month', length: '1 month' },
    rows: 'sum(sa.row_count)',
    totals: keptSums,
  },
  // Per day over all stores (migration 017), a row per shard of stores (030), summed per day as `rows` and
  // `totals` read them: deep pages in date order and groups by date, unscoped.
  bucketTotals: {
    table: 'sales_day_totals',
    keeps: ['SaleDate'],
    buckets: { column: 'SaleDate', start: 'sale_date', length: '1 day' },
    rows: 'sum(sa.row_count)',
    totals: keptSums,
  },
  // Per store and value range of each amount (migration 005): deep pages in amount order.
  valueCounts: {
    table: 'sales_store_value_counts',
    keeps: ['StoreID'],
    measures: { Sales: 'sales', Transactions: 'transactions', Margin: 'margin' },
    // And per finer range over all stores (migration 018), for lists that name no store.
    finer: { table: 'sales_value_counts', keeps: [] },
  },
  // Sums per the finer ranges of each amount over all stores (migration 034): footer totals of a range filter.
  valueSums: {
    table: 'sales_value_sums',
    measures: { Sales: 'sales', Transactions: 'transactions', Margin: 'margin' },
    fromRow: { row_count: '1', sales: 'sa.sales', transactions: 'sa.transactions', margin_sum: 'sa.margin' },
    rows: 'sum(sa.row_count)',
    totals: keptSums,
  },
});
