// What an HTML report offers on screen beyond its figures, through HTTP: each store it names links to the
// store's detail page in an overlay (data-popup-page, only the page's main part) for a reader who may open
// it, and plain text for one who may not; and its print view (GET /reports/print), the report alone in the
// app's stylesheet, which the screen opens in an overlay (data-popup-embed) to print it.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { format } from 'date-fns/format';
import { subDays } from 'date-fns/subDays';
import { useTestApp, type SignedIn } from '../../support/app.ts';
import { defaultMessages as m } from '../../../server/messages.ts';

const shared = useTestApp('admin', 'analyst', 'clerk');

const day = (d: Date) => format(d, 'dd/MM/yyyy');
const range = { FromDate: day(subDays(new Date(), 20)), ToDate: day(subDays(new Date(), 1)) };
const salesByStore = { report: 'sales-by-store', format: 'HTML4.0', ...range };
const screen = (user: SignedIn, query: Record<string, string>) =>
  user.inject({ url: `/reports?${new URLSearchParams(query)}`, headers: { 'hx-request': 'true', 'hx-target': 'main#main' } });

/** The store links of a report: [href, text] of each. */
const storeLinks = (html: string) =>
  [...html.matchAll(/<a href="(\/stores\/\d+)" data-popup-page data-popup-part="\[data-detail-main\]">([^<]*)<\/a>/g)].map((l) => [
    l[1],
    l[2],
  ]);

describe('stores named in an HTML report', () => {
  test('link to their detail pages in an overlay for a reader who may open them, each to its own store', async () => {
    const res = await screen(shared.admin, salesByStore);
    assert.equal(res.statusCode, 200);
    const links = storeLinks(res.body);
    assert.ok(links.length > 10, `${links.length} store links`);
    const ids = links.map(([href]) => Number(href!.split('/')[2]));
    const names = await shared.t.db.pool.query<{ id: number; name: string }>(
      `select store_id as id, name from stores where store_id = any($1::int[])`,
      [ids],
    );
    const byId = new Map(names.rows.map((r) => [r.id, r.name]));
    for (const [href, text] of links)
      assert.equal(byId.get(Number(href!.split('/')[2])), text?.replace(/&#39;/g, "'").replace(/&amp;/g, '&'));
    const detail = await shared.admin.inject({ url: links[0]![0]! });
    assert.equal(detail.statusCode, 200);
    assert.match(detail.body, /data-detail-main/);
  });

  test('are plain text for a reader who may not open the Stores table, and in the API answer too', async () => {
    const res = await screen(shared.analyst, salesByStore);
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<table class="report-table">/);
    assert.deepEqual(storeLinks(res.body), []);
    const parameters = Object.entries(range).map(([name, value]) => ({ name, value }));
    const api = await shared.admin.inject({ method: 'POST', url: '/api/common/reports', payload: { name: 'sales-by-store', parameters } });
    assert.equal(api.statusCode, 200);
    assert.ok(storeLinks(api.body).length > 10, 'the API HTML links them for an administrator');
  });
});

describe("an HTML report's print view", () => {
  test('the screen offers it in an overlay with the same parameters, titled with the report', async () => {
    const res = await screen(shared.analyst, { ...salesByStore, stores: '' });
    const link =
      /<a class="button" href="([^"]+)" data-popup-embed data-popup-title="Sales by store" hx-boost="false">Print view<\/a>/.exec(res.body);
    assert.ok(link, 'the print view link');
    const url = new URL(link[1]!.replace(/&amp;/g, '&'), 'http://x');
    assert.equal(url.pathname, '/reports/print');
    assert.deepEqual(Object.fromEntries(url.searchParams), { report: 'sales-by-store', CycleID: '', ...range, stores: '' });
  });

  test('is the report alone in the app stylesheet: no shell, no script, no popup links, the same figures', async () => {
    const query = new URLSearchParams({ report: 'sales-by-store', ...range });
    const res = await shared.admin.inject({ url: `/reports/print?${query}` });
    assert.equal(res.statusCode, 200);
    // Paper: light whatever the screen's theme.
    assert.match(res.body, /^<!doctype html>\n<html lang="en" class="paper">/);
    assert.match(res.body, /<title>Sales by store · Backroom<\/title>/);
    assert.match(res.body, /<link rel="stylesheet" href="\/static\/[^"]+\.css">/);
    assert.doesNotMatch(res.body, /<script|class="sidebar"|data-popup-page/);
    const total = (html: string) =>
      /<tr class="report-total"><th scope="row">Total<\/th><td><\/td><td class="num">([^<]+)</.exec(html)?.[1];
    const onScreen = await screen(shared.admin, salesByStore);
    assert.ok(total(res.body));
    assert.equal(total(res.body), total(onScreen.body));
  });

  test('refuses what the screen refuses: bad dates (422), an unknown report (404), a user without the reports role (403)', async () => {
    const bad = await shared.analyst.inject({
      url: `/reports/print?${new URLSearchParams({ report: 'sales-by-store', FromDate: '', ToDate: '' })}`,
    });
    assert.equal(bad.statusCode, 422);
    assert.ok(bad.body.includes(m.dateRangeRequired.replace(/"/g, '&quot;')));
    assert.equal((await shared.analyst.inject({ url: '/reports/print?report=nothing' })).statusCode, 404);
    assert.equal((await shared.analyst.inject({ url: '/reports/print?report=audit-trail' })).statusCode, 403);
    assert.equal(
      (await shared.clerk.inject({ url: `/reports/print?${new URLSearchParams({ report: 'sales-by-store', ...range })}` })).statusCode,
      403,
    );
  });
});
