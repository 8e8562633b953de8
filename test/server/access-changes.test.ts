// A change to a signed-in user's roles, group or flags reaches their open tabs: every answer to them names
// the access they have now (X-Access-Version), which a page drawn for older access (its `access-version`
// meta) takes as the sign to load itself afresh, with the new menu and header; and their hub sockets are told
// ('access-changed') and closed, so that they connect again hearing what the new roles hear, not the old.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { CLOSE_ACCESS_CHANGED } from '../../common/hub-frames.ts';
import { useTestApp, type SignedIn } from '../support/app.ts';
import { connectHub } from '../support/hub-client.ts';

const shared = useTestApp('admin', 'clerk', 'analyst');

const metaAccess = (html: string) => /<meta name="access-version" content="([^"]+)">/.exec(html)?.[1] ?? '';
const storeRegion = (html: string) => /id="store-selector"[^>]*data-region="([^"]*)"/.exec(html)?.[1];

async function userRow(name: string): Promise<{ id: number; version: number }> {
  const r = await shared.t.db.pool.query<{ id: number; version: number }>('select user_id as id, version from users where user_name = $1', [
    name,
  ]);
  return r.rows[0]!;
}

async function edit(by: SignedIn, name: string, values: Record<string, unknown>): Promise<void> {
  const { id, version } = await userRow(name);
  const res = await by.inject({ method: 'PATCH', url: '/api/users', payload: { UserID: id, Version: version, ...values } });
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(res.json().Failed, [], res.body);
}

describe("a signed-in user's changed access", () => {
  test('every answer names the access the user has now; the next page is drawn for it, menu and header', async () => {
    const before = await shared.clerk.inject({ url: '/stores' });
    const drawnFor = metaAccess(before.body);
    assert.ok(drawnFor, 'the page carries the access it was drawn for');
    assert.equal(before.headers['x-access-version'], drawnFor);
    assert.equal(storeRegion(before.body), 'West');
    assert.doesNotMatch(before.body, /href="\/sales"/, 'no Daily sales in the menu');

    const northeast = (await shared.t.db.pool.query("select group_id from groups where code = 'NE'")).rows[0].group_id;
    await edit(shared.admin, 'clerk', { Roles: ['stores', 'sales', 'reports'], GroupID: northeast });

    const call = await shared.clerk.inject({ url: '/api/common/current-user' });
    assert.notEqual(call.headers['x-access-version'], drawnFor, 'an API answer says the access moved');
    const swap = await shared.clerk.inject({ url: '/sales', headers: { 'hx-request': 'true', 'hx-target': 'main#main' } });
    assert.equal(swap.statusCode, 200);
    assert.notEqual(swap.headers['x-access-version'], drawnFor, 'a page swap says so too (the tab loads whole)');
    const after = await shared.clerk.inject({ url: '/sales' });
    assert.equal(metaAccess(after.body), after.headers['x-access-version']);
    assert.equal(storeRegion(after.body), 'Northeast', 'the header names the new region');
    assert.match(after.body, /href="\/sales"/, 'the menu has Daily sales');
  });

  test('a signed-out answer names no access', async () => {
    const res = await shared.t.app.inject({ url: '/login' });
    assert.equal(res.headers['x-access-version'], undefined);
  });

  test('the hub closes the sockets of a user whose access changed, and they hear what the new roles hear', async () => {
    const base = await shared.t.app.listen({ port: 0, host: '127.0.0.1' });
    const analyst = await connectHub(base, shared.analyst.cookie);
    const admin = await connectHub(base, shared.admin.cookie);
    await Promise.all([analyst.next('hello'), admin.next('hello')]);

    await edit(shared.admin, 'analyst', { Roles: [] });
    await analyst.next('access-changed');
    assert.equal(await analyst.closed, CLOSE_ACCESS_CHANGED);
    assert.ok(!admin.frames.some((f) => f.type === 'access-changed'), "the administrator's own socket is left");

    // Connected again, as the user is now: a sale's change, which the administrator's socket hears, is not
    // told to the analyst, who may no longer list sales.
    const again = await connectHub(base, shared.analyst.cookie);
    await again.next('hello');
    const sale = (await shared.t.db.pool.query('select sale_id as id, version from sales order by sale_id limit 1')).rows[0];
    const changed = await shared.admin.inject({
      method: 'PATCH',
      url: '/api/sales',
      payload: { SaleID: sale.id, Version: sale.version, Transactions: 77 },
    });
    assert.equal(changed.statusCode, 200, changed.body);
    await admin.next('changed', (f) => f.resource === 'sales');
    // A message to the analyst, sent after the sale's change: on one socket frames arrive in order, so once it
    // is in, a frame of the sale's change would have come before it.
    const analystId = (await userRow('analyst')).id;
    const sent = await shared.admin.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { UserID: analystId, Title: 'After the sale', Body: 'Sent after the sale changed.', Severity: 'info' },
    });
    assert.equal(sent.statusCode, 200, sent.body);
    await again.next('inbox');
    assert.deepEqual(
      again.frames.filter((f) => f.type === 'changed' && f.resource === 'sales'),
      [],
    );
    await Promise.all([again.close(), admin.close()]);
  });
});
