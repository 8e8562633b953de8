// A table's footer totals are asked apart from its rows and kept while they still hold: their key
// (totalsKey) is made from the table state's fields that change them (the filters, the search) and the
// stores, so a page, sort, page size, grouping or a change of how the rows are shown keeps them, and any
// change of the rows summed asks again.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { defaultTableState, type TableState } from '../../common/table-state.ts';
import { totalsKey } from '../../islands/data-table/list-totals.ts';
import { salesTableConfig } from '../support/table-configs.ts';

const config = salesTableConfig(
  [
    { name: 'SaleID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true },
    { name: 'StoreName', label: 'Store', type: 'text', format: 'text', sortable: true, searchable: true },
    { name: 'StateCode', label: 'State', type: 'text', format: 'text', sortable: true },
    { name: 'SaleDate', label: 'Date', type: 'date', format: 'date', sortable: true, total: 'count' },
    { name: 'Sales', label: 'Sales', type: 'number', format: 'currency', sortable: true, total: 'sum' },
  ],
  { version: 'Version', can: { add: true, edit: true, delete: true, export: true } },
);

const start: TableState = { ...defaultTableState(config), search: 'north', filters: { Sales: '100~' } };
const key = (change: Partial<TableState>, stores: number[] | null = [3, 4]) => totalsKey(config, { ...start, ...change }, stores);

describe("the key of a table's footer totals", () => {
  test('the same across pages, page sizes, sorts, groupings and how the rows are shown', () => {
    const kept: Array<Partial<TableState>> = [
      { page: 3 },
      { pageSize: 100 },
      { sort: [{ column: 'Sales', dir: 'asc' }] },
      { mainGroup: 'StateCode', subGroup: 'StoreName', expandedGroups: ['NY'], oneGroupOpen: true },
      { infiniteScroll: true },
      { columnVisibility: { StateCode: false }, columnOrder: ['Sales', 'SaleDate'], columnSizes: { Sales: 120 } },
      { phoneColumns: ['StateCode'], refreshEveryTime: true, saveState: false },
      // A quick pick is kept as its words beside the range it wrote in `filters`, which is what is asked.
      { dayFilters: { SaleDate: 'yesterday' } },
      // The list call trims the search.
      { search: '  north ' },
    ];
    for (const change of kept) assert.equal(key(change), key({}), JSON.stringify(change));
  });

  test('another for another search, filter, store selection or table', () => {
    const asksAgain = [
      key({ search: 'south' }),
      key({ search: '' }),
      key({ filters: { Sales: '200~' } }),
      key({ filters: { Sales: '100~', SaleDate: '01/11/2026~' } }),
      key({ filters: {} }),
      key({}, [3]),
      key({}, null),
      totalsKey({ ...config, listUrl: '/api/stores' }, start, [3, 4]),
    ];
    assert.equal(new Set([key({}), ...asksAgain]).size, asksAgain.length + 1);
  });

  test('the stores only where the table follows them', () => {
    const unscoped = { ...config, storeScoped: false };
    assert.equal(totalsKey(unscoped, start, [3]), totalsKey(unscoped, start, [4, 5]));
  });
});
