// Type-level tests of entity definitions (server/resources/define.ts), checked by `tsc -p .` (npm run
// typecheck) and never run: each `@ts-expect-error` line holds a misspelt or misplaced name, so the check fails
// if the compiler stops refusing it. The first definition is well formed and must compile as it is. (What a
// registry of them must hold together, each select's choices, is checked when it is put together:
// test/unit/resource-registry.test.ts.)
import { Version } from '../../common/resources/types.ts';
import { defineResource } from '../../server/resources/define.ts';
import { storeRows } from '../../server/stores/visible-stores.ts';

const region = { alias: 'r', table: 'regions', on: 'r.region_id = sh.region_id' };

const shop = {
  name: 'shops',
  title: 'Shops',
  table: 'shops',
  alias: 'sh',
  key: 'ShopID',
  version: 'Version',
  columns: [
    { name: 'ShopID', label: 'ID', type: 'integer', format: 'text', sortable: true, sql: 'sh.shop_id' },
    { name: 'Name', label: 'Name', type: 'text', format: 'text', sortable: true, total: 'count', sql: 'sh.name', field: { kind: 'text' } },
    { name: 'Region', label: 'Region', type: 'text', format: 'text', sql: 'r.name', join: region },
    {
      name: 'Takings',
      label: 'Takings',
      type: 'number',
      format: 'currency',
      sortable: true,
      total: 'sum',
      sql: 'sh.takings',
      field: { kind: 'number', rules: { number: true } },
    },
    { name: 'IsOpen', label: 'Open', type: 'boolean', format: 'boolean', sql: 'sh.is_open' },
    { ...Version, sql: 'sh.version' },
  ],
  defaultSort: [{ column: 'Name', dir: 'asc' }],
  pageSize: 25,
  guardedRows: { when: 'IsOpen', access: { admin: true } },
  ownAccount: { unchangeable: ['Name'] },
  access: { list: {}, export: {}, add: {}, edit: {}, delete: {} },
  scope: storeRows('ShopID'),
  constraints: { shops_name_key: { field: 'Name', message: 'unique' } },
  dimension: { joins: ['r'], key: 'ShopID', keyType: 'int', id: 'r.region_id' },
  totalsTable: { table: 'shop_totals', keeps: ['ShopID'], rows: 'sum(sh.n)', totals: { Name: 'sum(sh.n)', Takings: 'sum(sh.takings)' } },
  valueCounts: { table: 'shop_counts', keeps: ['ShopID'], measures: { Takings: 'takings' } },
} as const;
defineResource(shop);

// @ts-expect-error the key names an integer column
defineResource({ ...shop, key: 'Name' });

// @ts-expect-error the version column is misspelt
defineResource({ ...shop, version: 'Verison' });

// @ts-expect-error the default sort's column is misspelt
defineResource({ ...shop, defaultSort: [{ column: 'Nmae', dir: 'asc' }] });

// @ts-expect-error the default sort's column is not sortable
defineResource({ ...shop, defaultSort: [{ column: 'Region', dir: 'asc' }] });

// @ts-expect-error an account's unchangeable fields are fields
defineResource({ ...shop, ownAccount: { unchangeable: ['ShopID'] } });

// @ts-expect-error guarded rows are told by a boolean column
defineResource({ ...shop, guardedRows: { when: 'Name', access: { admin: true } } });

// @ts-expect-error the row scope is on a column of the resource
defineResource({ ...shop, scope: storeRows('StoreID') });

// @ts-expect-error a constraint's message goes on a field
defineResource({ ...shop, constraints: { shops_region_key: { field: 'Region', message: 'unique' } } });

// @ts-expect-error the dimension's key is an integer column
defineResource({ ...shop, dimension: { joins: ['r'], key: 'Name', keyType: 'int', id: 'r.region_id' } });

// @ts-expect-error the totals table keeps columns of the resource
defineResource({ ...shop, totalsTable: { ...shop.totalsTable, keeps: ['shop_id'] } });

// @ts-expect-error the totals table answers the footer totals by column name
defineResource({ ...shop, totalsTable: { ...shop.totalsTable, totals: { Name: 'sum(sh.n)', Takngs: 'sum(sh.takings)' } } });

// @ts-expect-error the totals table answers every footer total
defineResource({ ...shop, totalsTable: { ...shop.totalsTable, totals: { Name: 'sum(sh.n)' } } });

// @ts-expect-error the totals table's buckets are of a sortable column
defineResource({ ...shop, totalsTable: { ...shop.totalsTable, buckets: { column: 'Region', start: 'month', length: '1 month' } } });

// @ts-expect-error value counts are kept for sortable columns
defineResource({ ...shop, valueCounts: { ...shop.valueCounts, measures: { Region: 'region' } } });

// @ts-expect-error a column has its SQL
defineResource({ ...shop, columns: [...shop.columns, { name: 'Manager', label: 'Manager', type: 'text', format: 'text' }] });
