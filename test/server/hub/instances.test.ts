// Two app instances on different ports sharing one PostgreSQL database, as behind a load balancer: what
// happens on one reaches the browsers of the other through LISTEN/NOTIFY, and counts and totals the other
// kept are forgotten at a change, as are the store choices it kept for a feed token and the sessions' users it kept. The embedded database serves one instance, so this runs on PostgreSQL only.
import { after, before, describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { CLOSE_SIGNED_OUT } from '../../../common/hub-frames.ts';
import { buildApp } from '../../../server/app.ts';
import { openDatabase, type Database } from '../../../server/db/index.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../support/app.ts';
import { postgresBase } from '../../support/template-db.ts';
import { connectHub, userIdOf } from '../../support/hub-client.ts';
import { until } from '../../support/until.ts';
import { currentQuery, url, type Row } from '../table-api/support.ts';
import { feed, issueToken } from '../feed/support.ts';
import { msg } from '../../../server/messages.ts';

const skip = postgresBase() ? false : 'two instances share a database on PostgreSQL only (run with DATABASE_URL)';

describe('two app instances sharing PostgreSQL', { skip }, () => {
  let one: TestApp;
  let twoDb: Database;
  let two: FastifyInstance;
  const base = { one: '', two: '' };
  before(async () => {
    one = await createTestApp();
    twoDb = await openDatabase({ databaseUrl: one.db.pool.options.connectionString!, dataDir: '' });
    two = await buildApp({ config: one.config, db: twoDb });
    base.one = await one.app.listen({ port: 0, host: '127.0.0.1' });
    base.two = await two.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await two?.close();
    await twoDb?.close();
    await one?.close();
  });

  test('a message sent through instance 1 reaches its recipient connected to instance 2 within a second', async () => {
    const itdesk = await signIn(one.app, 'itdesk');
    const clerk = await signIn(two, 'clerk');
    const hub = await connectHub(base.two, clerk.cookie);
    await hub.next('hello');
    const sent = await itdesk.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { UserID: await userIdOf(clerk), Title: 'From the other instance' },
    });
    const [id] = sent.json().Succeed as number[];
    const arrived = await hub.next('inbox', (f) => f.item.ID === id, 1000);
    assert.equal(arrived.item.Title, 'From the other instance');
    await hub.close();
  });

  test("a row changed through instance 1 shows in instance 2's next list answer, its kept totals forgotten", async () => {
    const admin1 = await signIn(one.app, 'admin');
    const admin2 = await signIn(two, 'admin');
    const watching = await connectHub(base.two, admin2.cookie);
    const name = 'Renamed on instance one';
    const list = async (admin: SignedIn) =>
      (
        await admin.inject({ url: url('stores', currentQuery(['StoreID', 'Name', 'StoreNumber'], { 'search[value]': name })) })
      ).json() as Row;
    const before = await list(admin2);
    assert.equal(before.recordsFiltered, 0);
    assert.equal((before.totals as Row).StoreNumber, 0);
    assert.equal((await list(admin2)).totalsSyncedAt, before.totalsSyncedAt, 'instance 2 keeps its totals');

    const store = (await one.db.pool.query('select store_id, version from stores order by store_id limit 1')).rows[0];
    const res = await admin1.inject({
      method: 'PATCH',
      url: '/api/stores',
      payload: { StoreID: store.store_id, Version: store.version, Name: name },
    });
    assert.deepEqual(res.json().Succeed, [store.store_id]);
    await watching.next('changed', (f) => f.resource === 'stores');

    const afterChange = await list(admin2);
    assert.equal(afterChange.recordsFiltered, 1);
    assert.equal((afterChange.totals as Row).StoreNumber, 1, 'the totals are computed afresh');
    await watching.close();
  });

  test("signing out on instance 1 closes the session's socket on instance 2", async () => {
    const clerk = await signIn(one.app, 'clerk');
    const hub = await connectHub(base.two, clerk.cookie);
    await hub.next('hello');
    await clerk.inject({ method: 'POST', url: '/logout' });
    assert.equal(await hub.closed, CLOSE_SIGNED_OUT);
  });

  test('a session signed out on instance 1 is refused on instance 2, which had kept its user, once the hub tells it', async () => {
    const clerk = await signIn(one.app, 'clerk');
    const onTwo = async () => (await two.inject({ url: '/api/common/current-user', headers: { cookie: clerk.cookie } })).statusCode;
    assert.equal(await onTwo(), 200);
    await clerk.inject({ method: 'POST', url: '/logout' });
    // Well within the time a session's user is kept (server/users/session-users.ts): the hub's word forgot it.
    await until(async () => (await onTwo()) === 401, 'instance 2 refuses the signed-out session', { ms: 2_000 });
  });

  test('deactivating a user on instance 1 closes their sockets on instance 2', async () => {
    const admin = await signIn(one.app, 'admin');
    const trainee = await signIn(two, 'trainee');
    const hub = await connectHub(base.two, trainee.cookie);
    await hub.next('hello');
    const id = await userIdOf(trainee);
    const { rows } = await one.db.pool.query('select version from users where user_id = $1', [id]);
    const res = await admin.inject({
      method: 'PATCH',
      url: '/api/users',
      payload: { UserID: id, Version: rows[0].version, IsActive: false },
    });
    assert.deepEqual(res.json().Succeed, [id]);
    try {
      await until(() => hub.socket.readyState === hub.socket.CLOSED, 'the socket on instance 2 closes');
      assert.equal(await hub.closed, CLOSE_SIGNED_OUT);
    } finally {
      await one.db.pool.query('update users set is_active = true where user_id = $1', [id]);
    }
  });
  test("a store moved on instance 1 is no longer among a feed token's choices on instance 2", async () => {
    const admin1 = await signIn(one.app, 'admin');
    const admin2 = await signIn(two, 'admin');
    const watching = await connectHub(base.two, admin2.cookie);
    const pool = one.db.pool;
    const store = (
      await pool.query(
        `select s.store_id, s.store_number, s.group_id, s.version from stores s
          where s.is_active and (select count(*) from stores o where o.store_number = s.store_number) = 1 order by s.store_id limit 1`,
      )
    ).rows[0];
    const other = (
      await pool.query(`select group_id from groups where group_id <> $1 and code <> 'HQ' order by group_id limit 1`, [store.group_id])
    ).rows[0];
    const { token } = await issueToken(admin1, { Name: 'Two instances', GroupID: store.group_id });
    const day = (n: number) => new Date(Date.UTC(2001, 0, 1 + n)).toISOString().slice(0, 10);
    await pool.query(`update stores set open_date = '2001-01-01' where store_id = $1 and open_date > '2001-01-01'`, [store.store_id]);
    const sale = (n: number) => [{ StoreNumber: store.store_number, SaleDate: day(n), Sales: '1.00', Transactions: 1, Margin: 0.1 }];
    // Instance 2 reads (and keeps) the token's stores.
    assert.equal((await feed(two, token, 'sales', sale(0))).statusCode, 200);
    const moved = await admin1.inject({
      method: 'PATCH',
      url: '/api/stores',
      payload: { StoreID: store.store_id, Version: store.version, GroupID: other.group_id },
    });
    assert.deepEqual(moved.json().Succeed, [store.store_id]);
    try {
      await watching.next('changed', (f) => f.resource === 'stores');
      const res = await feed(two, token, 'sales', sale(1));
      assert.equal(res.statusCode, 422, res.body);
      // Not among its choices any more (a choice kept from before would have been refused only when written).
      assert.equal(res.json().Failed[0].error, `Store #: ${msg('importNotFound', String(store.store_number)).replace(/\.$/, '')}.`);
    } finally {
      await watching.close();
      await pool.query('update stores set group_id = $2 where store_id = $1', [store.store_id, store.group_id]);
    }
  });
});
