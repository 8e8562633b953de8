// Saved views' plain parts (issue 39): what a view keeps of a table's state, a state sent to be kept refused
// unless the table reads it back exactly as sent, a view applied to the table (its relative days as of the
// day it opens), and which state a screen opens with: the address's view, the tab's own, the default.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { salesTableConfig } from '../support/table-configs.ts';
import { checkedState, defaultTableState, type TableState } from '../../common/table-state.ts';
import { quickDays, withTodaysDays } from '../../common/quick-days.ts';
import { sameViewState, stateWithView, viewStateOf, viewStateProblem, type TableView } from '../../common/table-views.ts';
import { openingState } from '../../islands/data-table/views/opening-state.ts';

const config = salesTableConfig(
  [
    { name: 'SaleID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true },
    { name: 'StoreName', label: 'Store', type: 'text', format: 'text', sortable: true, searchable: true },
    { name: 'SaleDate', label: 'Date', type: 'date', format: 'date', sortable: true },
    { name: 'Sales', label: 'Sales', type: 'number', format: 'currency', sortable: true },
  ],
  { warnings: 'none' },
);

const defaults = defaultTableState(config);
const now = new Date(2026, 10, 28, 9, 30);

/** The manager's morning: last 7 days, sales over 10,000, grouped by store, 50 a page, the date column moved last. */
const morning: TableState = {
  ...defaults,
  pageSize: 50,
  sort: [{ column: 'Sales', dir: 'desc' }],
  filters: { SaleDate: '14/11/2026~20/11/2026', Sales: '10000~' },
  dayFilters: { SaleDate: 'last7Days' },
  columnOrder: ['StoreName', 'Sales', 'SaleDate'],
  mainGroup: 'StoreName',
  oneGroupOpen: true,
};

const view = (state: Partial<TableState>, id = 7): TableView => ({
  ViewID: id,
  Table: 'sales',
  Name: 'Morning',
  Shared: true,
  Mine: true,
  OwnerName: 'Morgan Reyes',
  CanChange: true,
  State: viewStateOf({ ...defaults, ...state }),
  Version: 1,
  UpdatedAt: '2026-11-21T08:00:00Z',
});

describe('a state kept as a view', () => {
  test('is the state read back exactly as sent, whatever the order of its keys', () => {
    assert.equal(viewStateProblem(config, viewStateOf(morning)), null);
    assert.equal(viewStateProblem(config, JSON.parse(JSON.stringify({ sort: [{ dir: 'desc', column: 'Sales' }], pageSize: 10 }))), null);
    assert.equal(viewStateProblem(config, { sort: [] }), null, "no sort: the table's own order");
    assert.equal(viewStateProblem(config, {}), null, "a part left out is the table's default");
  });

  test('names its first part the table would not read back as sent', () => {
    assert.deepEqual(viewStateProblem(config, []), { kind: 'notObject' });
    assert.deepEqual(viewStateProblem(config, { page: 2 }), { kind: 'unknownPart', part: 'page' });
    assert.deepEqual(viewStateProblem(config, { saveState: false }), { kind: 'unknownPart', part: 'saveState' });
    assert.deepEqual(viewStateProblem(config, { sort: [{ column: 'SaleID', dir: 'up' }] }), { kind: 'unusablePart', part: 'sort' });
    assert.deepEqual(viewStateProblem(config, { filters: { Sales: 'lots' } }), { kind: 'unusablePart', part: 'filters' });
    assert.deepEqual(viewStateProblem(config, { dayFilters: { StoreName: 'today' } }), { kind: 'unusablePart', part: 'dayFilters' });
    assert.deepEqual(viewStateProblem(config, { columnSizes: { Sales: 5 } }), { kind: 'unusablePart', part: 'columnSizes' });
    assert.equal(viewStateProblem(config, { search: 'x'.repeat(20_000) })?.kind, 'tooLarge');
  });
});

describe('a view applied to the table', () => {
  test("sets what it keeps, the table's defaults for the rest, the first page and no group open; the person's settings stay", () => {
    const before: TableState = { ...defaults, page: 4, search: 'old', expandedGroups: ['x'], refreshEveryTime: true, infiniteScroll: true };
    const shown = stateWithView(config, before, { pageSize: 10 }, now);
    assert.deepEqual(shown, { ...defaults, pageSize: 10, refreshEveryTime: true, infiniteScroll: true });
  });

  test('reads a relative day as of the day it opens: last week\'s "Last 7 days" is this week\'s', () => {
    const shown = stateWithView(config, defaults, viewStateOf(morning), now);
    assert.equal(shown.filters.SaleDate, '21/11/2026~27/11/2026');
    assert.equal(shown.filters.Sales, '10000~', 'the other filters as they were kept');
    assert.ok(sameViewState(shown, stateWithView(config, shown, viewStateOf(morning), now)), 'unchanged since it opened');
    assert.ok(!sameViewState({ ...shown, pageSize: 25 }, shown));
  });

  test('leaves out a column gone since, as a kept state does', () => {
    const shown = stateWithView(config, defaults, { columnOrder: ['Gone', 'Sales'], mainGroup: 'Gone' } as never, now);
    assert.deepEqual([shown.columnOrder, shown.mainGroup], [['Sales'], null]);
  });

  test('keeps a relative day only on a date column that has its filter', () => {
    const read = checkedState(config, { filters: { Sales: '5~' }, dayFilters: { Sales: 'today', SaleDate: 'today' } }, defaults);
    assert.deepEqual(read.dayFilters, {});
    const kept = checkedState(config, { filters: { SaleDate: '01/01/2026' }, dayFilters: { SaleDate: 'yesterday' } }, defaults);
    assert.deepEqual(withTodaysDays(kept, now).filters, { SaleDate: '27/11/2026' });
  });
});

describe('what a table screen opens with', () => {
  const kept = { state: { ...defaults, search: 'kept', refreshEveryTime: true }, view: null };
  const morningView = view(morning);

  test("the view its address names, over the tab's own state, keeping the person's settings", () => {
    const opened = openingState(config, kept, { view: morningView, viewFrom: 'address' });
    assert.equal(opened.view, morningView);
    assert.deepEqual([opened.state.search, opened.state.pageSize, opened.state.refreshEveryTime], ['', 50, true]);
  });

  test("the tab's own state when it already shows that view: the changes made since stay", () => {
    const changed = { state: { ...morning, pageSize: 100 }, view: morningView };
    assert.equal(openingState(config, changed, { view: view(morning), viewFrom: 'address' }).state.pageSize, 100);
  });

  test("the table's own state when the address names a view that cannot open", () => {
    const opened = openingState(config, { state: morning, view: morningView }, { viewFrom: 'address' });
    assert.deepEqual(opened, { state: { ...defaults }, view: null });
  });

  test("without one in the address: the tab's own state, else the default view, else the table's own", () => {
    assert.deepEqual(openingState(config, kept, { view: morningView, viewFrom: 'default' }), kept);
    const byDefault = openingState(config, null, { view: morningView, viewFrom: 'default' });
    assert.deepEqual([byDefault.view, byDefault.state.mainGroup], [morningView, 'StoreName']);
    assert.deepEqual(openingState(config, null, {}), { state: defaults, view: null });
  });

  test("the tab's own state with its relative days as of today", () => {
    const { from, to } = quickDays.last7Days(new Date());
    const opened = openingState(config, { state: morning, view: null }, {});
    assert.equal(opened.state.filters.SaleDate, `${from}~${to}`);
  });
});
