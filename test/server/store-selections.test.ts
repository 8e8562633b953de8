// A chain's store selection of thousands of stores, which no URL can carry as ids (Node refuses a request
// whose headers pass 16 KB with 431): registered once (POST /api/common/store-selections), it travels as its
// reference, and every route reads it as the list of its ids: the table list in both dialects by GET and
// POST, the exports (CSV and Excel), a table's PDF, a report (the API and the screen, whose links carry the
// reference on), a summary and a chart. Each answer is compared with the same request naming the ids
// themselves (app.inject knows no header limit). The reference is the database's, so another instance
// resolves it; one it does not hold is refused; and a reference never widens a regional user's stores.
// The test database is grown to 5,000 stores (the chain seed's own step) before anything reads it. Then
// registering itself: one list one reference, for a signed-in user with the CSRF token; the day's share of new
// lists per user; and a selection kept by use, removed after weeks unused, and registered back.
import { after, before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { format } from 'date-fns/format';
import { subDays } from 'date-fns/subDays';
import type { FastifyInstance } from 'fastify';
import { sameDatabaseApp, signIn, useTestApp, type SignedIn } from '../support/app.ts';
import { chromiumPath } from '../support/browser.ts';
import { pdfText } from '../support/pdf.ts';
import { addStoresUpTo } from '../../server/demo/seed-stores.ts';
import { defaultMessages as m } from '../../server/messages.ts';
import { MAX_SELECTED_STORES } from '../../server/params/stores-param.ts';
import { currentQuery, legacyQuery, url } from './table-api/support.ts';

const shared = useTestApp('admin', 'analyst', 'clerk');
const pdfSkip = chromiumPath() ? false : 'no Chromium: PDFs cannot be printed (apt-get install chromium)';

/** Registers `stores` as `user`; the answer. */
async function register(user: SignedIn, stores: unknown) {
  return user.inject({ method: 'POST', url: '/api/common/store-selections', payload: { stores } });
}

async function referenceOf(user: SignedIn, stores: number[]): Promise<string> {
  const res = await register(user, stores);
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { reference: string }).reference;
}

const withStores = (route: string, stores: string) => `${route}${route.includes('?') ? '&' : '?'}stores=${encodeURIComponent(stores)}`;
const day = (d: Date) => format(d, 'dd/MM/yyyy');

/** Every store but one that sells, which must be missing from every answer for the selection. */
interface Chain {
  selection: number[];
  ids: string;
  left: { id: number; number: number; city: string };
  reference: string;
}
const chain = {} as Chain;

describe('a selection of 4,999 of 5,000 stores', () => {
  before(async () => {
    await addStoresUpTo(shared.t.db.pool, MAX_SELECTED_STORES);
    // A store selling in the last days, in a city with other stores; numbered below any year a printed date shows.
    const { rows } = await shared.t.db.pool.query<{ store_id: number; store_number: number; city: string }>(
      `select s.store_id, s.store_number, s.city from stores s
       where exists (select 1 from sales where store_id = s.store_id and sale_date >= (select max(sale_date) - 5 from sales))
         and (select count(*) from stores o where o.city = s.city) between 3 and 30 and s.store_number < 1900
       order by s.store_id limit 1`,
    );
    chain.left = { id: rows[0]!.store_id, number: rows[0]!.store_number, city: rows[0]!.city };
    const all = (await shared.t.db.pool.query<{ store_id: number }>('select store_id from stores order by store_id')).rows;
    chain.selection = all.map((r) => r.store_id).filter((id) => id !== chain.left.id);
    chain.ids = chain.selection.join(',');
    chain.reference = await referenceOf(shared.admin, chain.selection);
  });

  test('is far too long for a URL as ids, and short as its reference', () => {
    assert.equal(chain.selection.length, MAX_SELECTED_STORES - 1);
    assert.ok(chain.ids.length > 16 * 1024, `${chain.ids.length} characters of ids`);
    assert.match(chain.reference, /^@[\w-]{43}$/);
  });

  test('lists its stores in either dialect, by GET and by POST', async () => {
    const columns = ['StoreID', 'Name'];
    const current = await shared.admin.inject({ url: url('stores', currentQuery(columns, { stores: chain.reference })) });
    assert.equal(current.statusCode, 200, current.body);
    assert.equal(current.json().recordsTotal, chain.selection.length);
    const legacy = await shared.admin.inject({ url: url('stores', legacyQuery(columns, { stores: chain.reference })) });
    assert.equal(legacy.json().iTotalRecords, chain.selection.length);

    const posted = await shared.admin.inject({
      method: 'POST',
      url: '/api/stores',
      payload: currentQuery(columns, { stores: chain.reference }),
    });
    assert.equal(posted.json().recordsTotal, chain.selection.length, 'a JSON body');
    const form = new URLSearchParams(Object.entries(legacyQuery(columns, { stores: chain.reference })).map(([k, v]) => [k, String(v)]));
    const formPost = await shared.admin.inject({
      method: 'POST',
      url: '/api/stores',
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(formPost.json().iTotalRecords, chain.selection.length, 'a form body');

    // The daily sales: the same rows as for the ids themselves, fewer than for every store.
    const sales = (stores?: string) =>
      shared.admin.inject({ url: url('sales', currentQuery(['SaleID', 'StoreID'], stores ? { stores } : {})) }).then((r) => r.json());
    const [byReference, byIds, everyStore] = await Promise.all([sales(chain.reference), sales(chain.ids), sales()]);
    assert.deepEqual(byReference.data, byIds.data);
    assert.equal(byReference.recordsTotal, byIds.recordsTotal);
    const leftRows = await shared.t.db.pool.query('select count(*)::int as n from sales where store_id = $1', [chain.left.id]);
    assert.equal(byReference.recordsTotal, everyStore.recordsTotal - leftRows.rows[0].n);
  });

  test('exports its stores as CSV and as Excel', async () => {
    const query = currentQuery(['StoreID', 'Name'], { stores: chain.reference });
    const csv = await shared.admin.inject({ url: url('stores/export', { ...query, format: 'csv' }) });
    assert.equal(csv.statusCode, 200);
    const lines = csv.rawPayload.subarray(2).toString('utf16le').split('\r\n').slice(1, -1);
    assert.equal(lines.length, chain.selection.length);
    assert.ok(!lines.some((line) => line.startsWith(`${chain.left.id},`)), 'the store left out is not written');

    const xlsx = await shared.admin.inject({ url: url('stores/export', { ...query, format: 'xlsx' }) });
    assert.equal(xlsx.statusCode, 200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    assert.equal(book.worksheets[0]!.actualRowCount, chain.selection.length + 1, 'a header and a row per store');
  });

  test("a table's PDF prints the selection's stores", { skip: pdfSkip }, async () => {
    const { city } = chain.left;
    const others = (await shared.t.db.pool.query('select name from stores where city = $1 and store_id <> $2', [city, chain.left.id])).rows;
    const query = new URLSearchParams({
      filename: 'stores',
      stream: 'true',
      format: 'pdf',
      'search[value]': city,
      stores: chain.reference,
    });
    const res = await shared.admin.inject({ url: `/api/common/report?${query}` });
    assert.equal(res.statusCode, 200, res.body);
    const text = pdfText(res.rawPayload);
    assert.match(text, /4,999 of 5,000 stores/, "the caption counts the selection within the user's stores");
    for (const { name } of others) assert.ok(text.includes(name), name);
    assert.doesNotMatch(text, new RegExp(`(^|\\s)${chain.left.number}(\\s|$)`), 'the store left out is not printed');
  });

  test('a report reads the selection, by the API and on its screen, whose links carry the reference on', async () => {
    const parameters = [
      { name: 'FromDate', value: day(subDays(new Date(), 9)) },
      { name: 'ToDate', value: day(subDays(new Date(), 1)) },
    ];
    const report = (stores: string) =>
      shared.admin.inject({
        method: 'POST',
        url: '/api/common/reports',
        payload: { name: 'sales-by-store', format: 'HTML4.0', parameters: [...parameters, { name: 'stores', value: stores }] },
      });
    const [byReference, byIds, everyStore] = await Promise.all([report(chain.reference), report(chain.ids), report('')]);
    assert.equal(byReference.statusCode, 200, byReference.body);
    assert.ok(byReference.body.includes('4,999 of 5,000 stores'));
    const leftLink = `href="/stores/${chain.left.id}"`;
    assert.ok(everyStore.body.includes(leftLink), 'for every store, the store left out has its line...');
    assert.ok(!byReference.body.includes(leftLink), '...and for the selection not');
    const lines = (html: string) => html.match(/<tr[\s\S]*?<\/tr>/g);
    assert.deepEqual(lines(byReference.body), lines(byIds.body));

    const screen = new URLSearchParams({ report: 'sales-by-store', format: 'HTML4.0', stores: chain.reference });
    for (const { name, value } of parameters) screen.set(name, value);
    const page = await shared.admin.inject({ url: `/reports?${screen}` });
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes('4,999 of 5,000 stores') && !page.body.includes(leftLink));
    assert.ok(page.body.includes(`stores=${encodeURIComponent(chain.reference)}`), 'the PDF and print links carry the reference');
    assert.ok(page.body.includes(`value="${chain.reference}"`), 'so does the form');
    assert.ok(!page.body.includes(chain.ids.slice(0, 40)), 'never the ids');
  });

  test('a summary and a chart read the selection as they read its ids', async () => {
    for (const route of ['/api/summaries/totals', '/api/charts/sales-by-state', '/api/charts/top-stores?limit=100']) {
      const get = (stores?: string) => shared.admin.inject({ url: stores ? withStores(route, stores) : route }).then((r) => r.json());
      const [byReference, byIds, everyStore] = await Promise.all([get(chain.reference), get(chain.ids), get()]);
      assert.deepEqual(byReference, byIds, route);
      assert.notDeepEqual(byReference, everyStore, `${route}: the store left out counts for every store only`);
    }
  });

  test('another instance on the same database resolves the reference', async () => {
    const second: FastifyInstance = await sameDatabaseApp(shared.t, {});
    try {
      const admin = await signIn(second, 'admin');
      const res = await admin.inject({ url: url('stores', currentQuery(['StoreID'], { stores: chain.reference })) });
      assert.equal(res.json().recordsTotal, chain.selection.length);
    } finally {
      await second.close();
    }
  });

  test("never widens a regional user's stores: it is read within them", async () => {
    const westSelected = await shared.t.db.pool.query(
      `select count(*)::int as n from stores join groups using (group_id) where code = 'WE' and store_id <> $1`,
      [chain.left.id],
    );
    const clerkList = await shared.clerk.inject({ url: url('stores', currentQuery(['StoreID'], { stores: chain.reference })) });
    assert.equal(clerkList.json().recordsTotal, westSelected.rows[0].n, 'the selected stores of their region');

    const everyStore = await referenceOf(shared.analyst, [...chain.selection, chain.left.id]);
    const summary = '/api/summaries/totals';
    assert.deepEqual(
      (await shared.analyst.inject({ url: withStores(summary, everyStore) })).json(),
      (await shared.analyst.inject({ url: summary })).json(),
      "every store of the chain is the analyst's own",
    );
    const sales = url('sales', currentQuery(['SaleID', 'StoreID']));
    const own = (await shared.analyst.inject({ url: sales })).json();
    const selected = (await shared.analyst.inject({ url: withStores(sales, everyStore) })).json();
    assert.deepEqual([selected.recordsTotal, selected.data], [own.recordsTotal, own.data]);
  });
});

describe('registering a selection', () => {
  test('gives one list one reference, in any order and with repeats, and says when the server did not hold it', async () => {
    const first = await register(shared.clerk, [41, 7, 19]);
    assert.equal(first.statusCode, 200);
    assert.equal(first.json().created, true);
    const again = await register(shared.admin, [19, 7, 41, 7]);
    assert.deepEqual(again.json(), { reference: first.json().reference, created: false });
  });

  test('needs a signed-in user and the CSRF token, and a list of 1 to 5,000 store ids', async () => {
    const anonymous = await shared.t.app.inject({ method: 'POST', url: '/api/common/store-selections', payload: { stores: [1] } });
    assert.equal(anonymous.statusCode, 401);
    const forged = await shared.admin.inject({
      method: 'POST',
      url: '/api/common/store-selections',
      payload: { stores: [1] },
      headers: { 'x-csrf-token': 'not the token' },
    });
    assert.equal(forged.statusCode, 403);
    for (const stores of [[], [0], ['x'], [1.5], Array.from({ length: MAX_SELECTED_STORES + 1 }, (_, i) => i + 1), '1,2']) {
      const res = await register(shared.admin, stores);
      assert.equal(res.statusCode, 400, JSON.stringify(stores).slice(0, 40));
      assert.equal(typeof res.json().error, 'string');
    }
  });
});

describe('held selections over time', () => {
  // Another instance on the same database, where a user registers at most 2 new lists a day.
  const limited = {} as { app: FastifyInstance; manager: SignedIn; itdesk: SignedIn };
  before(async () => {
    limited.app = await sameDatabaseApp(shared.t, { limits: { storeSelections: { perUserPerDay: 2, unusedDays: 30 } } });
    limited.manager = await signIn(limited.app, 'manager');
    limited.itdesk = await signIn(limited.app, 'itdesk');
  });
  after(() => limited.app?.close());

  test("a user registers at most their day's share of new lists; lists held already cost nothing", async () => {
    const first = await referenceOf(limited.itdesk, [1, 2]);
    await referenceOf(limited.itdesk, [1, 3]);
    const third = await register(limited.itdesk, [1, 4]);
    assert.equal(third.statusCode, 429);
    assert.equal(third.json().error, m.storeSelectionsPerDay.replace('{0}', '2'));
    assert.equal(await referenceOf(limited.itdesk, [2, 1]), first, 'a list registered before');
    assert.equal((await register(limited.manager, [1, 4])).statusCode, 200, 'the share is per user');
  });

  test('use keeps a selection; one unused for weeks is removed as new ones come, and refused until registered again', async () => {
    const pool = shared.t.db.pool;
    // Registered through the first instance: the limited one has kept neither list, and reads them from the database.
    const used = await referenceOf(shared.admin, [5, 6]);
    const unused = await referenceOf(shared.admin, [5, 7]);
    await pool.query(`update store_selections set used_at = now() - interval '29 days' where reference = $1`, [used]);
    await pool.query(`update store_selections set used_at = now() - interval '31 days' where reference = $1`, [unused]);
    assert.equal((await limited.manager.inject({ url: withStores('/api/stores?draw=1', used) })).statusCode, 200);
    const touched = await pool.query(`select used_at > now() - interval '1 minute' as now from store_selections where reference = $1`, [
      used,
    ]);
    assert.equal(touched.rows[0].now, true, 'its use moved it on');

    await referenceOf(shared.admin, [5, 8]);
    const left = await pool.query('select reference from store_selections where reference = any($1)', [[used, unused]]);
    assert.deepEqual(
      left.rows.map((r) => r.reference),
      [used],
    );
    const refused = await limited.manager.inject({ url: withStores('/api/stores?draw=1', unused) });
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.json().error, m.storesSelectionUnknown);
    const back = await register(limited.manager, [7, 5]);
    assert.deepEqual(back.json(), { reference: unused, created: true }, 'registered again: the same reference, and the page told');
    assert.equal((await limited.manager.inject({ url: withStores('/api/stores?draw=1', unused) })).statusCode, 200);
  });
});
