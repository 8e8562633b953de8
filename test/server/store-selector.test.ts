// The header's store selector as the server draws it: its label names what each user sees (every store, or
// their region's, with the count their queries reach), the list it offers is grouped by region and state, and
// only pages whose data follows the selection show it.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { signIn, useTestApp } from '../support/app.ts';

const shared = useTestApp('admin', 'analyst', 'clerk');

const selectorLabel = (html: string) => /id="store-selector-label">([^<]*)</.exec(html)?.[1];
/** The selector's opening tag, or undefined on a page without one. */
const selectorTag = (html: string) => /<button type="button" id="store-selector"[^>]*>/.exec(html)?.[0];

async function groupSize(code: string): Promise<number> {
  const r = await shared.t.db.pool.query(`select count(*)::int as n from stores join groups using (group_id) where code = $1`, [code]);
  return r.rows[0].n as number;
}

describe('the store selector', () => {
  test('names every store and their count for administrators and head office, and the region and its count for everyone else', async () => {
    const all = (await shared.t.db.pool.query('select count(*)::int as n from stores')).rows[0].n as number;
    const expected: Record<string, string> = {
      admin: `All stores (${all})`,
      manager: `All stores (${all})`,
      itdesk: `All stores (${all})`,
      analyst: `All Northeast stores (${await groupSize('NE')})`,
      clerk: `All West stores (${await groupSize('WE')})`,
      trainee: `All Midwest stores (${await groupSize('MW')})`,
    };
    for (const [user, label] of Object.entries(expected)) {
      const session = await signIn(shared.t.app, user);
      assert.equal(selectorLabel((await session.inject({ url: '/' })).body), label, user);
    }
  });

  test("counts exactly the stores the user's list offers", async () => {
    const listed = (await shared.clerk.inject({ url: '/api/common/stores' })).json() as unknown[];
    assert.equal(selectorLabel((await shared.clerk.inject({ url: '/' })).body), `All West stores (${listed.length})`);
    assert.match(
      selectorTag((await shared.clerk.inject({ url: '/' })).body)!,
      new RegExp(`data-region="West" data-total="${listed.length}"`),
    );
  });

  test('a regional user without a group is told they see no store', async () => {
    const before = await shared.t.db.pool.query(`select group_id from users where user_name = 'trainee'`);
    await shared.t.db.pool.query(`update users set group_id = null where user_name = 'trainee'`);
    try {
      const trainee = await signIn(shared.t.app, 'trainee');
      assert.equal(selectorLabel((await trainee.inject({ url: '/' })).body), 'All stores (0)');
      assert.deepEqual((await trainee.inject({ url: '/api/common/stores' })).json(), []);
    } finally {
      await shared.t.db.pool.query(`update users set group_id = $1 where user_name = 'trainee'`, [before.rows[0].group_id]);
    }
  });

  test('lists the stores with their region and state, by region, state and number', async () => {
    type Listed = { StoreNumber: number; Name: string; City: string; StateCode: string; StateName: string; Region: string };
    const ne = (await shared.analyst.inject({ url: '/api/common/stores' })).json() as Listed[];
    assert.ok(ne.length > 0);
    assert.ok(ne.every((s) => s.Region === 'Northeast' && s.StateName && s.City));
    const all = (await shared.admin.inject({ url: '/api/common/stores' })).json() as Listed[];
    const order = all.map((s) => [s.Region, s.StateName, s.StoreNumber] as const);
    const sorted = [...order].sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]) || a[2] - b[2]);
    assert.deepEqual(order, sorted);
    assert.equal(new Set(all.map((s) => s.Region)).size, 5);
  });

  test('shows on the pages whose data follows the selection and is hidden on the others', async () => {
    for (const url of ['/', '/summaries', '/charts', '/reports']) {
      const body = (await shared.admin.inject({ url })).body;
      assert.doesNotMatch(selectorTag(body)!, / hidden>/, url);
      assert.match(body, /<main id="main"[^>]* data-store-selector>/, url);
    }
    for (const url of ['/states', '/admin/users', '/admin/user-errors', '/no-such-page']) {
      const body = (await shared.admin.inject({ url })).body;
      assert.match(selectorTag(body)!, / hidden>/, url);
      assert.doesNotMatch(body, /data-store-selector/, url);
    }
  });

  test('a swapped-in page says whether the selector applies to it, for the browser to show or hide it', async () => {
    const swap = (url: string) => shared.admin.inject({ url, headers: { 'hx-request': 'true', 'hx-target': 'main#main' } });
    assert.match((await swap('/summaries')).body, /<main id="main"[^>]* data-store-selector>/);
    assert.doesNotMatch((await swap('/states')).body, /data-store-selector/);
  });
});
