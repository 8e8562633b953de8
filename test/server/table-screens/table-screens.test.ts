// The table screens through HTTP: one per definition with a screen, answered for the users its menu entry
// and list access admit and refused (403) to others; the first page's rows already in the HTML, on a full
// load and a partial swap alike, inside the data-table island with its config (and no SQL); no menu page
// says it is being built; a menu row whose page does not exist is not shown.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import type { TableConfig, TablePage } from '../../../common/table-config.ts';
import { resources } from '../../../server/resources/index.ts';
import { forgetTotals } from '../../../server/table-api/cache/totals-cache.ts';
import { useTestApp, type SignedIn } from '../../support/app.ts';
import { unescapeHtml } from '../../support/forms.ts';
import { islandProps as islandPropsOf } from '../../support/islands-on-page.ts';

const shared = useTestApp('admin', 'clerk', 'trainee', 'itdesk', 'manager');

const screens = resources.flatMap((d) => ('screen' in d && d.screen ? [{ name: d.name, screen: d.screen as string, title: d.title }] : []));

interface IslandProps {
  config: TableConfig;
  initial: TablePage;
  initialStores: number[] | null;
}

const islandProps = (html: string) => islandPropsOf<IslandProps>(html);

/** The island's server-rendered body rows, as the text of their cells. */
function bodyRows(html: string): string[][] {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? '';
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((r) =>
    [...r[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((c) => unescapeHtml(c[1]!.replace(/<[^>]+>/g, '')).trim()),
  );
}

async function get(user: SignedIn, url: string, partial = false) {
  return user.inject({ url, headers: partial ? { 'hx-request': 'true', 'hx-target': 'main#main' } : {} });
}

describe('table screens', () => {
  test('every definition with a screen names a menu row of the demo data', async () => {
    const urls = (await shared.t.db.pool.query<{ url: string }>(`select url from menus`)).rows.map((r) => r.url);
    // Counted from the registry, never a fixed number: an entity added with its screen is walked too.
    assert.equal(screens.length, resources.filter((r) => r.screen).length);
    assert.ok(screens.length > 0);
    for (const s of screens) assert.ok(urls.includes(s.screen), `${s.screen} is a menu row`);
  });

  for (const s of screens) {
    test(`${s.screen} shows the ${s.name} table with its first page of rows to the admin`, async () => {
      const res = await get(shared.admin, s.screen);
      assert.equal(res.statusCode, 200);
      const props = islandProps(res.body);
      assert.equal(props.config.resource, s.name);
      assert.equal(props.config.pagePath, s.screen);
      assert.match(res.body, new RegExp(`<h1[^>]*>${s.title}</h1>`));
      const rows = bodyRows(res.body);
      if (props.initial.data.length === 0) {
        assert.equal(rows.length, 1, 'one row says there is no data');
      } else {
        assert.equal(rows.length, props.initial.data.length);
      }
    });
  }

  test('the stores screen draws its first page of rows, formatted, in the full page and in a partial swap', async () => {
    for (const partial of [false, true]) {
      const res = await get(shared.admin, '/stores', partial);
      assert.equal(res.statusCode, 200);
      if (partial) assert.doesNotMatch(res.body, /<html/);
      const { initial, config } = islandProps(res.body);
      assert.equal(initial.data.length, config.pageSize);
      const rows = bodyRows(res.body);
      assert.equal(rows.length, config.pageSize);
      const first = initial.data[0]!;
      // The first cell is the row checkbox; the first shown column is the store number.
      assert.equal(rows[0]![1], String(first.StoreNumber));
      assert.ok(rows[0]!.includes(String(first.Name)));
      assert.ok(rows[0]!.includes(first.IsActive ? 'Yes' : 'No'));
      const sorted = initial.data.map((r) => Number(r.StoreNumber));
      assert.deepEqual(
        sorted,
        [...sorted].sort((a, b) => a - b),
        'in the default sort',
      );
    }
  });

  test("each first page says when its own rows were read, however the server keeps the table's drawing", async () => {
    const times: string[] = [];
    for (let i = 0; i < 2; i++) {
      const before = Date.now();
      const res = await get(shared.admin, '/stores');
      const after = Date.now();
      const syncedAt = islandProps(res.body).initial.syncedAt;
      const at = Date.parse(syncedAt);
      assert.ok(at >= before && at <= after, `the rows' time ${syncedAt} is the request's, not a kept one`);
      assert.match(res.body, new RegExp(`<time class="dt-updated" dateTime="${syncedAt}"`), '"last updated" reads it too');
      times.push(syncedAt);
      await new Promise((r) => setTimeout(r, 5));
    }
    assert.notEqual(times[0], times[1]);
  });

  test('each first page says when its own footer totals were computed, though the drawing is kept', async () => {
    const times: string[] = [];
    for (let i = 0; i < 2; i++) {
      // As when kept totals run out: the next page computes them afresh.
      forgetTotals(shared.t.db.pool, 'sales');
      const before = Date.now();
      const res = await get(shared.admin, '/sales');
      const after = Date.now();
      const { totalsSyncedAt } = islandProps(res.body).initial;
      assert.ok(totalsSyncedAt, 'the sales table has footer totals');
      const at = Date.parse(totalsSyncedAt);
      assert.ok(at >= before && at <= after, `the totals' time ${totalsSyncedAt} is this page's, not a kept one`);
      times.push(totalsSyncedAt);
      await new Promise((r) => setTimeout(r, 5));
    }
    assert.notEqual(times[0], times[1]);
  });

  test("the first page follows the page URL's store selection on a store-scoped screen", async () => {
    const some = (await shared.t.db.pool.query<{ store_id: number }>(`select store_id from stores order by store_id limit 2`)).rows.map(
      (r) => r.store_id,
    );
    const res = await get(shared.admin, `/stores?stores=${some.join(',')}`);
    const { initial, initialStores, config } = islandProps(res.body);
    assert.equal(config.storeScoped, true);
    assert.deepEqual(initialStores, some);
    assert.deepEqual(initial.data.map((r) => r.StoreID).sort(), [...some].sort());
  });

  test('the config says what the user may do, and carries no SQL', async () => {
    const admin = islandProps((await get(shared.admin, '/stores')).body).config;
    assert.deepEqual(admin.can, { add: true, edit: true, delete: true, export: true });
    const clerk = islandProps((await get(shared.clerk, '/stores')).body).config;
    assert.deepEqual(clerk.can, { add: true, edit: true, delete: false, export: true });
    const states = islandProps((await get(shared.clerk, '/states')).body).config;
    assert.equal(states.storeScoped, false);
    const html = (await get(shared.admin, '/sales')).body;
    for (const def of resources) {
      for (const c of def.columns)
        if (c.sql.length > 3) assert.ok(!html.includes(c.sql) || /^\w+$/.test(c.sql), `${def.name}.${c.name} SQL in the page`);
    }
    assert.doesNotMatch(html, /"sql"/);
  });

  test('each access gets the config made for it, in any order, and a changed access at once', async (t) => {
    const can = async (user: SignedIn, url: string) => islandProps((await get(user, url)).body).config.can;
    const everything = { add: true, edit: true, delete: true, export: true };
    const storeStaff = { add: true, edit: true, delete: false, export: true };
    assert.deepEqual(await can(shared.admin, '/stores'), everything);
    assert.deepEqual(await can(shared.clerk, '/stores'), storeStaff);
    assert.deepEqual(await can(shared.admin, '/stores'), everything);
    // A super administrator and an administrator differ on the users table: only the first deletes.
    assert.equal((await can(shared.manager, '/admin/users')).delete, false);
    assert.equal((await can(shared.admin, '/admin/users')).delete, true);
    assert.equal((await can(shared.manager, '/admin/users')).delete, false);

    const edit = async (values: Record<string, unknown>) => {
      const r = await shared.t.db.pool.query<{ id: number; version: number }>(
        "select user_id as id, version from users where user_name = 'trainee'",
      );
      const res = await shared.admin.inject({
        method: 'PATCH',
        url: '/api/users',
        payload: { UserID: r.rows[0]!.id, Version: r.rows[0]!.version, ...values },
      });
      assert.deepEqual(res.json().Failed, [], res.body);
    };
    t.after(() => edit({ Roles: [], IsAdmin: false }));
    assert.equal((await get(shared.trainee, '/stores')).statusCode, 403);
    await edit({ Roles: ['stores'] });
    assert.deepEqual(await can(shared.trainee, '/stores'), storeStaff, 'given a role: what the role may do');
    await edit({ IsAdmin: true });
    assert.deepEqual(await can(shared.trainee, '/stores'), everything, 'made an administrator: everything');
  });

  test('Import is offered on the tables that take files, to who may add or edit there, with the key it matches on', async () => {
    const config = async (user: SignedIn, url: string) => islandProps((await get(user, url)).body).config;
    assert.deepEqual((await config(shared.admin, '/states')).import, { key: ['Code'] });
    assert.deepEqual((await config(shared.admin, '/cycles')).import, { key: ['Kind', 'StartDate'] });
    assert.deepEqual((await config(shared.manager, '/sales')).import, { key: ['StoreNumber', 'SaleDate'] });
    assert.deepEqual((await config(shared.clerk, '/stores')).import, { key: ['StoreNumber'] });
    // The clerk may only read states; the users table takes no files.
    assert.equal((await config(shared.clerk, '/states')).import, undefined);
    assert.equal((await config(shared.admin, '/admin/users')).import, undefined);
  });

  test('a user the menu entry does not admit is refused with 403, as is one the list access refuses', async () => {
    assert.equal((await get(shared.trainee, '/stores')).statusCode, 403);
    assert.equal((await get(shared.trainee, '/sales')).statusCode, 403);
    assert.equal((await get(shared.clerk, '/admin/users')).statusCode, 403);
    assert.equal((await get(shared.manager, '/admin/menus')).statusCode, 403);
    assert.equal((await get(shared.clerk, '/admin/user-errors')).statusCode, 403);
    assert.equal((await get(shared.itdesk, '/admin/user-errors')).statusCode, 200);
    assert.equal((await get(shared.trainee, '/messages')).statusCode, 200);
  });

  test('the users screen is the users table, with the way to the full new-user form and its notice', async () => {
    const res = await get(shared.admin, '/admin/users');
    assert.equal(islandProps(res.body).config.resource, 'users');
    assert.match(res.body, /href="\/admin\/users\/new"/);
    const id = (await shared.t.db.pool.query<{ user_id: number }>(`select user_id from users where user_name = 'clerk'`)).rows[0]!.user_id;
    assert.match((await get(shared.admin, `/admin/users?added=${id}`)).body, /User &quot;clerk&quot; was added\.|User "clerk" was added\./);
  });

  test('no menu page says it is being built', async () => {
    for (const s of screens) {
      const res = await get(shared.admin, s.screen);
      assert.doesNotMatch(res.body, /being built/i, s.screen);
    }
  });

  test('a menu row whose page does not exist is not shown in the menu', async () => {
    await shared.t.db.pool.query(
      `insert into menus (parent_id, title, url, icon, sort_order) values (null, 'Nowhere yet', '/nowhere-yet', 'info', 99)`,
    );
    const res = await get(shared.admin, '/');
    assert.doesNotMatch(res.body, /Nowhere yet/);
    assert.match(res.body, /href="\/stores"/);
    await shared.t.db.pool.query(`delete from menus where url = '/nowhere-yet'`);
  });
});
