// DATABASE_READ_URL against a real streaming replica this file makes (test/support/replica-cluster.ts): lists
// and exports read from the replica, so a change made on the primary behind the app's back is not in them while
// the replica's replay is paused; a user who changed something reads their change from the primary at once, and
// from the replica again once it has replayed it; a stopped replica, or one further behind than its limit,
// leaves the reads on the primary, and /healthz and the log say so; back, it is read again.
import { after, before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { openDatabase, type Database } from '../../server/db/index.ts';
import { changeTables, SYSTEM } from '../../server/db/table-changes.ts';
import { seedDemo } from '../../server/demo/seed.ts';
import { loadServerLanguage } from '../../server/language.ts';
import { signIn, testConfig, type SignedIn } from '../support/app.ts';
import { ADMIN_PASSWORD, DEMO_PASSWORD, TEST_SEED, postgresBase } from '../support/template-db.ts';
import { replicaUnavailable, startReplicaCluster, type ReplicaCluster } from '../support/replica-cluster.ts';
import { until } from '../support/until.ts';
import { pdfText } from '../support/pdf.ts';
import { currentQuery, url } from './table-api/support.ts';

const skip = postgresBase()
  ? replicaUnavailable()
  : 'a read replica is a PostgreSQL server: this runs only with DATABASE_URL set (the embedded database has none)';

const stateColumns = ['StateID', 'Code', 'Name', 'Region'];

interface Instance {
  app: FastifyInstance;
  db: Database;
  logged: string[];
}

/** An app instance on the cluster's primary reading from its replica, with its log kept. */
async function instance(cluster: ReplicaCluster, maxLagSeconds: number): Promise<Instance> {
  const config = testConfig({
    databaseUrl: cluster.primaryUrl,
    databaseReadUrl: cluster.replicaUrl,
    limits: { replica: { maxLagSeconds, checkMs: 100 } },
  });
  const db = await openDatabase({ ...config, migrate: false });
  const logged: string[] = [];
  const stream = new Writable({ write: (line, _enc, done) => done(void logged.push(String(line))) });
  const app = await buildApp({ config, db, logger: { level: 'info', stream } });
  await app.ready();
  await loadServerLanguage(app);
  return { app, db, logged };
}

type Health = { status: string; replica?: { used: boolean; reason?: string } };

/** A metric's lines from /metrics (the replica's are there only with one configured). */
async function metric(app: FastifyInstance, name: string): Promise<string[]> {
  const res = await app.inject({ url: '/metrics' });
  assert.equal(res.statusCode, 200);
  return res.body.split('\n').filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`));
}

async function health(app: FastifyInstance): Promise<Health> {
  const res = await app.inject({ url: '/healthz' });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as Health;
}

/** The names of the states `user` finds searching for `text`. */
async function listed(user: SignedIn, text: string): Promise<string[]> {
  const res = await user.inject({ url: url('states', currentQuery(stateColumns, { length: -1, 'search[value]': text })) });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { data: Array<{ Name: string }> }).data.map((r) => r.Name);
}

describe('a read replica', { skip: skip ?? false }, () => {
  let cluster: ReplicaCluster;
  let one: Instance;
  let admin: SignedIn;
  let analyst: SignedIn;

  /** Renames the state with `code` on the primary, behind the app's back (no change announced). */
  async function renameBehind(code: string, name: string): Promise<void> {
    await one.db.pool.query('update states set name = $2 where code = $1', [code, name]);
  }

  /** Holds the replica's replay: what the primary does from now on is not on the replica until resumed. */
  async function pauseReplay(): Promise<void> {
    await cluster.onReplica('select pg_wal_replay_pause()');
  }

  async function resumeReplay(): Promise<void> {
    await cluster.onReplica('select pg_wal_replay_resume()');
  }

  const replicaRead = async (app: FastifyInstance) => (await health(app)).replica?.used === true;

  before(async () => {
    cluster = await startReplicaCluster(async (primaryUrl) => {
      const db = await openDatabase({ databaseUrl: primaryUrl, dataDir: '' });
      try {
        await seedDemo(db.pool, { adminPassword: ADMIN_PASSWORD, demoPassword: DEMO_PASSWORD, ...TEST_SEED });
      } finally {
        await db.close();
      }
    });
    one = await instance(cluster, 60);
    await until(() => replicaRead(one.app), 'the replica is read');
    admin = await signIn(one.app, 'admin');
    analyst = await signIn(one.app, 'analyst');
  });

  after(async () => {
    await one?.app.close();
    await one?.db.close();
    cluster?.destroy();
  });

  test('lists and exports read from the replica: a change it has not replayed is not in them', async () => {
    await pauseReplay();
    try {
      await renameBehind('VT', 'Vermont on the primary');
      const onPrimary = await one.db.pool.query(`select name from states where code = 'VT'`);
      assert.equal(onPrimary.rows[0].name, 'Vermont on the primary');
      assert.deepEqual(await listed(analyst, 'Vermont'), ['Vermont']);
      const csv = await analyst.inject({
        url: url('states/export', currentQuery(stateColumns, { format: 'csv', 'search[value]': 'Vermont' })),
      });
      assert.equal(csv.statusCode, 200);
      // The CSV is UTF-16 with a byte order mark, as Excel opens it.
      const text = csv.rawPayload.toString('utf16le');
      assert.match(text, /,Vermont,/);
      assert.doesNotMatch(text, /on the primary/);
    } finally {
      await resumeReplay();
    }
    await until(async () => (await listed(analyst, 'Vermont')).includes('Vermont on the primary'), 'the replayed change is listed');
  });

  test('reports (HTML and PDF), summaries and charts read from the replica', async () => {
    const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('/');
    const report = async () => {
      const res = await analyst.inject({
        method: 'POST',
        url: '/api/common/reports',
        payload: {
          name: 'sales-by-state',
          parameters: [
            { name: 'FromDate', value: days(12) },
            { name: 'ToDate', value: days(2) },
          ],
        },
      });
      assert.equal(res.statusCode, 200, res.body);
      return res.body;
    };
    const figures = async (path: string) => {
      const res = await analyst.inject({ url: path });
      assert.equal(res.statusCode, 200, res.body);
      return res.body;
    };
    const totals = () => figures('/api/summaries/totals');
    const chart = () => figures('/api/charts/sales-by-state');
    const [, name, code] = />([^<>]+) \(([A-Z]{2})\)</.exec(await report()) ?? [];
    assert.ok(name && code, 'the report names a state');
    const printed = async () => {
      const res = await analyst.inject({ url: `/api/common/report?filename=states&stream=true&format=pdf&search[value]=${code}` });
      assert.equal(res.statusCode, 200, res.body);
      return pdfText(res.rawPayload);
    };
    const before = await totals();
    const chartBefore = await chart();
    await pauseReplay();
    try {
      await renameBehind(code, 'Reported on the primary');
      // Announced as the app's writes are: the summaries' kept figures are forgotten on the primary at once,
      // and on the replica once it has replayed the change (a change not announced shows within their time to live).
      await changeTables(one.db.pool, ['sales'], SYSTEM, () =>
        one.db.pool.query(`update sales set sales = sales + 1000 where sale_date >= current_date - 40`),
      );
      assert.doesNotMatch(await report(), /Reported on the primary/);
      assert.equal(await totals(), before);
      assert.equal(await chart(), chartBefore);
      const pdf = await printed();
      assert.ok(pdf.includes(name) && !pdf.includes('Reported on the primary'), pdf);
    } finally {
      await resumeReplay();
    }
    await until(async () => (await totals()) !== before, 'the summary has the replayed sales');
    assert.notEqual(await chart(), chartBefore, 'and so has the chart');
    assert.match(await report(), /Reported on the primary/);
  });

  test('a writer lists their own change at once while the replica lags; others once it has replayed it', async () => {
    await pauseReplay();
    let resumed = false;
    try {
      const row = await one.db.pool.query<{ state_id: number; version: number }>(`select state_id, version from states where code = 'ME'`);
      const { state_id: StateID, version: Version } = row.rows[0]!;
      const res = await admin.inject({ method: 'PATCH', url: '/api/states', payload: { StateID, Version, Name: 'Maine, edited' } });
      assert.deepEqual((res.json() as { Succeed: number[] }).Succeed, [StateID]);
      assert.deepEqual(await listed(admin, 'Maine'), ['Maine, edited'], 'the writer reads the primary');
      assert.deepEqual(await listed(analyst, 'Maine'), ['Maine'], 'another user reads the replica, which has not replayed it');
      await resumeReplay();
      resumed = true;
      await until(async () => (await listed(analyst, 'Maine')).includes('Maine, edited'), 'the others list it once replayed');
      // Once the replica has replayed the writer's change, the writer reads from it again.
      let tries = 0;
      await until(async () => {
        await pauseReplay();
        const name = `New Hampshire ${++tries}`;
        await renameBehind('NH', name);
        const read = await listed(admin, 'Hampshire');
        await resumeReplay();
        return !read.includes(name);
      }, 'the writer reads the replica again');
    } finally {
      if (!resumed) await resumeReplay();
    }
  });

  test('a stopped replica leaves the reads on the primary and /healthz says so; started again, it is read', async () => {
    await pauseReplay();
    await renameBehind('RI', 'Rhode Island on the primary');
    assert.deepEqual(await listed(analyst, 'Rhode'), ['Rhode Island']);
    cluster.stopReplica();
    // The first list after the stop finds the replica gone and is answered by the primary.
    assert.deepEqual(await listed(analyst, 'Rhode'), ['Rhode Island on the primary']);
    const down = await health(one.app);
    assert.equal(down.status, 'ok');
    assert.deepEqual([down.replica?.used, down.replica?.reason], [false, 'down']);
    assert.deepEqual(await metric(one.app, 'backroom_replica_used'), ['backroom_replica_used 0'], 'the metric says so too');
    assert.ok(
      one.logged.some((line) => line.includes('the read replica is not read (down)')),
      'the log says the replica is not read',
    );
    cluster.startReplica();
    await until(() => replicaRead(one.app), 'the replica is read again', { ms: 30_000 });
    assert.ok(one.logged.some((line) => line.includes('the read replica is read"')));
    assert.deepEqual(await metric(one.app, 'backroom_replica_used'), ['backroom_replica_used 1']);
    const [lag] = await metric(one.app, 'backroom_replica_lag_seconds');
    assert.ok(Number.isFinite(Number(lag?.split(' ')[1])), `a lag in seconds: ${lag}`);
    const pools = await metric(one.app, 'backroom_db_pool_connections');
    assert.ok(
      pools.some((line) => line.includes('database="replica",pool="requests",state="in_use"')),
      pools.join('\n'),
    );
    await pauseReplay();
    try {
      await renameBehind('DE', 'Delaware on the primary');
      assert.deepEqual(await listed(analyst, 'Delaware'), ['Delaware'], 'read from the replica again');
    } finally {
      await resumeReplay();
    }
  });

  test('a replica further behind than its limit is not read until it catches up', async () => {
    const strict = await instance(cluster, 1);
    try {
      await until(() => replicaRead(strict.app), 'the strict instance reads the replica');
      const reader = await signIn(strict.app, 'analyst');
      await pauseReplay();
      try {
        await renameBehind('MA', 'Massachusetts on the primary');
        await until(async () => (await health(strict.app)).replica?.reason === 'lagging', 'the replica is past its lag limit');
        assert.deepEqual(await listed(reader, 'Massachusetts'), ['Massachusetts on the primary']);
        assert.ok(strict.logged.some((line) => line.includes('the read replica is not read (lagging)')));
      } finally {
        await resumeReplay();
      }
      await until(() => replicaRead(strict.app), 'the replica is read once it has caught up');
    } finally {
      await strict.app.close();
      await strict.db.close();
    }
  });
});
