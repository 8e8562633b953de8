// Type-level tests of resource definitions, checked by `tsc -p .` (npm run typecheck) and never run: each
// `@ts-expect-error` line holds a misspelt or misplaced name, so the check fails if the compiler stops
// refusing it. The first two definitions (a browser-safe half and its SQL half) are well formed and must
// compile as they are.
import { defineRegistry, defineResource, Version } from '../../common/resources/types.ts';
import { defineResourceSql } from '../../server/resources/resource-def.ts';
import type { TableName } from '../../server/db/table-changes.ts';
import { storeRows } from '../../server/stores/visible-stores.ts';

const shops = defineResource({
  name: 'shops',
  title: 'Shops',
  key: 'ShopID',
  version: 'Version',
  columns: [
    { name: 'ShopID', label: 'ID', type: 'integer', format: 'text', sortable: true },
    { name: 'Name', label: 'Name', type: 'text', format: 'text', sortable: true, total: 'count' },
    { name: 'Region', label: 'Region', type: 'text', format: 'text' },
    { name: 'Takings', label: 'Takings', type: 'number', format: 'currency', sortable: true, total: 'sum' },
    { name: 'IsOpen', label: 'Open', type: 'boolean', format: 'boolean' },
    Version,
  ],
  fields: [
    { name: 'Name', label: 'Name', kind: 'text', rules: { required: true } },
    { name: 'Takings', label: 'Takings', kind: 'number', rules: { number: true } },
  ],
  defaultSort: [{ column: 'Name', dir: 'asc' }],
  pageSize: 25,
  guardedRows: { when: 'IsOpen', access: { admin: true } },
  ownAccount: { unchangeable: ['Name'] },
  access: { list: {}, export: {}, add: {}, edit: {}, delete: {} },
});

const shopsSql = {
  // A table of no migration: a definition's own table is one of tableNames (server/db/table-changes.ts).
  table: 'shops' as TableName,
  alias: 'sh',
  joins: [{ alias: 'r', table: 'regions', on: 'r.region_id = sh.region_id' }],
  columns: {
    ShopID: 'sh.shop_id',
    Name: 'sh.name',
    Region: { sql: 'r.name', join: 'r' },
    Takings: 'sh.takings',
    IsOpen: 'sh.is_open',
    Version: 'sh.version',
  },
  scope: storeRows('ShopID'),
  constraints: { shops_name_key: { field: 'Name', message: 'unique' } },
  dimension: { joins: ['r'], key: 'ShopID', keyType: 'int', id: 'r.region_id' },
  totalsTable: { table: 'shop_totals', keeps: ['ShopID'], rows: 'sum(sh.n)', totals: { Name: 'sum(sh.n)', Takings: 'sum(sh.takings)' } },
  valueCounts: { table: 'shop_counts', keeps: ['ShopID'], measures: { Takings: 'takings' } },
} as const;
defineResourceSql(shops, shopsSql);

// The browser-safe half.

const base = {
  name: 'tills',
  title: 'Till',
  pageSize: 25,
  access: { list: {}, export: {}, add: {}, edit: {}, delete: {} },
} as const;
const tillColumns = [
  { name: 'TillID', label: 'ID', type: 'integer', format: 'text', sortable: true },
  { name: 'ShopID', label: 'Shop', type: 'integer', format: 'text' },
  { name: 'Label', label: 'Label', type: 'text', format: 'text', sortable: true, total: 'count' },
  Version,
] as const;

defineResource({
  ...base,
  // @ts-expect-error the key names an integer column
  key: 'Label',
  columns: tillColumns,
  fields: [],
  defaultSort: [],
});

defineResource({
  ...base,
  key: 'TillID',
  // @ts-expect-error the version column is misspelt
  version: 'Verison',
  columns: tillColumns,
  fields: [],
  defaultSort: [],
});

defineResource({
  ...base,
  key: 'TillID',
  columns: tillColumns,
  fields: [],
  // @ts-expect-error the default sort's column is misspelt
  defaultSort: [{ column: 'Lable', dir: 'asc' }],
});

defineResource({
  ...base,
  key: 'TillID',
  columns: tillColumns,
  fields: [],
  // @ts-expect-error the default sort's column is not sortable
  defaultSort: [{ column: 'ShopID', dir: 'asc' }],
});

defineResource({
  ...base,
  key: 'TillID',
  columns: tillColumns,
  // @ts-expect-error a field edits a column the definition declares
  fields: [{ name: 'Lable', label: 'Label', kind: 'text' }],
  defaultSort: [],
});

defineResource({
  ...base,
  key: 'TillID',
  columns: tillColumns,
  fields: [{ name: 'Label', label: 'Label', kind: 'text' }],
  defaultSort: [],
  // @ts-expect-error an account's unchangeable fields are fields
  ownAccount: { unchangeable: ['TillID'] },
});

defineResource({
  ...base,
  key: 'TillID',
  columns: tillColumns,
  fields: [],
  defaultSort: [],
  // @ts-expect-error guarded rows are told by a boolean column
  guardedRows: { when: 'Label', access: { admin: true } },
});

defineResource({
  ...base,
  key: 'TillID',
  // @ts-expect-error the browser-safe half holds no SQL
  columns: [...tillColumns, { name: 'ShopName', sql: 'sh.name', label: 'Shop', type: 'text', format: 'text' }],
  fields: [],
  defaultSort: [],
});

// The registry: each select field's choices.

const tills = defineResource({
  ...base,
  key: 'TillID',
  columns: tillColumns,
  fields: [{ name: 'ShopID', label: 'Shop', kind: 'select', options: { resource: 'shops', value: 'ShopID', label: 'Nmae' } }],
  defaultSort: [],
});
// @ts-expect-error a field's choices name a label column of the resource they come from
defineRegistry([shops, tills]);

const strayTills = defineResource({
  ...base,
  key: 'TillID',
  columns: tillColumns,
  fields: [{ name: 'ShopID', label: 'Shop', kind: 'select', options: { resource: 'shop', value: 'ShopID', label: 'Name' } }],
  defaultSort: [],
});
// @ts-expect-error a field's choices come from a resource of the registry
defineRegistry([shops, strayTills]);

const textValuedTills = defineResource({
  ...base,
  key: 'TillID',
  columns: tillColumns,
  fields: [{ name: 'ShopID', label: 'Shop', kind: 'select', options: { resource: 'shops', value: 'Name', label: 'Name' } }],
  defaultSort: [],
});
// @ts-expect-error a field's choices are valued by an integer column
defineRegistry([shops, textValuedTills]);

const flaggedTills = defineResource({
  ...base,
  key: 'TillID',
  columns: tillColumns,
  fields: [{ name: 'ShopID', label: 'Shop', kind: 'select', options: { resource: 'shops', value: 'ShopID', label: 'Name', only: 'Name' } }],
  defaultSort: [],
});
// @ts-expect-error a field's choices are narrowed by a boolean column
defineRegistry([shops, flaggedTills]);

defineRegistry([
  shops,
  defineResource({
    ...flaggedTills,
    fields: [
      { name: 'ShopID', label: 'Shop', kind: 'select', options: { resource: 'shops', value: 'ShopID', label: 'Name', only: 'IsOpen' } },
    ],
  }),
]);

// The SQL half: it names only what the browser-safe half declares, and gives every column its expression.

defineResourceSql(shops, {
  ...shopsSql,
  // @ts-expect-error every column has its expression
  columns: { ShopID: 'sh.shop_id', Name: 'sh.name', Region: { sql: 'r.name', join: 'r' }, Takings: 'sh.takings', Version: 'sh.version' },
});

defineResourceSql(shops, {
  ...shopsSql,
  // @ts-expect-error no expression for a column the browser-safe half does not declare
  columns: { ...shopsSql.columns, Manager: 'sh.manager' },
});

defineResourceSql(shops, {
  ...shopsSql,
  // @ts-expect-error a column reads a declared join
  columns: { ...shopsSql.columns, Region: { sql: 'rg.name', join: 'rg' } },
});

defineResourceSql(shops, {
  ...shopsSql,
  // @ts-expect-error the row scope is on a column of the resource
  scope: storeRows('StoreID'),
});

defineResourceSql(shops, {
  ...shopsSql,
  // @ts-expect-error a constraint's message goes on a field
  constraints: { shops_region_key: { field: 'Region', message: 'unique' } },
});

defineResourceSql(shops, {
  ...shopsSql,
  // @ts-expect-error the dimension is made of declared joins
  dimension: { joins: ['rg'], key: 'ShopID', keyType: 'int', id: 'r.region_id' },
});

defineResourceSql(shops, {
  ...shopsSql,
  // @ts-expect-error the dimension's key is an integer column
  dimension: { joins: ['r'], key: 'Name', keyType: 'int', id: 'r.region_id' },
});

defineResourceSql(shops, {
  ...shopsSql,
  // @ts-expect-error the totals table keeps columns of the resource
  totalsTable: { ...shopsSql.totalsTable, keeps: ['shop_id'] },
});

defineResourceSql(shops, {
  ...shopsSql,
  // @ts-expect-error the totals table answers the footer totals by column name
  totalsTable: { ...shopsSql.totalsTable, totals: { Name: 'sum(sh.n)', Takngs: 'sum(sh.takings)' } },
});

defineResourceSql(shops, {
  ...shopsSql,
  // @ts-expect-error the totals table answers every footer total
  totalsTable: { ...shopsSql.totalsTable, totals: { Name: 'sum(sh.n)' } },
});

defineResourceSql(shops, {
  ...shopsSql,
  // @ts-expect-error the totals table's buckets are of a sortable column
  totalsTable: { ...shopsSql.totalsTable, buckets: { column: 'Region', start: 'month', length: '1 month' } },
});

defineResourceSql(shops, {
  ...shopsSql,
  // @ts-expect-error value counts are kept for sortable columns
  valueCounts: { ...shopsSql.valueCounts, measures: { Region: 'region' } },
});
