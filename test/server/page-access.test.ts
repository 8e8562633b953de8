// One rule per page: who sees a menu entry is whoever its page admits, for every user and every entry, and a
// page's API agrees with the page. A user with the reports role alone opens Summaries and Charts (as the
// summaries and charts APIs let them), and every link of their dashboard opens. What a super administrator
// changes in the menus table (an entry's title, place, order, icon) cannot widen or narrow who sees a page:
// the table has no say in it. A definition's list rule widened in code reaches its screen, its API and its
// menu entry alike, on a database whose menu rows were made before.
import { after, before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { DEMO_PASSWORD, createTestApp, signIn, type SignedIn, type TestApp } from '../support/app.ts';
import { resources } from '../../server/resources/index.ts';
import { loadMenuRows } from '../../server/shell/menu.ts';
import { hashPassword } from '../../server/auth/password.ts';
import type { ResourceDef } from '../../server/resources/resource-def.ts';

/** The hrefs of the side menu's entries in a full page. */
function menuLinks(html: string): string[] {
  const nav = /<nav id="sidebar"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  return [...nav.matchAll(/<a href="([^"]+)" class="menu-link/g)].map((m) => m[1]!);
}

/** The dashboard's links: shortcuts and cards (where a card links to a page). */
function dashboardLinks(html: string): string[] {
  const main = /<main id="main"[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
  return [...new Set([...main.matchAll(/<a href="(\/[^"?#]*)[^"]*"/g)].map((m) => m[1]!))].filter((href) => !/\/\d+$/.test(href));
}

async function addUser(t: TestApp, name: string, roles: string[]): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const { rows } = await t.db.pool.query<{ user_id: number }>(
    `insert into users (user_name, first_name, last_name, password_hash, group_id)
     values ($1, 'Rita', 'Ports', $2, (select group_id from groups where code = 'WE')) returning user_id`,
    [name, hash],
  );
  await t.db.pool.query(`insert into user_roles (user_id, role_id) select $1, role_id from roles where code = any($2)`, [
    rows[0]!.user_id,
    roles,
  ]);
}

describe('a page, its menu entry and its API read one rule', () => {
  let t: TestApp;
  const users: Record<string, SignedIn> = {};
  const names = ['admin', 'manager', 'analyst', 'clerk', 'itdesk', 'trainee', 'reporter'];
  before(async () => {
    t = await createTestApp();
    await addUser(t, 'reporter', ['reports']);
    for (const name of names) users[name] = await signIn(t.app, name);
  });
  after(() => t?.close());

  test('for every user, an entry is shown exactly when its page opens', async () => {
    const urls = [...new Set((await loadMenuRows(t.db.pool)).map((r) => r.url).filter(Boolean))];
    assert.ok(urls.length > 10, `${urls.length} entries`);
    for (const name of names) {
      const shown = new Set(menuLinks((await users[name]!.inject({ url: '/' })).body));
      for (const url of urls) {
        const status = (await users[name]!.inject({ url })).statusCode;
        assert.equal(shown.has(url), status === 200, `${name}: ${url} is ${shown.has(url) ? 'shown' : 'hidden'} and answers ${status}`);
      }
    }
  });

  test('the reports role alone opens Summaries and Charts and their APIs, and every dashboard link', async () => {
    const reporter = users.reporter!;
    for (const url of ['/summaries', '/charts', '/reports', '/api/summaries/totals', '/api/charts/sales-per-cycle']) {
      assert.equal((await reporter.inject({ url })).statusCode, 200, url);
    }
    const links = dashboardLinks((await reporter.inject({ url: '/' })).body);
    assert.ok(links.includes('/summaries') && links.includes('/charts'), links.join(' '));
    for (const href of links) assert.equal((await reporter.inject({ url: href })).statusCode, 200, href);
  });

  test('the menus table cannot widen or narrow who sees a page: it has no say in it', async () => {
    const sales = (await t.db.pool.query<{ menu_id: number; version: number }>("select menu_id, version from menus where url = '/sales'"))
      .rows[0]!;
    const widen = await users.admin!.inject({
      method: 'PATCH',
      url: '/api/menus',
      payload: { MenuID: sales.menu_id, Version: sales.version, RequiredRole: null, AdminOnly: false },
    });
    assert.equal(widen.statusCode, 400, widen.body);
    const renamed = await users.admin!.inject({
      method: 'PATCH',
      url: '/api/menus',
      payload: { MenuID: sales.menu_id, Version: sales.version, Title: 'Day by day' },
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.ok((await users.analyst!.inject({ url: '/' })).body.includes('Day by day'));
    assert.ok(
      !(await users.clerk!.inject({ url: '/' })).body.includes('Day by day'),
      'the clerk, who has no sales role, still does not see it',
    );
    assert.equal((await users.clerk!.inject({ url: '/sales' })).statusCode, 403);
  });
});

/** The states' definition, listed by `rule`. */
function statesListedBy(def: ResourceDef, rule: { role: 'it' }): ResourceDef {
  const access = { ...def.access, list: rule };
  return { ...def, access, browserHalf: { ...def.browserHalf, access } };
}

describe("a definition's list rule widened in code, on a database made before", () => {
  let t: TestApp;
  before(async () => {
    // States listed by the IT role only: the menu rows this database was seeded with are not touched.
    const widened = resources.map((def): ResourceDef => (def.name === 'states' ? statesListedBy(def, { role: 'it' }) : def));
    t = await createTestApp({}, { resources: widened });
  });
  after(() => t?.close());

  test('its screen, its API and its menu entry answer alike', async () => {
    for (const [name, opens] of [
      ['itdesk', true],
      ['clerk', false],
    ] as const) {
      const user = await signIn(t.app, name);
      const screen = (await user.inject({ url: '/states' })).statusCode;
      const api = (await user.inject({ url: '/api/states?draw=1' })).statusCode;
      const inMenu = menuLinks((await user.inject({ url: '/' })).body).includes('/states');
      assert.deepEqual([screen, api, inMenu], opens ? [200, 200, true] : [403, 403, false], name);
    }
  });
});
