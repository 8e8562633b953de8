// The header's store selection (`stores=`) means the same on every route that takes it: pages, summaries,
// charts, reports and the table API read it with one reader (server/params/stores-param.ts), and refuse a
// selection that is not one in the same words, each in its own shape (a page, JSON, the table's dialect).
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { useTestApp } from '../../support/app.ts';
import { defaultMessages as m } from '../../../server/messages.ts';
import { MAX_SELECTED_STORES, readStoresParam } from '../../../server/params/stores-param.ts';

const shared = useTestApp('admin');

const routes = [
  '/stores',
  '/summaries',
  '/charts',
  '/summaries/stores',
  '/api/summaries/totals',
  '/api/summaries/top-stores',
  '/api/charts/sales-per-cycle',
  '/api/charts/top-stores',
  '/api/charts/sales-by-state',
  // The report screen reads the selection with the form it is sent with.
  '/reports?report=sales-by-store&format=HTML4.0',
  '/api/stores?draw=3',
  '/api/sales?draw=3',
];

const withStores = (route: string, stores: string) => `${route}${route.includes('?') ? '&' : '?'}stores=${encodeURIComponent(stores)}`;

describe('the stores parameter', () => {
  const tooMany = Array.from({ length: MAX_SELECTED_STORES + 1 }, (_, i) => i + 1).join(',');
  for (const [what, stores] of [
    ['a word among the ids', '1,two'],
    ['a zero', '0,3'],
    ['a negative id', '-4'],
    ['more stores than a selection may name', tooMany],
    ['a reference that is not one', '@not-a-reference'],
  ] as const)
    test(`${what} is refused with the same message by every route that takes it`, async () => {
      for (const route of routes) {
        const res = await shared.admin.inject({ url: withStores(route, stores), headers: { 'hx-request': 'true' } });
        assert.equal(res.statusCode, 400, route);
        assert.ok(res.body.includes(m.tableBadStores), `${route}: ${res.body.slice(0, 200)}`);
      }
    });

  test('a comma list and a JSON list name the same stores, duplicates once; empty is every store', async () => {
    for (const route of routes) {
      const res = await shared.admin.inject({ url: withStores(route, '[3,17,3]') });
      // The report's form lacks its dates (422): what matters is that the selection is not refused.
      assert.ok([200, 422].includes(res.statusCode), `${route}: ${res.statusCode}`);
      assert.ok(!res.body.includes(m.tableBadStores), route);
    }
    assert.deepEqual(readStoresParam(['3,17,3']), [3, 17]);
    assert.deepEqual(readStoresParam(['[3, 17]']), [3, 17]);
    assert.deepEqual(readStoresParam(['3', '17']), [3, 17]);
    assert.equal(readStoresParam(['']), null);
    assert.equal(readStoresParam([]), null);
    assert.equal(readStoresParam(['1,x']), 'tableBadStores');
  });

  test('a reference the server holds names its stores on every route, as the list of their ids does', async () => {
    const registered = await shared.admin.inject({ method: 'POST', url: '/api/common/store-selections', payload: { stores: [17, 3] } });
    const { reference } = registered.json() as { reference: string };
    for (const route of routes) {
      const res = await shared.admin.inject({ url: withStores(route, reference) });
      assert.ok([200, 422].includes(res.statusCode), `${route}: ${res.statusCode}`);
      assert.ok(!res.body.includes(m.tableBadStores) && !res.body.includes(m.storesSelectionUnknown), route);
    }
    const list = await shared.admin.inject({ url: withStores('/api/stores?draw=3', reference) });
    assert.equal(list.json().recordsTotal, 2);
  });

  test('a reference the server does not hold is refused by every route, in its shape', async () => {
    const unknown = `@${'Z'.repeat(43)}`;
    for (const route of routes) {
      const res = await shared.admin.inject({ url: withStores(route, unknown), headers: { 'hx-request': 'true' } });
      assert.equal(res.statusCode, 400, route);
      assert.ok(res.body.includes(m.storesSelectionUnknown), `${route}: ${res.body.slice(0, 200)}`);
    }
    const legacy = await shared.admin.inject({ url: withStores('/api/stores?sEcho=4', unknown) });
    assert.deepEqual(legacy.json(), { sEcho: 4, iTotalRecords: 0, iTotalDisplayRecords: 0, aaData: [], sError: m.storesSelectionUnknown });
  });
});
