// Type-level tests of resource definitions, checked by `tsc -p .` (npm run typecheck) and never run: each
// `@ts-expect-error` line holds a misspelt or misplaced column name, so the check fails if the compiler
// stops refusing it. The first definition is well formed and must compile as it is.
import { defineRegistry, defineResource, versionColumn } from '../../common/resources/types.ts';

const shops = defineResource({
  name: 'shops',
  title: 'Shops',
  table: 'shops',
  alias: 'sh',
  key: 'ShopID',
  version: 'Version',
  columns: [
    { name: 'ShopID', sql: 'sh.shop_id', label: 'ID', type: 'integer', format: 'text', sortable: true },
    { name: 'Name', sql: 'sh.name', label: 'Name', type: 'text', format: 'text', sortable: true, total: 'count' },
    { name: 'Takings', sql: 'sh.takings', label: 'Takings', type: 'number', format: 'currency', sortable: true, total: 'sum' },
    versionColumn('sh'),
  ],
  fields: [
    { name: 'Name', label: 'Name', input: 'text', rules: { required: true } },
    { name: 'Takings', label: 'Takings', input: 'number', rules: { number: true } },
  ],
  defaultSort: [{ column: 'Name', dir: 'asc' }],
  pageSize: 25,
  ownAccount: { unchangeable: ['Name'] },
  constraints: { shops_name_key: { field: 'Name', message: 'unique' } },
  totalsTable: { table: 'shop_totals', keeps: ['ShopID'], rows: 'sum(sh.n)', totals: { Name: 'sum(sh.n)', Takings: 'sum(sh.takings)' } },
  valueCounts: { table: 'shop_counts', keeps: ['ShopID'], measures: { Takings: 'takings' } },
  access: { list: {}, export: {}, add: {}, edit: {}, delete: {} },
});

const base = {
  title: 'Till',
  table: 'tills',
  alias: 't',
  pageSize: 25,
  access: { list: {}, export: {}, add: {}, edit: {}, delete: {} },
} as const;
const tillColumns = [
  { name: 'TillID', sql: 't.till_id', label: 'ID', type: 'integer', format: 'text', sortable: true },
  { name: 'ShopID', sql: 't.shop_id', label: 'Shop', type: 'integer', format: 'text' },
  { name: 'Label', sql: 't.label', label: 'Label', type: 'text', format: 'text', sortable: true, total: 'count' },
  versionColumn('t'),
] as const;

defineResource({
  ...base,
  name: 'tills',
  // @ts-expect-error the key names an integer column
  key: 'Label',
  columns: tillColumns,
  fields: [],
  defaultSort: [],
});

defineResource({
  ...base,
  name: 'tills',
  key: 'TillID',
  // @ts-expect-error the version column is misspelt
  version: 'Verison',
  columns: tillColumns,
  fields: [],
  defaultSort: [],
});

defineResource({
  ...base,
  name: 'tills',
  key: 'TillID',
  columns: tillColumns,
  fields: [],
  // @ts-expect-error the default sort's column is misspelt
  defaultSort: [{ column: 'Lable', dir: 'asc' }],
});

defineResource({
  ...base,
  name: 'tills',
  key: 'TillID',
  columns: tillColumns,
  fields: [],
  // @ts-expect-error the default sort's column is not sortable
  defaultSort: [{ column: 'ShopID', dir: 'asc' }],
});

defineResource({
  ...base,
  name: 'tills',
  key: 'TillID',
  columns: tillColumns,
  // @ts-expect-error a field edits a column the definition declares
  fields: [{ name: 'Lable', label: 'Label', input: 'text', rules: {} }],
  defaultSort: [],
});

defineResource({
  ...base,
  name: 'tills',
  key: 'TillID',
  columns: tillColumns,
  fields: [{ name: 'Label', label: 'Label', input: 'text', rules: {} }],
  defaultSort: [],
  // @ts-expect-error an account's unchangeable fields are fields
  ownAccount: { unchangeable: ['TillID'] },
});

defineResource({
  ...base,
  name: 'tills',
  key: 'TillID',
  columns: tillColumns,
  fields: [{ name: 'Label', label: 'Label', input: 'text', rules: {} }],
  defaultSort: [],
  // @ts-expect-error a constraint's message goes on a field
  constraints: { tills_label_key: { field: 'Labl', message: 'unique' } },
});

defineResource({
  ...base,
  name: 'tills',
  key: 'TillID',
  columns: tillColumns,
  fields: [],
  defaultSort: [],
  // @ts-expect-error the totals table answers the footer totals by column name
  totalsTable: { table: 'till_totals', keeps: [], rows: 'sum(t.n)', totals: { Lable: 'sum(t.n)' } },
});

defineResource({
  ...base,
  name: 'tills',
  key: 'TillID',
  columns: tillColumns,
  fields: [],
  defaultSort: [],
  // @ts-expect-error the totals table answers every footer total
  totalsTable: { table: 'till_totals', keeps: [], rows: 'sum(t.n)', totals: {} },
});

defineResource({
  ...base,
  name: 'tills',
  key: 'TillID',
  columns: tillColumns,
  fields: [],
  defaultSort: [],
  // @ts-expect-error value counts are kept for sortable columns
  valueCounts: { table: 'till_counts', keeps: [], measures: { ShopID: 'shop_id' } },
});

defineResource({
  ...base,
  name: 'tills',
  joins: [{ alias: 'sh', table: 'shops', on: 'sh.shop_id = t.shop_id' }],
  key: 'TillID',
  // @ts-expect-error a column reads a join the definition declares
  columns: [...tillColumns, { name: 'ShopName', sql: 'sp.name', join: 'sp', label: 'Shop', type: 'text', format: 'text' }],
  fields: [],
  defaultSort: [],
});

defineResource({
  ...base,
  name: 'tills',
  key: 'TillID',
  columns: tillColumns,
  fields: [],
  defaultSort: [],
  // @ts-expect-error the row scope is on a column of the resource
  scope: { stores: 'StoreID' },
});

defineResource({
  ...base,
  name: 'tills',
  joins: [{ alias: 'sh', table: 'shops', on: 'sh.shop_id = t.shop_id' }],
  key: 'TillID',
  columns: tillColumns,
  fields: [],
  defaultSort: [],
  // @ts-expect-error the dimension is made of declared joins
  dimension: { joins: ['sp'], key: 'ShopID', keyType: 'int', id: 'sh.shop_id' },
});

defineResource({
  ...base,
  name: 'tills',
  key: 'TillID',
  columns: tillColumns,
  fields: [],
  defaultSort: [],
  // @ts-expect-error the totals table keeps columns of the resource
  totalsTable: { table: 'till_totals', keeps: ['shop_id'], rows: 'sum(t.n)', totals: { Label: 'sum(t.n)' } },
});

const tills = defineResource({
  ...base,
  name: 'tills',
  key: 'TillID',
  columns: tillColumns,
  fields: [{ name: 'ShopID', label: 'Shop', input: 'select', rules: {}, options: { resource: 'shops', value: 'ShopID', label: 'Nmae' } }],
  defaultSort: [],
});
// @ts-expect-error a field's choices name a label column of the resource they come from
defineRegistry([shops, tills]);

const strayTills = defineResource({
  ...base,
  name: 'tills',
  key: 'TillID',
  columns: tillColumns,
  fields: [{ name: 'ShopID', label: 'Shop', input: 'select', rules: {}, options: { resource: 'shop', value: 'ShopID', label: 'Name' } }],
  defaultSort: [],
});
// @ts-expect-error a field's choices come from a resource of the registry
defineRegistry([shops, strayTills]);

const textValuedTills = defineResource({
  ...base,
  name: 'tills',
  key: 'TillID',
  columns: tillColumns,
  fields: [{ name: 'ShopID', label: 'Shop', input: 'select', rules: {}, options: { resource: 'shops', value: 'Name', label: 'Name' } }],
  defaultSort: [],
});
// @ts-expect-error a field's choices are valued by an integer column
defineRegistry([shops, textValuedTills]);

const flaggedTills = defineResource({
  ...base,
  name: 'tills',
  key: 'TillID',
  columns: tillColumns,
  fields: [{ name: 'ShopID', label: 'Shop', input: 'select', rules: {}, options: { resource: 'shops', value: 'ShopID', label: 'Name', only: 'Name' } }],
  defaultSort: [],
});
// @ts-expect-error a field's choices are narrowed by a boolean column
defineRegistry([shops, flaggedTills]);

defineRegistry([shops]);
