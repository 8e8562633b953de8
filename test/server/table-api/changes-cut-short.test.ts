// A change of many rows that the database fails midway (the embedded database's process killed; on
// PostgreSQL the backend running a row ended) answers 503 with which rows went in (Succeed, with their rows
// as stored) and which did not (Failed, each saying so), every row named once. What it says is what the
// database holds, and a client can act on it: the rows that did not go in, sent again, go in.
import { after, before, describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';
import { msg } from '../../../server/messages.ts';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../support/app.ts';
import { Backends } from '../../support/backends.ts';
import { postgresBase } from '../../support/template-db.ts';
import { until } from '../../support/until.ts';

/** A value no seeded sale has (they have 40 to 400 transactions). */
const MARK = 4242;

interface Sale {
  sale_id: number;
  version: number;
  transactions: number;
}

interface Answer {
  Succeed: number[];
  Failed: Array<{ key: number; error: string }>;
  Data: Array<{ SaleID: number; Transactions: number; Version: number }>;
  Error: string | null;
}

describe('a change of many rows cut short by the database', () => {
  let t: TestApp;
  let admin: SignedIn;
  before(async () => {
    t = await createTestApp();
    admin = await signIn(t.app, 'admin');
  });
  after(() => t?.close());

  const edit = (sales: Sale[]) =>
    admin.inject({
      method: 'PATCH',
      url: '/api/sales',
      payload: { SaleIDs: sales.map((s) => s.sale_id), Versions: sales.map((s) => s.version), Transactions: MARK },
    });

  /**
   * An edit of `count` sales that `fail` starts (`start`) and fails midway, its answer checked against what is
   * stored. `fail` starts it itself, so that whatever must be in place first (a lock the change will wait
   * for) is, however quickly the request reaches its rows.
   */
  async function cutShort(
    count: number,
    fail: (sales: Sale[], start: () => Promise<LightMyRequestResponse>) => Promise<LightMyRequestResponse>,
  ): Promise<void> {
    const sales = (await t.db.pool.query<Sale>('select sale_id, version, transactions from sales order by sale_id desc limit $1', [count]))
      .rows;
    const pid = t.db.pid;
    const res = await fail(sales, () => edit(sales));
    assert.equal(res.statusCode, 503, res.body);
    const answer = res.json() as Answer;
    assert.equal(answer.Error, null);

    const failed = answer.Failed.map((f) => f.key);
    assert.deepEqual([...answer.Succeed, ...failed].sort(), sales.map((s) => s.sale_id).sort(), 'every row named once');
    assert.ok(answer.Succeed.length > 0 && failed.length > 0, `went in ${answer.Succeed.length}, not ${failed.length}`);
    assert.deepEqual(
      answer.Data.map((r) => [r.SaleID, r.Transactions]),
      answer.Succeed.map((key) => [key, MARK]),
    );
    // Only the row under way when the database failed may not know whether its commit took place.
    const [first, ...rest] = answer.Failed;
    assert.ok([msg('tableRowNotSaved'), msg('tableRowInDoubt')].includes(first!.error), first!.error);
    for (const f of rest) assert.equal(f.error, msg('tableRowNotSaved'));

    // The embedded database serves again once a new process has started.
    const serves = async () =>
      (t.db.kind === 'postgres' || t.db.pid !== pid) && (await t.app.inject({ url: '/healthz' })).statusCode === 200;
    await until(serves, 'the database serves again', { ms: 30_000 });
    const stored = new Map(
      (
        await t.db.pool.query<Sale>('select sale_id, version, transactions from sales where sale_id = any($1)', [
          sales.map((s) => s.sale_id),
        ])
      ).rows.map((r) => [r.sale_id, r]),
    );
    const read = new Map(sales.map((s) => [s.sale_id, s]));
    for (const key of answer.Succeed) assert.equal(stored.get(key)!.transactions, MARK, `row ${key} went in`);
    const notSaved = answer.Failed.filter((f) => f.error === msg('tableRowNotSaved')).map((f) => f.key);
    for (const key of notSaved) assert.deepEqual(stored.get(key), read.get(key), `row ${key} did not go in`);

    // Sent again, the rows that did not go in do.
    const retry = await edit(notSaved.map((key) => read.get(key)!));
    assert.equal(retry.statusCode, 200);
    assert.deepEqual((retry.json() as Answer).Succeed.sort(), notSaved.sort());
  }

  test('embedded: its process killed midway, the answer names the rows that went in and those that did not', {
    skip: postgresBase() ? 'about the embedded database process' : false,
  }, async () => {
    await cutShort(300, async (_sales, start) => {
      const change = start();
      // Between two of the change's rows the pool's one connection is free for this count.
      await until(
        async () => (await t.db.pool.query(`select 1 from sales where transactions = ${MARK} limit 1`)).rowCount === 1,
        'a first row went in',
        { every: 1 },
      );
      process.kill(t.db.pid!, 'SIGKILL');
      return change;
    });
  });

  test('PostgreSQL: the backend running a row ended, the answer names the rows that went in and those that did not', {
    skip: postgresBase() ? false : 'ends a PostgreSQL backend (run with DATABASE_URL)',
  }, async () => {
    const backends = await Backends.of(t.db.pool.options.connectionString!);
    try {
      await cutShort(8, async (sales, start) => {
        // The change's fourth row waits for this lock, taken before the change starts: its backend is surely
        // the change's, mid-row.
        const lock = await backends.lockRow('sales', 'sale_id', sales[3]!.sale_id);
        const change = start();
        try {
          // Its statement reads the row to lock it (pg_stat_activity may cut its text before `for update`).
          const row = await backends.found(/^select sa\.sale_id/, "the change's fourth row waits", { waitingFor: 'Lock' });
          await backends.terminate(row.pid);
        } finally {
          await lock.release();
        }
        return change;
      });
    } finally {
      await backends.close();
    }
  });
});
