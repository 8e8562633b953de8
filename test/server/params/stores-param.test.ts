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
    assert.equal(readStoresParam(['1,x']), undefined);
  });
});
