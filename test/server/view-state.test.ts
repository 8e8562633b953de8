// GET /api/common/view-state: the signed-in user's application view state (spec section 3), each part within
// what that user may see, whole or by part; and the hub's `view-state` frame, which tells every tab, whoever
// its user, which part to load again.
import { before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { defaultMessages as m, fill } from '../../server/messages.ts';
import { viewStateParts, type ViewState } from '../../common/view-state.ts';
import { useTestApp, type SignedIn } from '../support/app.ts';
import { connectHub, userIdOf } from '../support/hub-client.ts';

describe('the view state', () => {
  const shared = useTestApp('admin', 'clerk', 'analyst');
  let base = '';
  before(async () => {
    base = await shared.t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  async function viewStateOf(user: SignedIn, query = ''): Promise<Partial<ViewState>> {
    const res = await user.inject({ url: `/api/common/view-state${query}` });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['cache-control'], 'no-store');
    return res.json();
  }

  test("holds every part, each within the user's reach", async () => {
    const pool = shared.t.db.pool;
    const clerk = (await viewStateOf(shared.clerk)) as ViewState;
    assert.deepEqual(Object.keys(clerk).sort(), [...viewStateParts].sort());
    const westStores = (
      await pool.query(`select store_id from stores join groups using (group_id) where code = 'WE' order by store_id`)
    ).rows.map((r) => r.store_id);
    assert.deepEqual(
      clerk.stores.map((s) => s.StoreID).sort((a, b) => a - b),
      westStores,
    );
    assert.deepEqual(
      clerk.groups.map((g) => g.Code),
      ['WE'],
    );
    const cycles = (await pool.query('select count(*)::int as n from cycles')).rows[0].n;
    const states = (await pool.query('select count(*)::int as n from states')).rows[0].n;
    assert.equal(clerk.cycles.length, cycles);
    assert.equal(clerk.states.length, states);
    const titles = (entries: ViewState['menus']): string[] => entries.flatMap((e) => [e.Title, ...titles(e.Children)]);
    assert.ok(titles(clerk.menus).includes('Stores'));
    assert.ok(!titles(clerk.menus).includes('Groups'), "an administrator's entry is not in a clerk's menus");

    const clerkId = await userIdOf(shared.clerk);
    const unread = (
      await pool.query(`select kind, count(*) filter (where not is_read)::int as n from inbox where user_id = $1 group by kind`, [clerkId])
    ).rows;
    assert.equal(clerk.messages.Unread, unread.find((r) => r.kind === 'message')?.n ?? 0);
    assert.equal(clerk.alerts.Unread, unread.find((r) => r.kind === 'alert')?.n ?? 0);
    assert.ok(clerk.notifications.Items.length > 0);
    assert.ok(clerk.notifications.Items.every((i) => i.Kind === 'notification' && typeof i.IsRead === 'boolean'));

    const admin = (await viewStateOf(shared.admin)) as ViewState;
    assert.equal(admin.stores.length, (await pool.query('select count(*)::int as n from stores')).rows[0].n);
    assert.equal(admin.groups.length, (await pool.query('select count(*)::int as n from groups')).rows[0].n);
    assert.ok(titles(admin.menus).includes('Groups'));
  });

  test('loads only the parts named, and refuses a part it does not have', async () => {
    const some = await viewStateOf(shared.analyst, '?parts=stores,menus');
    assert.deepEqual(Object.keys(some).sort(), ['menus', 'stores']);
    const refused = await shared.analyst.inject({ url: '/api/common/view-state?parts=stores,secrets' });
    assert.equal(refused.statusCode, 400);
    assert.deepEqual(refused.json(), { error: fill(m.viewStatePart, ['secrets', viewStateParts.join(', ')]) });
    const signedOut = await shared.t.app.inject({ url: '/api/common/view-state', headers: { accept: 'application/json' } });
    assert.equal(signedOut.statusCode, 401);
  });

  test("a store changed tells every user's tabs to load their stores again, even those who may not list stores", async () => {
    const analyst = await connectHub(base, shared.analyst.cookie);
    const store = (await shared.t.db.pool.query('select store_id, version, name from stores order by store_id limit 1')).rows[0];
    const res = await shared.admin.inject({
      method: 'PATCH',
      url: '/api/stores',
      payload: { StoreID: store.store_id, Version: store.version, Name: `${store.name} (renamed)` },
    });
    assert.deepEqual(res.json().Succeed, [store.store_id]);
    const frame = await analyst.next('view-state', (f) => f.part === 'stores');
    assert.equal(frame.by, await userIdOf(shared.admin));
    await analyst.close();
  });
});
