// The data-table island's plain parts: a saved state read back against the table's config, the state as a
// list request, the pager's five page buttons and the info line's words.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { TableConfig, TablePage } from '../../common/table-config.ts';
import { listQuery } from '../../islands/data-table/list-query.ts';
import { pageWindow } from '../../islands/data-table/pager.tsx';
import { infoText } from '../../islands/data-table/table-info.tsx';
import { checkedState, defaultTableState, visibleColumns } from '../../common/table-state.ts';

const config: TableConfig = {
  resource: 'stores',
  title: 'Stores',
  listUrl: '/api/stores',
  pagePath: '/stores',
  key: 'StoreID',
  version: 'Version',
  columns: [
    { name: 'StoreID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true },
    { name: 'Name', label: 'Name', type: 'text', format: 'text', sortable: true, searchable: true },
    { name: 'City', label: 'City', type: 'text', format: 'text', searchable: true },
    { name: 'StateCode', label: 'State', type: 'text', format: 'text', sortable: true },
  ],
  fields: [],
  defaultSort: [{ column: 'Name', dir: 'asc' }],
  pageSize: 25,
  can: { add: true, edit: true, delete: true, export: true },
  detail: false,
  storeScoped: true,
  warnings: 'console',
};

const page = (over: Partial<TablePage>): TablePage => ({
  draw: 1,
  recordsTotal: 60,
  recordsFiltered: 60,
  data: Array.from({ length: 25 }, (_, i) => ({ StoreID: i })),
  totals: null,
  totalsSyncedAt: null,
  countIsEstimate: false,
  syncedAt: '2026-11-23T10:00:00Z',
  next: null,
  prev: null,
  ...over,
});

describe('a saved table state read back', () => {
  const fallback = defaultTableState(config);

  test('keeps what still fits the table', () => {
    const saved = {
      ...fallback,
      pageSize: 10,
      page: 3,
      sort: [{ column: 'StateCode', dir: 'desc' }],
      search: 'north',
      mainGroup: 'StateCode',
    };
    assert.deepEqual(checkedState(config, JSON.parse(JSON.stringify(saved)), fallback), saved);
  });

  test('drops what does not: unknown or unsortable columns, page sizes off the menu, values of the wrong kind', () => {
    const saved = {
      pageSize: 30,
      page: -1,
      sort: [
        { column: 'City', dir: 'asc' },
        { column: 'Gone', dir: 'asc' },
        { column: 'Name', dir: 'sideways' },
      ],
      search: 7,
      columnVisibility: { Gone: false, City: 'no', StoreID: true },
      mainGroup: 'City',
      saveState: 'yes',
    };
    const read = checkedState(config, saved, fallback);
    assert.equal(read.pageSize, 25);
    assert.equal(read.page, 0);
    assert.deepEqual(read.sort, fallback.sort);
    assert.equal(read.search, '');
    assert.deepEqual(read.columnVisibility, { StoreID: true });
    assert.equal(read.mainGroup, null);
    assert.equal(read.saveState, true);
    assert.deepEqual(checkedState(config, 'not an object', fallback), fallback);
  });

  test('shows the columns not hidden, in the chosen order, and a hidden one the user showed', () => {
    assert.deepEqual(visibleColumns(config, fallback), ['Name', 'City', 'StateCode']);
    const state = { ...fallback, columnOrder: ['StateCode', 'Name'], columnVisibility: { StoreID: true, City: false } };
    assert.deepEqual(visibleColumns(config, state), ['StateCode', 'Name', 'StoreID']);
  });
});

describe('the table state as a list request', () => {
  const state = {
    ...defaultTableState(config),
    page: 2,
    pageSize: 10,
    sort: [
      { column: 'StateCode', dir: 'desc' as const },
      { column: 'Name', dir: 'asc' as const },
    ],
  };

  test('names every column, sorts by their index, and pages', () => {
    const q = listQuery(config, { ...state, search: ' north ', subGroup: 'StateCode' }, [3, 4], { paging: true, columns: 'all' });
    assert.equal(q.get('start'), '20');
    assert.equal(q.get('length'), '10');
    assert.deepEqual(
      [0, 1, 2, 3].map((i) => q.get(`columns[${i}][data]`)),
      ['StoreID', 'Name', 'City', 'StateCode'],
    );
    assert.deepEqual(
      [q.get('order[0][column]'), q.get('order[0][dir]'), q.get('order[1][column]'), q.get('order[1][dir]')],
      ['3', 'desc', '1', 'asc'],
    );
    assert.equal(q.get('search[value]'), 'north');
    assert.equal(q.get('subgroup'), 'StateCode');
    assert.equal(q.get('stores'), '3,4');
  });

  test('for an export: the visible columns, a sorted hidden one after them, no paging; stores only where the table follows them', () => {
    const q = listQuery({ ...config, storeScoped: false }, { ...state, sort: [{ column: 'StoreID', dir: 'asc' }] }, [3], {
      paging: false,
      columns: 'visible',
    });
    assert.equal(q.has('start'), false);
    assert.deepEqual(
      [0, 1, 2, 3].map((i) => q.get(`columns[${i}][data]`)),
      ['Name', 'City', 'StateCode', 'StoreID'],
    );
    assert.equal(q.get('order[0][column]'), '3');
    assert.equal(q.has('stores'), false);
  });

  test('All asks for -1 rows from the first', () => {
    const q = listQuery(config, { ...state, pageSize: -1 }, null, { paging: true, columns: 'all' });
    assert.equal(q.get('start'), '0');
    assert.equal(q.get('length'), '-1');
    assert.equal(q.has('stores'), false);
  });
});

describe('the pager and the info line', () => {
  test('five page buttons at most, the current page as central as fits', () => {
    assert.deepEqual(pageWindow(0, 3), [0, 1, 2]);
    assert.deepEqual(pageWindow(0, 10), [0, 1, 2, 3, 4]);
    assert.deepEqual(pageWindow(5, 10), [3, 4, 5, 6, 7]);
    assert.deepEqual(pageWindow(9, 10), [5, 6, 7, 8, 9]);
  });

  test('the info line counts from the page start, says what the search filtered and when the count is an estimate', () => {
    assert.equal(infoText(page({}), 25), 'Showing 26 to 50 of 60 entries');
    assert.equal(
      infoText(page({ recordsFiltered: 3, data: [{}, {}, {}] }), 0),
      'Showing 1 to 3 of 3 entries (filtered from 60 total entries)',
    );
    assert.equal(
      infoText(
        page({ recordsTotal: 1234567, recordsFiltered: 1234567, countIsEstimate: true, totalIsEstimate: true, filteredIsEstimate: true }),
        0,
      ),
      'Showing 1 to 25 of 1,234,567 entries (an estimate)',
    );
    // Only the count that is an estimate says so: three rows counted among a million estimated.
    assert.equal(
      infoText(
        page({
          recordsTotal: 1234567,
          recordsFiltered: 3,
          data: [{}, {}, {}],
          countIsEstimate: true,
          totalIsEstimate: true,
          filteredIsEstimate: false,
        }),
        0,
      ),
      'Showing 1 to 3 of 3 entries (filtered from 1,234,567 total entries) (an estimate)',
    );
    assert.equal(infoText(page({ data: [], recordsFiltered: 0 }), 0), 'Showing 0 to 0 of 0 entries (filtered from 60 total entries)');
    assert.equal(infoText(null, 0), 'Showing 0 to 0 of 0 entries');
  });
});
