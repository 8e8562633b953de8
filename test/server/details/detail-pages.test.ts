// The detail pages of table rows through HTTP: a store's (its fields, its sales this cycle checked against
// SQL of its own, its days in a panel, its recent changes), a user account's and a client error report's;
// each with its table's access (403), not found for an unknown key or a store outside the user's stores
// (404), whole for a page visit and its content area alone for a partial swap, its main part marked for
// popups.
import { before, describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { useTestApp } from '../../support/app.ts';
import { formatCurrency, formatDate, formatDateTime } from '../../../common/format.ts';
import { defaultMessages as m } from '../../../server/messages.ts';
import { MAX_KEY } from '../../../server/params/key-param.ts';

const shared = useTestApp('admin', 'manager', 'clerk', 'analyst', 'itdesk');

const sql = async <T>(text: string, params: unknown[] = []) => (await shared.t.db.pool.query(text, params)).rows as T[];
const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The current monthly cycle's sales of one store, computed here independently of the app. */
async function cycleSales(storeId: number): Promise<{ sales: string; days: number }> {
  const [row] = await sql<{ sales: string; days: number }>(
    `with last as (select max(sale_date) as d from sales),
          c as (select * from cycles where kind = 'monthly' and start_date <= (select d from last) order by start_date desc limit 1)
     select coalesce(sum(x.sales), 0)::text as sales, count(x.*)::int as days from c cross join last
     left join sales x on x.store_id = $1 and x.sale_date between c.start_date and least(c.end_date, last.d)`,
    [storeId],
  );
  return row!;
}

describe('a store detail page', () => {
  type Store = { id: number; number: number; name: string; city: string; state: string; state_id: number; version: number };
  let west: Store;
  let east: Store;
  before(async () => {
    [west] = (await sql<Store>(
      `select s.store_id as id, s.store_number as number, s.name, s.city, st.code as state, s.state_id, s.version
       from stores s join groups g using (group_id) join states st using (state_id)
       where g.code = 'WE' and exists (select 1 from sales x where x.store_id = s.store_id) order by s.store_id limit 1`,
    )) as [Store];
    [east] = (await sql<Store>(
      `select s.store_id as id from stores s join groups g using (group_id) where g.code = 'NE' order by s.store_id limit 1`,
    )) as [Store];
  });

  test('shows a user of the Stores table a store of theirs: its fields, its state, its sales this cycle and links loading into its panel', async () => {
    const res = await shared.manager.inject({ url: `/stores/${west.id}` });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<html/);
    assert.ok(res.body.includes(`<h1>Store ${west.number}: ${escaped(west.name)}</h1>`));
    assert.ok(res.body.includes(`<dd>${escaped(west.city)}</dd>`));
    assert.ok(res.body.includes(`<dt>State</dt><dd>${west.state}</dd>`));
    const { sales, days } = await cycleSales(west.id);
    assert.ok(res.body.includes(`<dt>Sales</dt><dd>${formatCurrency(sales)}</dd>`), 'the cycle sales');
    assert.ok(res.body.includes(`<dt>Days with sales</dt><dd>${days}</dd>`));
    assert.ok(res.body.includes(`href="/stores/${west.id}/sales" data-load="#record-panel"`));
    assert.ok(res.body.includes(`href="/summaries/stores?state=${west.state_id}" data-load="#record-panel"`));
    assert.match(res.body, /<div id="record-panel" class="load-panel" role="region" aria-label="Details" hidden><\/div>/);
  });

  test('shows a user without the sales or reports role its fields and changes, and no sales figure', async () => {
    const res = await shared.clerk.inject({ url: `/stores/${west.id}` });
    assert.equal(res.statusCode, 200);
    assert.ok(res.body.includes(`<dd>${escaped(west.city)}</dd>`));
    assert.doesNotMatch(res.body, /<dt>Sales<\/dt>|\/sales" data-load|\/summaries\/stores|id="record-panel"/);
    assert.match(res.body, /<h2>Recent changes<\/h2>/);
  });

  test('lists its recent changes from the audit log, newest first, with who changed which field', async () => {
    const edited = await shared.clerk.inject({
      method: 'PATCH',
      url: '/api/stores',
      payload: { StoreID: west.id, Version: west.version, City: 'Detailville' },
    });
    assert.equal(edited.statusCode, 200, edited.body);
    const body = (await shared.clerk.inject({ url: `/stores/${west.id}` })).body;
    const changes = /<table class="simple-table record-changes">([\s\S]*?)<\/table>/.exec(body)?.[1] ?? '';
    assert.match(changes, /<td>clerk<\/td><td class="record-changes-action">Changed<\/td>/);
    assert.match(changes, /<dt>City<\/dt><dd><span class="before">[^<]+<\/span> → <span class="after">Detailville<\/span><\/dd>/);
  });

  test('a partial request gets the content area alone, its main part marked for popups', async () => {
    const res = await shared.clerk.inject({ url: `/stores/${west.id}`, headers: { 'hx-request': 'true' } });
    assert.equal(res.statusCode, 200);
    assert.doesNotMatch(res.body, /<html|class="sidebar"/);
    assert.match(res.body, /^<title>Store \d+: [^<]+ · Backroom<\/title><main id="main"/);
    assert.match(res.body, /<div class="record-detail" data-detail-main>/);
    assert.equal(res.headers['hx-push-url'], `/stores/${west.id}`);
  });

  test('its days this cycle load into its panel with a heading and a Close button, one row a day', async () => {
    const res = await shared.manager.inject({
      url: `/stores/${west.id}/sales`,
      headers: { 'hx-request': 'true', 'hx-target': 'div#record-panel' },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['hx-push-url'], undefined, 'a panel does not move the address');
    assert.match(
      res.body,
      /<h2>Daily sales of store \d+: [^<]+<\/h2>\s*<button type="button" data-load-close="#record-panel">Close<\/button>/,
    );
    const rows = /<tbody>([\s\S]*?)<\/tbody>/.exec(res.body)?.[1]?.match(/<tr>/g) ?? [];
    assert.equal(rows.length, (await cycleSales(west.id)).days);
  });

  test("its state's stores load into the same panel, with a Close button for it", async () => {
    const res = await shared.manager.inject({
      url: `/summaries/stores?state=${west.state_id}`,
      headers: { 'hx-request': 'true', 'hx-target': 'div#record-panel' },
    });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /data-load-close="#record-panel"/);
  });

  test("is not found for a store outside the user's stores, nor for an unknown one; an administrator sees any", async () => {
    for (const url of [`/stores/${east.id}`, '/stores/99999999', `/stores/${MAX_KEY}`]) {
      const res = await shared.clerk.inject({ url });
      assert.equal(res.statusCode, 404, url);
      assert.ok(res.body.includes(escaped(m.detailNotFound)), url);
    }
    assert.equal((await shared.admin.inject({ url: `/stores/${east.id}` })).statusCode, 200);
    // Not a key at all: refused as such (test/server/params/key-param.test.ts), before any record is looked for.
    for (const url of ['/stores/abc', `/stores/${MAX_KEY + 1}`]) assert.equal((await shared.clerk.inject({ url })).statusCode, 400, url);
  });

  test('is refused to a user who may not open the Stores table', async () => {
    for (const url of [`/stores/${east.id}`, `/stores/${east.id}/sales`]) {
      const res = await shared.analyst.inject({ url });
      assert.equal(res.statusCode, 403, url);
      assert.ok(res.body.includes(m.forbidden), url);
    }
  });
});

describe("a user account's detail page", () => {
  test('shows an administrator the account, its group, roles and instances, and the changes it made and were made to it', async () => {
    const [clerk] = await sql<{ id: number; version: number }>(`select user_id as id, version from users where user_name = 'clerk'`);
    const [own] = await sql<{ id: number; version: number }>(
      `select s.store_id as id, s.version from stores s join groups g using (group_id) where g.code = 'WE' order by s.store_id desc limit 1`,
    );
    const renamed = await shared.clerk.inject({
      method: 'PATCH',
      url: '/api/stores',
      payload: { StoreID: own!.id, Version: own!.version, Name: 'Renamed by the clerk' },
    });
    assert.deepEqual((renamed.json() as { Succeed: number[] }).Succeed, [own!.id]);
    const edited = await shared.admin.inject({
      method: 'PATCH',
      url: '/api/users',
      payload: { UserID: clerk!.id, Version: clerk!.version, Email: 'casey@example.com' },
    });
    assert.equal(edited.statusCode, 200, edited.body);

    const res = await shared.manager.inject({ url: `/admin/users/${clerk!.id}` });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<h1>Casey Nguyen \(clerk\)<\/h1>/);
    assert.match(res.body, /<dt>Roles<\/dt><dd>Store operations<\/dd>/);
    assert.match(res.body, /<dt>Instances<\/dt><dd>Production \(PROD\)<\/dd>/);
    assert.match(res.body, /<dt>Group<\/dt><dd>[^<]+ \(WE\)<\/dd>/);
    assert.match(res.body, /<dt>Email<\/dt><dd>casey@example.com<\/dd>/);
    const [by, to] = [...res.body.matchAll(/<table class="simple-table record-changes">([\s\S]*?)<\/table>/g)].map((t) => t[1] ?? '');
    assert.match(by!, /<td>clerk<\/td><td>Stores<\/td><td>\d+<\/td><td class="record-changes-action">Changed<\/td>/);
    assert.match(by!, /Renamed by the clerk/);
    assert.match(to!, /<td>admin<\/td><td class="record-changes-action">Changed<\/td>/);
    assert.match(to!, /<dt>Email<\/dt>.*casey@example.com/);
  });

  test('is refused to a non-administrator and not found for an unknown id', async () => {
    const [admin] = await sql<{ id: number }>(`select user_id as id from users where user_name = 'admin'`);
    assert.equal((await shared.clerk.inject({ url: `/admin/users/${admin!.id}` })).statusCode, 403);
    assert.equal((await shared.manager.inject({ url: '/admin/users/99999999' })).statusCode, 404);
    assert.equal((await shared.manager.inject({ url: '/admin/users/new' })).statusCode, 200, 'the new-user form keeps its address');
  });
});

describe("a client error report's detail page", () => {
  let id: number;
  before(async () => {
    const sent = await shared.analyst.inject({
      method: 'POST',
      url: '/api/admin/user-error',
      payload: {
        Page: '/sales',
        Url: '/api/sales?draw=1',
        Status: 500,
        ErrorThrown: 'Internal Server Error',
        Message: 'Something went wrong on the server.',
        ExceptionMessage: 'boom <b>',
        ExceptionType: 'TypeError',
        StackTrace: 'TypeError: boom\n    at f (app.js:1:2)',
      },
    });
    assert.equal(sent.statusCode, 201);
    [{ id }] = (await sql<{ id: number }>(`select max(error_id)::int as id from user_errors`)) as [{ id: number }];
  });

  test('shows IT the whole record: page, URL, status, error, message, exception, stack trace, user and time', async () => {
    const res = await shared.itdesk.inject({ url: `/admin/user-errors/${id}` });
    assert.equal(res.statusCode, 200);
    const [row] = await sql<{ created_at: Date }>(`select created_at from user_errors where error_id = $1`, [id]);
    assert.ok(res.body.includes(`<h1>Client error of ${formatDateTime(row!.created_at)}</h1>`));
    for (const [label, value] of [
      ['Reported', formatDateTime(row!.created_at)],
      ['User', 'analyst'],
      ['Page', '/sales'],
      ['URL', '/api/sales?draw=1'],
      ['Status', '500'],
      ['Error', 'Internal Server Error'],
      ['Message', 'Something went wrong on the server.'],
      ['Exception message', 'boom &lt;b&gt;'],
      ['Exception type', 'TypeError'],
    ])
      assert.ok(res.body.includes(`<dt>${label}</dt><dd>${value}</dd>`), label);
    assert.ok(res.body.includes('<dt>Stack trace</dt><dd><pre>TypeError: boom\n    at f (app.js:1:2)</pre></dd>'));
  });

  test('is refused to users without the IT role and not found for an unknown id', async () => {
    assert.equal((await shared.clerk.inject({ url: `/admin/user-errors/${id}` })).statusCode, 403);
    assert.equal((await shared.itdesk.inject({ url: '/admin/user-errors/99999999' })).statusCode, 404);
  });
});

describe('the tables told of detail pages', () => {
  test('are every table whose rows change: those with pages of their own, and every other but the audit log', () => {
    const changeable = shared.t.app.resources.filter((def) => def.screen && def.name !== 'audit').map((def) => def.name);
    assert.deepEqual([...shared.t.app.detailPages.keys()].sort(), changeable.sort());
    for (const name of ['sales', 'states', 'cycles', 'groups', 'menus', 'messages']) assert.ok(shared.t.app.detailPages.has(name), name);
  });
});

describe("every other table's row page", () => {
  type Sale = { id: number; version: number; sales: string; store: number; sale_date: Date };
  const saleIn = async (region: string) =>
    (
      await sql<Sale>(
        `select x.sale_id::int as id, x.version, x.sales::text as sales, s.store_number as store, x.sale_date from sales x
         join stores s using (store_id) join groups g using (group_id) where g.code = $1 order by x.sale_id limit 1`,
        [region],
      )
    )[0]!;

  test("a daily sale's page shows its fields and its changes: who, the field, before and after", async () => {
    const sale = await saleIn('NE');
    const edited = await shared.manager.inject({
      method: 'PATCH',
      url: '/api/sales',
      payload: { SaleID: sale.id, Version: sale.version, Sales: 1234.5 },
    });
    assert.equal(edited.statusCode, 200, edited.body);
    const res = await shared.analyst.inject({ url: `/sales/${sale.id}` });
    assert.equal(res.statusCode, 200);
    assert.ok(
      res.body.includes(`<h1>Daily sales: ${sale.store}, ${formatDate(sale.sale_date)}</h1>`),
      'titled by the table and what names a sale: its store and day',
    );
    assert.ok(res.body.includes(`<dt>Sales</dt><dd>${formatCurrency('1234.5')}</dd>`));
    const changes = /<table class="simple-table record-changes">([\s\S]*?)<\/table>/.exec(res.body)?.[1] ?? '';
    assert.match(changes, /<td>manager<\/td>/);
    assert.ok(
      changes.includes(
        `<dt>Sales</dt><dd><span class="before">${formatCurrency(sale.sales)}</span> → <span class="after">${formatCurrency('1234.5')}</span></dd>`,
      ),
    );
    assert.match(res.body, /data-detail-main/, 'its main part marked for the popup the table opens');
  });

  test("a row outside the user's reach is not found, like one that does not exist", async () => {
    const west = await saleIn('WE');
    assert.equal((await shared.analyst.inject({ url: `/sales/${west.id}` })).statusCode, 404, 'a Northeast analyst, a West sale');
    assert.equal((await shared.admin.inject({ url: `/sales/${west.id}` })).statusCode, 200);
    assert.equal((await shared.admin.inject({ url: '/sales/9999999999999' })).statusCode, 404);
    assert.equal((await shared.admin.inject({ url: '/states/abc' })).statusCode, 400);
  });

  test("another user's message is not found; the audit log's entries have no page", async () => {
    const [message] = await sql<{ id: number }>(
      `select inbox_id::int as id from inbox where kind = 'message' and user_id <> (select user_id from users where user_name = 'analyst') limit 1`,
    );
    if (message) assert.equal((await shared.analyst.inject({ url: `/messages/${message.id}` })).statusCode, 404);
    assert.equal((await shared.admin.inject({ url: '/admin/audit/1' })).statusCode, 404);
  });

  test('a state with no recorded change says so', async () => {
    const [state] = await sql<{ id: number; name: string }>(`select state_id as id, name from states order by state_id limit 1`);
    const res = await shared.admin.inject({ url: `/states/${state!.id}` });
    assert.equal(res.statusCode, 200);
    assert.ok(res.body.includes(`<dt>Name</dt><dd>${escaped(state!.name)}</dd>`));
    assert.ok(res.body.includes(m.detailNoChanges));
  });
});
