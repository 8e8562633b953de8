// The order a list query sorts by (server/table-api/query/sql.ts, fullOrder) on the daily sales, whose
// state ties are its store numbers (server/resources/sales.ts): the ties follow the grouping columns when
// the state is one of them, else come last; the order asked for is never reordered; the key ends it.
import { test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { salesDef } from '../../server/resources/sales.ts';
import type { SortTerm } from '../../server/table-api/request/table-request.ts';
import { fullOrder } from '../../server/table-api/query/sql.ts';

const term = (name: string, dir: 'asc' | 'desc' = 'asc'): SortTerm => ({ column: salesDef.columns.find((c) => c.name === name)!, dir });
const named = (order: ReadonlyArray<SortTerm>) => order.map((t) => `${t.column.name} ${t.dir}`);

test("sorted by state alone, a state's rows go by store number, then by key, in the state's direction", () => {
  assert.deepEqual(named(fullOrder(salesDef, [term('StateCode', 'desc')])), ['StateCode desc', 'StoreNumber desc', 'SaleID desc']);
});

test('grouped by state, the store number comes right after the grouping, before the order asked for', () => {
  const order = [term('StateCode'), term('SaleDate', 'desc')];
  assert.deepEqual(named(fullOrder(salesDef, order, 1)), ['StateCode asc', 'StoreNumber asc', 'SaleDate desc', 'SaleID desc']);
});

test('a sub grouping is not split by the ties, and a sort by state then another column is kept as asked', () => {
  const order = [term('StateCode'), term('SaleDate', 'desc')];
  const expected = ['StateCode asc', 'SaleDate desc', 'StoreNumber asc', 'SaleID asc'];
  assert.deepEqual(named(fullOrder(salesDef, order, 2)), expected);
  assert.deepEqual(named(fullOrder(salesDef, order)), expected);
});

test('a tie the order names keeps its place and direction; other columns have no ties', () => {
  const order = [term('StateCode'), term('StoreNumber', 'desc')];
  assert.deepEqual(named(fullOrder(salesDef, order, 1)), ['StateCode asc', 'StoreNumber desc', 'SaleID desc']);
  assert.deepEqual(named(fullOrder(salesDef, [term('StoreName', 'desc')])), ['StoreName desc', 'SaleID desc']);
});
