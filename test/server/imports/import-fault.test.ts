// The database connection ends in the middle of an all-or-nothing import: nothing of it is written (no row
// changed, no row audited), the import says it failed, and run again it goes in whole. Embedded: the database
// process is killed as the import runs; PostgreSQL: the backend of the import's transaction is ended while it
// waits to write a row of its third batch (its rows are planned on a connection beside it, which locks nothing).
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { formatDate } from '../../../common/format.ts';
import { useTestAppWith } from '../../support/app.ts';
import { Backends } from '../../support/backends.ts';
import { postgresBase } from '../../support/template-db.ts';
import { until } from '../../support/until.ts';
import { csv, finished, run, startRun, upload, type Uploaded } from './import-support.ts';

/** Small batches: the test database holds a few thousand sales. */
const BATCH_ROWS = 400;
const shared = useTestAppWith({ limits: { imports: { batchRows: BATCH_ROWS } } }, 'admin');

/** A value no seeded sale has (they have 40 to 400 transactions). */
const MARK = 4242;
const ROWS = BATCH_ROWS * 3;

interface Sale {
  sale_id: number;
  store_number: number;
  day: string;
}

async function marked(): Promise<number> {
  return Number((await shared.t.db.pool.query(`select count(*)::int as n from sales where transactions = ${MARK}`)).rows[0].n);
}

/** An update of the transactions of ROWS sales, all or nothing, cut short by `fail`; then run again. */
async function cutShort(fail: (sales: Sale[], up: Uploaded) => Promise<void>): Promise<void> {
  const pool = shared.t.db.pool;
  const { rows: sales } = await pool.query<Sale>(
    `select sa.sale_id, s.store_number, to_char(sa.sale_date, 'YYYY-MM-DD') as day from sales sa join stores s using (store_id)
     order by sa.sale_id limit $1`,
    [ROWS],
  );
  assert.equal(sales.length, ROWS);
  const up = await upload(
    shared.admin,
    'sales',
    csv([['Store #', 'Date', 'Transactions'], ...sales.map((s) => [String(s.store_number), formatDate(s.day), String(MARK)])]),
  );
  await fail(sales, up);
  const end = await finished(shared.admin, 'sales', up.Id, 120_000);
  assert.equal(end.State, 'failed', JSON.stringify(end));
  assert.ok(end.Error, 'it says why');
  // The embedded database serves again once a new process has started.
  await until(async () => (await shared.t.app.inject({ url: '/healthz' })).statusCode === 200, 'the database serves again', { ms: 30_000 });
  assert.equal(await marked(), 0, 'nothing half written');
  const { rows } = await pool.query(`select count(*)::int as n from audit_log where import_id = $1 and action <> 'import'`, [up.Id]);
  assert.equal(rows[0].n, 0, 'no row audited');

  const again = await run(shared.admin, 'sales', up);
  assert.equal(again.State, 'done', JSON.stringify(again));
  assert.deepEqual(again.Counts, { Add: 0, Change: ROWS, Unchanged: 0, Refused: 0 });
  assert.equal(await marked(), ROWS, 'run again, it goes in whole');
}

describe('an all-or-nothing import the database fails midway', () => {
  // The import holds the embedded database's one connection until it ends: nothing else can ask how far it
  // got (a request's session lookup waits for it), so the process is killed as soon as the run has started.
  test('embedded: its process killed as the import runs, nothing is written, and it runs again', {
    skip: postgresBase() ? 'about the embedded database process' : false,
  }, async () => {
    await cutShort(async (_sales, up) => {
      const pid = shared.t.db.pid!;
      assert.equal((await startRun(shared.admin, 'sales', up)).statusCode, 202);
      process.kill(pid, 'SIGKILL');
    });
  });

  test('PostgreSQL: the backend writing it ended at a row of its third batch, nothing is written, and it runs again', {
    skip: postgresBase() ? false : 'ends a PostgreSQL backend (run with DATABASE_URL)',
  }, async () => {
    const backends = await Backends.of(shared.t.db.pool.options.connectionString!);
    try {
      await cutShort(async (sales, up) => {
        const lock = await backends.lockRow('sales', 'sale_id', sales[BATCH_ROWS * 2 + 10]!.sale_id);
        try {
          assert.equal((await startRun(shared.admin, 'sales', up)).statusCode, 202);
          const waiting = await backends.found(/^with import_rows/, 'the import waits to write a row of its third batch', {
            waitingFor: 'Lock',
          });
          await backends.terminate(waiting.pid);
        } finally {
          await lock.release();
        }
      });
    } finally {
      await backends.close();
    }
  });
});
