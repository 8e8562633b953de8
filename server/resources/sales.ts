// The daily sales' SQL (common/resources/sales.ts): each sale with its store and the store's state, scoped
// to the user's stores, and the tables of totals and counts that keep a million rows quick to list. The
// state is the code kept on the store (migration 011), so sorting and grouping by state walk the index of
// stores by state and number: a state's rows come store by store (sortTies).
import { sales } from '../../common/resources/sales.ts';
import { defineResourceSql } from './resource-def.ts';
import { saleDayAfterOpening } from './sale-day.ts';
import { storeRows } from '../stores/visible-stores.ts';

// The sums the totals tables keep (row_count, sales, transactions, margin_sum: migrations 003, 016, 017), read
// the same way from each under the base alias.
const keptSums = {
  SaleDate: 'coalesce(sum(sa.row_count), 0)::int8',
  Sales: 'sum(sa.sales)',
  Transactions: 'sum(sa.transactions)::int8',
  Margin: 'sum(sa.margin_sum) / sum(sa.row_count)',
} as const;

export const salesDef = defineResourceSql(sales, {
  table: 'sales',
  alias: 'sa',
  joins: [{ alias: 's', table: 'stores', on: 's.store_id = sa.store_id' }],
  columns: {
    SaleID: 'sa.sale_id',
    StoreID: 'sa.store_id',
    StoreNumber: { sql: 's.store_number', join: 's' },
    StoreName: { sql: 's.name', join: 's' },
    // Kept from states.code by the database: a state's new code changes what this column reads.
    StateCode: { sql: 's.state_code', join: 's', reads: ['states'] },
    SaleDate: 'sa.sale_date',
    Sales: 'sa.sales',
    Transactions: 'sa.transactions',
    Margin: 'sa.margin',
    Version: 'sa.version',
  },
  scope: storeRows('StoreID'),
  rowCheck: saleDayAfterOpening,
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
  // Per day over all stores (migration 017): deep pages in date order and groups by date, unscoped.
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
});
