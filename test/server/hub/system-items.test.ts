// What the system raises by itself, stored with IsRead and pushed live through the hub: the daily check's
// alert for a store's missing sales (to whoever may read sales and sees the store, once per store and day),
// "Your export is ready" (and an alert when one failed midway), and "A row you edited was changed by
// someone else".
import { before, describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { formatDate } from '../../../common/format.ts';
import { defaultMessages as m, fill } from '../../../server/messages.ts';
import type { CurrentUser } from '../../../common/roles.ts';
import { checkMissingSales, dayBefore, nextCheck, CHECK_HOUR } from '../../../server/inbox/system/missing-sales.ts';
import { watchDownload } from '../../../server/inbox/system/export-notices.ts';
import { noticeRowChanges } from '../../../server/inbox/system/row-changes.ts';
import { loadActiveUsers } from '../../../server/users/current-user.ts';
import { useTestAppWith, type SignedIn } from '../../support/app.ts';
import { until } from '../../support/until.ts';
import { chromiumPath } from '../../support/browser.ts';
import { connectHub, framesUntilNow, userIdOf } from '../../support/hub-client.ts';

describe('alerts and notifications the system raises', () => {
  // Every finished export tells its user, however quick.
  const shared = useTestAppWith({ limits: { exports: { noticeAfterMs: 0 } } }, 'admin', 'manager', 'analyst', 'clerk', 'itdesk');
  let base = '';
  const ids: Record<string, number> = {};
  before(async () => {
    base = await shared.t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const name of ['admin', 'manager', 'analyst', 'clerk', 'itdesk'] as const) ids[name] = await userIdOf(shared[name]);
  });

  async function itemsOf(userId: number, topic: string) {
    const { rows } = await shared.t.db.pool.query(
      'select inbox_id, kind, title, body, is_read, sender_id from inbox where user_id = $1 and topic = $2 order by inbox_id',
      [userId, topic],
    );
    return rows;
  }

  test("a store's missing daily sales alert, once, the users who may read sales and see that store, live", async () => {
    const pool = shared.t.db.pool;
    const day = (await pool.query(`select to_char(max(sale_date), 'YYYY-MM-DD') as day from sales`)).rows[0].day as string;
    const storeOf = async (group: string) =>
      (
        await pool.query(
          `select s.store_id, s.store_number || ' ' || s.name as label from stores s join groups g using (group_id)
           where g.code = $1 and s.is_active and exists (select 1 from sales x where x.store_id = s.store_id and x.sale_date = $2)
           order by s.store_id limit 1`,
          [group, day],
        )
      ).rows[0] as { store_id: number; label: string };
    const northeast = await storeOf('NE');
    const west = await storeOf('WE');
    await pool.query('delete from sales where sale_date = $1 and store_id = any($2::int[])', [day, [northeast.store_id, west.store_id]]);
    const analyst = await connectHub(base, shared.analyst.cookie);
    const clerk = await connectHub(base, shared.clerk.cookie);

    assert.ok((await checkMissingSales(shared.t.app, day)) >= 2);
    const topic = `sales-missing:${day}`;
    const [analystAlert] = await itemsOf(ids.analyst!, topic);
    assert.equal(analystAlert.kind, 'alert');
    assert.equal(analystAlert.is_read, false);
    assert.equal(analystAlert.sender_id, null);
    assert.match(analystAlert.title, new RegExp(`on ${formatDate(day).replaceAll('/', '\\/')}$`));
    assert.ok(analystAlert.body.includes(northeast.label), 'the analyst sees the Northeast store');
    assert.ok(!analystAlert.body.includes(west.label), 'and not the West one');
    for (const name of ['admin', 'manager'] as const) {
      const [alert] = await itemsOf(ids[name]!, topic);
      assert.ok(alert.body.includes(northeast.label) && alert.body.includes(west.label), `${name} sees every store`);
    }
    for (const name of ['clerk', 'itdesk'] as const) assert.deepEqual(await itemsOf(ids[name]!, topic), [], `${name} may not read sales`);

    const live = await analyst.next('inbox', (f) => f.item.ID === analystAlert.inbox_id);
    assert.equal(live.kind, 'alert');
    assert.deepEqual(
      (await framesUntilNow(shared.t.app, clerk, ids.clerk!)).filter((f) => f.type === 'inbox'),
      [],
    );

    assert.equal(await checkMissingSales(shared.t.app, day), 0, 'a second check raises nothing new');
    assert.equal((await itemsOf(ids.analyst!, topic)).length, 1);
    await Promise.all([analyst.close(), clerk.close()]);
  });

  test('the check looks at the day before, and runs next at its hour', () => {
    assert.equal(dayBefore(new Date(2026, 0, 1, 10)), '2025-12-31');
    assert.deepEqual(nextCheck(new Date(2026, 5, 3, CHECK_HOUR - 1, 30)), new Date(2026, 5, 3, CHECK_HOUR));
    assert.deepEqual(nextCheck(new Date(2026, 5, 3, CHECK_HOUR, 0, 1)), new Date(2026, 5, 4, CHECK_HOUR));
  });

  test('a finished table export notifies its user that it is ready, live', async () => {
    const clerk = await connectHub(base, shared.clerk.cookie);
    const res = await fetch(`${base}/api/stores/export?format=csv`, { headers: { cookie: shared.clerk.cookie } });
    assert.equal(res.status, 200);
    await res.arrayBuffer();
    const frame = await clerk.next('inbox', (f) => f.item.Title === m.exportReadyTitle);
    assert.equal(frame.kind, 'notification');
    assert.equal(frame.item.Body, fill(m.exportReadyBody, ['Stores', 'CSV']));
    assert.equal(frame.item.IsRead, false);
    await clerk.close();
  });

  test('a download whose rows fail midway raises an alert for its user', async () => {
    const clerk = await connectHub(base, shared.clerk.cookie);
    const user = { ID: ids.clerk!, UserName: 'clerk', FullName: 'Casey Nguyen' } as CurrentUser;
    const server: Server = createServer((_req, res) => {
      let sent = false;
      const body = new Readable({
        read() {
          if (sent) this.destroy(new Error('the database went away'));
          else this.push('StoreNumber,Name\r\n');
          sent = true;
        },
      });
      watchDownload(shared.t.app, user, { title: 'Stores', format: 'CSV' }, body, res);
      body.on('error', () => res.destroy());
      body.pipe(res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await fetch(`http://127.0.0.1:${port}/`)
      .then((r) => r.arrayBuffer())
      .catch(() => undefined);
    const frame = await clerk.next('inbox', (f) => f.item.Title === m.exportFailedTitle);
    assert.equal(frame.kind, 'alert');
    assert.equal(frame.item.Severity, 'error');
    assert.equal(frame.item.Body, fill(m.exportFailedBody, ['Stores', 'CSV', m.exportFailedReason]));
    server.close();
    await clerk.close();
  });

  test("a table's PDF notifies its user that it is ready", {
    skip: chromiumPath() ? false : 'no Chromium: PDFs cannot be printed',
  }, async () => {
    const clerk = await connectHub(base, shared.clerk.cookie);
    const res = await shared.clerk.inject({ url: '/api/common/report?filename=stores&format=pdf' });
    assert.equal(res.statusCode, 200);
    const frame = await clerk.next('inbox', (f) => f.item.Title === m.exportReadyTitle && f.item.Body.includes('PDF'));
    assert.equal(frame.item.Body, fill(m.exportReadyBody, ['Stores', 'PDF']));
    await clerk.close();
  });

  test('a row changed by someone else notifies who changed it in the last hour, once while unread', async () => {
    const pool = shared.t.db.pool;
    const store = (
      await pool.query(
        `select s.store_id, s.name from stores s join groups g using (group_id) where g.code = 'WE' order by s.store_id limit 1`,
      )
    ).rows[0] as { store_id: number; name: string };
    const version = async () => (await pool.query('select version from stores where store_id = $1', [store.store_id])).rows[0].version;
    const rename = async (user: SignedIn, name: string) => {
      const res = await user.inject({
        method: 'PATCH',
        url: '/api/stores',
        payload: { StoreID: store.store_id, Version: await version(), Name: name },
      });
      assert.deepEqual(res.json().Succeed, [store.store_id], res.body);
    };
    const clerk = await connectHub(base, shared.clerk.cookie);
    const admin = await connectHub(base, shared.admin.cookie);
    const topic = `row:stores:${store.store_id}`;

    await rename(shared.clerk, `${store.name} West`);
    await rename(shared.admin, `${store.name} Central`);
    const frame = await clerk.next('inbox', (f) => f.item.Title === m.rowChangedTitle);
    assert.equal(frame.kind, 'notification');
    assert.equal(frame.item.Body, fill(m.rowChangedBody, ['Avery Administrator', 'Stores', `${store.name} Central`]));
    assert.deepEqual(
      (await framesUntilNow(shared.t.app, admin, ids.admin!)).filter((f) => f.type === 'inbox'),
      [],
      'who made the change is not told of it',
    );

    await rename(shared.admin, `${store.name} East`);
    await framesUntilNow(shared.t.app, clerk, ids.clerk!);
    assert.equal((await itemsOf(ids.clerk!, topic)).length, 1, 'one notice while the first is unread');
    assert.deepEqual(await itemsOf(ids.manager!, topic), [], 'someone who never edited the row is not told');

    // The admin edited it too: the clerk's change now tells the admin.
    await rename(shared.clerk, store.name);
    const toAdmin = await admin.next('inbox', (f) => f.item.Title === m.rowChangedTitle);
    assert.equal(toAdmin.item.Body, fill(m.rowChangedBody, ['Casey Nguyen', 'Stores', store.name]));
    await Promise.all([clerk.close(), admin.close()]);
  });

  test('a notice that runs late counts only the edits made before the change it tells of', async () => {
    // The notice runs after the answer; under load it may run after someone told of an earlier change has
    // edited the row in turn. That later edit must not make its author an "earlier" editor of this one.
    const pool = shared.t.db.pool;
    const store = (
      await pool.query(
        `select s.store_id, s.name from stores s join groups g using (group_id) where g.code = 'WE' order by s.store_id offset 1 limit 1`,
      )
    ).rows[0] as { store_id: number; name: string };
    const topic = `row:stores:${store.store_id}`;
    const rename = async (user: SignedIn, name: string) => {
      const version = (await pool.query('select version from stores where store_id = $1', [store.store_id])).rows[0].version;
      const res = await user.inject({
        method: 'PATCH',
        url: '/api/stores',
        payload: { StoreID: store.store_id, Version: version, Name: name },
      });
      assert.deepEqual(res.json().Succeed, [store.store_id], res.body);
    };
    await rename(shared.admin, `${store.name} North`);
    await rename(shared.clerk, `${store.name} South`);
    await until(async () => (await itemsOf(ids.admin!, topic)).length === 1, "the admin told of the clerk's change");
    await rename(shared.manager, `${store.name} East`);
    await until(async () => (await itemsOf(ids.clerk!, topic)).length === 1, "the clerk told of the manager's change");
    // The clerk's change told again, late: the admin (who edited before it) is told, the manager (after) is not.
    await pool.query('delete from inbox where topic = $1', [topic]);
    const def = shared.t.app.resources.find((r) => r.name === 'stores')!;
    const [clerkUser] = await loadActiveUsers(pool, [ids.clerk!]);
    noticeRowChanges(shared.t.app, def, 'edit', clerkUser!, { Succeed: [store.store_id], Failed: [], Data: [], Error: null });
    await until(async () => (await itemsOf(ids.admin!, topic)).length === 1, 'the admin told again');
    assert.deepEqual(await itemsOf(ids.manager!, topic), [], 'an edit made after the change is not an earlier one');
    await rename(shared.admin, store.name);
  });

  test("a row moved out of an earlier editor's reach is not told to them, nor named to them by its new values", async () => {
    const pool = shared.t.db.pool;
    const store = (
      await pool.query(
        `select s.store_id, s.name from stores s join groups g using (group_id) where g.code = 'WE' order by s.store_id desc limit 1`,
      )
    ).rows[0] as { store_id: number; name: string };
    const northeast = (await pool.query(`select group_id from groups where code = 'NE'`)).rows[0].group_id as number;
    const version = async () => (await pool.query('select version from stores where store_id = $1', [store.store_id])).rows[0].version;
    const edit = async (user: SignedIn, values: Record<string, unknown>) => {
      const res = await user.inject({
        method: 'PATCH',
        url: '/api/stores',
        payload: { StoreID: store.store_id, Version: await version(), ...values },
      });
      assert.deepEqual(res.json().Succeed, [store.store_id], res.body);
    };
    const topic = `row:stores:${store.store_id}`;
    await pool.query('update inbox set is_read = true where topic = $1', [topic]);
    await edit(shared.clerk, { Name: `${store.name} by the clerk` });
    await edit(shared.manager, { Name: `${store.name} by the manager` });
    // The manager's edit is told to the clerk after its answer: waited for, so that it is not counted below.
    await until(async () => (await itemsOf(ids.clerk!, topic)).some((i) => !i.is_read), "the clerk told of the manager's edit");
    // Both earlier editors have been told once already: read, so that the next change may tell them again.
    const manager = await connectHub(base, shared.manager.cookie);
    const clerk = await connectHub(base, shared.clerk.cookie);
    await pool.query('update inbox set is_read = true where topic = $1', [topic]);
    const clerkItems = (await itemsOf(ids.clerk!, topic)).length;

    const secret = 'Moved to the Northeast';
    await edit(shared.admin, { GroupID: northeast, Name: secret });
    // The manager, who sees every store, is told, by the row's new name; the clerk's notice, if any, would
    // have been raised with it.
    // (A notice of the clerk's edit may still be on its way to the manager: the admin's is waited for.)
    const told = await manager.next('inbox', (f) => f.item.Title === m.rowChangedTitle && f.item.Body.startsWith('Avery Administrator'));
    assert.equal(told.item.Body, fill(m.rowChangedBody, ['Avery Administrator', 'Stores', secret]));
    assert.equal((await itemsOf(ids.clerk!, topic)).length, clerkItems, 'the clerk, who may no longer see the store, is not told');
    assert.ok(!JSON.stringify(await framesUntilNow(shared.t.app, clerk, ids.clerk!)).includes(secret));
    await Promise.all([clerk.close(), manager.close()]);
  });
});
