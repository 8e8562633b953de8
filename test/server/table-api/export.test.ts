// CSV export of a list: every filtered row in the list's order and columns, UTF-16LE with a byte-order
// mark, comma separated, quoted where needed, values formatted as the table shows them; streamed, and
// stopped when the client goes away (in either format: the Excel workbook's own tests are in export-xlsx.test.ts).
import { before, describe, test, type TestContext } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { useTestApp, sameDatabaseApp, signIn, type SignedIn } from '../../support/app.ts';
import { until } from '../../support/until.ts';
import type { Limits } from '../../../server/limits.ts';
import { defaultMessages as m } from '../../../server/messages.ts';
import { exportsRunning } from '../../../server/table-api/export/slots.ts';
import { currentQuery, url } from './support.ts';

const shared = useTestApp('admin');

async function exportOf(user: SignedIn, resource: string, query: Record<string, string | number>) {
  const res = await user.inject({ url: url(`${resource}/export`, query) });
  return { res, lines: decode(res.rawPayload).split('\r\n').slice(0, -1) };
}

function decode(bytes: Buffer): string {
  assert.deepEqual([...bytes.subarray(0, 2)], [0xff, 0xfe], 'starts with the UTF-16LE byte-order mark');
  return bytes.subarray(2).toString('utf16le');
}

describe('CSV bytes', () => {
  test('UTF-16LE with a BOM, a header of labels and comma separated rows', async () => {
    const { res, lines } = await exportOf(shared.admin, 'states', { format: 'csv' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/csv; charset=utf-16le');
    assert.equal(res.headers['content-disposition'], 'attachment; filename="states.csv"');
    assert.equal(lines[0], 'Code,Name,Region');
    assert.equal(lines.length, 52);
    assert.equal(lines[1], 'AL,Alabama,SE');
  });

  test('values read as the table shows them: USD with 2 decimals, percent x100, dd/MM/yyyy', async () => {
    const sale = (
      await shared.t.db.pool.query<{ sale_id: number }>(`update sales set sales = 1234.5, margin = 0.1234, sale_date = '2026-03-07'
      where sale_id = (select min(sale_id) from sales) returning sale_id`)
    ).rows[0]!;
    await shared.t.db.pool.query(`update sales set sales = 7.05, margin = -0.005
      where sale_id = (select max(sale_id) from sales) returning sale_id`);
    const columns = ['SaleID', 'SaleDate', 'Sales', 'Margin'];
    const { lines } = await exportOf(shared.admin, 'sales', currentQuery(columns, { 'order[0][column]': 0, 'order[0][dir]': 'asc' }));
    assert.equal(lines[0], 'ID,Date,Sales,Margin');
    assert.equal(lines[1], `${sale.sale_id},07/03/2026,"$1,234.50",12.34%`);
    assert.equal(lines.at(-1)!.replace(/^\d+,[\d/]+,/, ''), '$7.05,-0.50%');
  });

  test('fields holding commas, quotes or line breaks are quoted; formulas are defused', async () => {
    await shared.t.db.pool.query(`update stores set name = $1 where store_number = 1001`, ['Smith, "Big"\nStore']);
    await shared.t.db.pool.query(`update stores set name = '=HYPERLINK("x")' where store_number = 1002`);
    const { res } = await exportOf(
      shared.admin,
      'stores',
      currentQuery(['StoreNumber', 'Name'], { 'order[0][column]': 0, 'order[0][dir]': 'asc' }),
    );
    const text = decode(res.rawPayload);
    assert.ok(text.startsWith('Store #,Name\r\n1001,"Smith, ""Big""\nStore"\r\n1002,"\'=HYPERLINK(""x"")"\r\n'), text.slice(0, 120));
  });
});

describe('what is exported', () => {
  test('every filtered row, not just the page, in the requested order and columns', async () => {
    const query = currentQuery(['StoreNumber', 'StoreName', 'Sales'], {
      start: 20,
      length: 10,
      'search[value]': 'downtown',
      'order[0][column]': 2,
      'order[0][dir]': 'desc',
    });
    const list = (await shared.admin.inject({ url: url('sales', query) })).json();
    const { lines } = await exportOf(shared.admin, 'sales', query);
    assert.equal(lines[0], 'Store #,Store,Sales');
    assert.equal(lines.length - 1, list.recordsFiltered);
    assert.ok(lines.slice(1).every((l) => /Downtown/.test(l)));
    const amounts = lines.slice(1).map((l) => Number(/"?\$([\d,.]+)"?$/.exec(l)![1]!.replaceAll(',', '')));
    assert.deepEqual(
      amounts,
      [...amounts].sort((a, b) => b - a),
    );
  });

  test('a store-scoped user exports only their stores', async () => {
    const analyst = await signIn(shared.t.app, 'analyst');
    const { lines } = await exportOf(analyst, 'sales', {});
    const [ne] = (
      await shared.t.db.pool.query<{ n: number }>(
        `select count(*)::int as n from sales join stores s using (store_id) join groups g on g.group_id = s.group_id where g.code = 'NE'`,
      )
    ).rows;
    assert.equal(lines.length - 1, ne!.n);
  });

  test('export needs its permission, in either format', async () => {
    const trainee = await signIn(shared.t.app, 'trainee');
    for (const format of ['csv', 'xlsx']) {
      const denied = await trainee.inject({ url: `/api/sales/export?format=${format}` });
      assert.equal(denied.statusCode, 403);
      assert.deepEqual(denied.json(), { error: m.forbidden });
    }
  });
});

describe('streaming', () => {
  /** An app on a real port, with a signed-in admin: the shared one, or one on its database with other limits. */
  interface Listening {
    app: FastifyInstance;
    port: number;
    admin: SignedIn;
  }
  async function listening(app: FastifyInstance, admin: SignedIn): Promise<Listening> {
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, port: (app.server.address() as AddressInfo).port, admin };
  }
  /** An app on the shared database whose exports have these limits, listening until the test ends. */
  async function limited(t: TestContext, exports: Partial<Limits['exports']>): Promise<Listening> {
    const app = await sameDatabaseApp(shared.t, { limits: { exports } });
    t.after(() => app.close());
    return listening(app, await signIn(app, 'admin'));
  }

  let main: Listening;
  before(async () => {
    main = await listening(shared.t.app, shared.admin);
    // Downloads far bigger than what the sockets' buffers absorb (~60 MB as CSV, ~15 MB zipped: hex does not
    // compress much), in many batches of rows, so one whose client stops reading stays under way mid-read.
    // Written in slices: one statement making all 30,000 on a busy machine's embedded database can outlast the
    // query deadline (DB_QUERY_TIMEOUT_MS), which restarts the database under the test.
    for (let slice = 0; slice < 10; slice++) {
      await shared.t.db.pool.query(
        `insert into user_errors (message, stack_trace)
         select 'big download', (select string_agg(md5(random()::text || g::text || i::text), '') from generate_series(1, 32) g)
         from generate_series($1::int * 3000 + 1, ($1::int + 1) * 3000) i`,
        [slice],
      );
    }
  });
  const bigDownload = (format: string) =>
    `/api/user-errors/export?format=${format}&columns[0][data]=ErrorID&columns[1][data]=StackTrace&search[value]=big%20download`;
  // Apps on one database share its export slots (they are counted per database: per instance in production).
  const db = () => shared.t.db;

  /** A download whose client reads `upTo` bytes, then stops reading (until `stop`, which disconnects it). */
  async function stalledDownload(
    path: string,
    { on = main, upTo = 100_000, user }: { on?: Listening; upTo?: number; user?: SignedIn } = {},
  ) {
    const before = exportsRunning(db());
    let received = 0;
    const req = request({ port: on.port, host: '127.0.0.1', path, headers: { cookie: (user ?? on.admin).cookie } }, (res) => {
      res.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received >= upTo) res.pause();
      });
    });
    req.on('error', () => undefined);
    req.end();
    await until(() => received >= upTo, 'the client took its first bytes and stopped reading');
    // The download is many times what the sockets' buffers hold: with its client not reading, it cannot end.
    assert.equal(exportsRunning(db()), before + 1, 'the export waits for its client');
    return { stop: () => req.destroy() };
  }

  /** Nothing of an export is left: its slot, its server connection, its held cursor (embedded). */
  async function nothingLeft(): Promise<boolean> {
    const pool = db().exportPool;
    const cursors = await db().pool.query<{ n: number }>('select count(*)::int as n from pg_cursors');
    return exportsRunning(db()) === 0 && pool.idleCount === pool.totalCount && cursors.rows[0]!.n === 0;
  }

  function openConnections(app: FastifyInstance): Promise<number> {
    return new Promise((resolve, reject) => app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))));
  }

  for (const format of ['csv', 'xlsx']) {
    test(`while an export (${format}) waits for a client that stopped reading, every other request is answered`, async () => {
      const download = await stalledDownload(bigDownload(format));
      const answered = await Promise.all([
        shared.admin.inject({ url: '/api/common/current-user' }),
        shared.admin.inject({ url: '/api/sales?length=5' }),
      ]);
      assert.deepEqual(
        answered.map((r) => r.statusCode),
        [200, 200],
      );
      download.stop();
      await until(nothingLeft, 'the export let go of its connection or cursor');
    });
  }

  test('a client that disconnects mid-export frees its connection or cursor and its slot', async () => {
    const download = await stalledDownload(bigDownload('csv'));
    download.stop();
    await until(nothingLeft, 'the export let go of its connection or cursor');
    assert.equal((await shared.admin.inject({ url: '/api/sales?length=1' })).statusCode, 200);
  });

  test('a client that stops reading is disconnected after the stall time, which ends its export', async (t) => {
    const on = await limited(t, { stallMs: 500 });
    const download = await stalledDownload(bigDownload('xlsx'), { on });
    // The client is still there, not reading: the server gives up on it and lets go of everything.
    await until(nothingLeft, 'the server ended the stalled export');
    download.stop();
  });

  test('a client that leaves before its export starts takes no slot', async () => {
    const clients = shared.t.config.limits.exports.atOnce + 2;
    let accepted = 0;
    const count = () => accepted++;
    main.app.server.on('connection', count);
    try {
      for (let i = 0; i < clients; i++) {
        const socket = connect(main.port, '127.0.0.1');
        await new Promise((r) => socket.once('connect', r));
        socket.write(`GET ${bigDownload('csv')} HTTP/1.1\r\nHost: localhost\r\nCookie: ${shared.admin.cookie}\r\n\r\n`);
        socket.destroy();
      }
      // Once the server has seen every client leave, a request still on its way finds its socket closed and
      // claims nothing; one that got further gives its slot back.
      await until(async () => accepted === clients && (await openConnections(main.app)) === 0, 'the server saw every client leave');
    } finally {
      main.app.server.off('connection', count);
    }
    await until(nothingLeft, 'no slot held by a client that left');
    assert.equal((await shared.admin.inject({ url: '/api/states/export' })).statusCode, 200);
  });

  test('an export slow to produce its rows is not cut off while its client waits for them', async (t) => {
    const on = await limited(t, { stallMs: 300 });
    // The states are locked for a second: the export's query waits, and its client with it.
    const holder = await db().pool.connect();
    await holder.query('begin');
    await holder.query('lock table states in access exclusive mode');
    const released = new Promise<void>((r) =>
      setTimeout(
        () =>
          holder
            .query('commit')
            .then(() => holder.release())
            .then(r),
        1000,
      ),
    );
    const body = await new Promise<Buffer>((resolve, reject) => {
      const req = request({ port: on.port, host: '127.0.0.1', path: '/api/states/export', headers: { cookie: on.admin.cookie } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(Buffer.concat(chunks)));
        res.on('aborted', () => reject(new Error('the download was cut off')));
      });
      req.on('error', reject);
      req.end();
    });
    await released;
    assert.equal(decode(body).split('\r\n').length - 2, 51, 'every state');
  });

  test('more exports than an instance runs at once are refused with the reason, until one ends', async (t) => {
    const on = await limited(t, { atOnce: 1 });
    const download = await stalledDownload(bigDownload('csv'), { on });
    const refused = await on.admin.inject({ url: '/api/states/export' });
    assert.equal(refused.statusCode, 429);
    assert.deepEqual(refused.json(), { error: '1 exports are already being downloaded: please try again when one has finished.' });
    download.stop();
    await until(nothingLeft, 'the export let go of its slot');
    assert.equal((await on.admin.inject({ url: '/api/states/export' })).statusCode, 200);
  });

  test('one user runs at most two exports at once: a third is refused with the reason, while others still export', async (t) => {
    const itdesk = await signIn(shared.t.app, 'itdesk');
    const downloads = [await stalledDownload(bigDownload('csv')), await stalledDownload(bigDownload('xlsx'))];
    t.after(() => downloads.forEach((d) => d.stop()));
    const refused = await shared.admin.inject({ url: '/api/states/export' });
    assert.equal(refused.statusCode, 429);
    assert.deepEqual(refused.json(), { error: 'You already have 2 exports under way: please try again when one of them has finished.' });
    const other = await stalledDownload(bigDownload('csv'), { user: itdesk });
    t.after(() => other.stop());
    assert.equal(exportsRunning(db()), 3);
    for (const download of [...downloads, other]) download.stop();
    await until(nothingLeft, 'the exports let go of their slots');
    assert.equal((await shared.admin.inject({ url: '/api/states/export' })).statusCode, 200);
  });

  test('an export whose client left keeps its slot until the database has stopped working on it', async (t) => {
    // A server's exports wait on a lock here while the checking request runs on another connection; the
    // embedded database's one connection would hold up the checking request as well.
    if (db().kind !== 'postgres') return t.skip('needs a second connection to hold the exports up with');
    const holder = await db().pool.connect();
    await holder.query('begin');
    await holder.query('lock table states in access exclusive mode');
    let locked = true;
    const unlock = async () => {
      if (!locked) return;
      locked = false;
      await holder.query('commit');
      holder.release();
    };
    t.after(unlock);
    const clients = [0, 1].map(() => {
      const req = request({ port: main.port, host: '127.0.0.1', path: '/api/states/export', headers: { cookie: shared.admin.cookie } });
      req.on('error', () => undefined);
      req.end();
      return req;
    });
    await until(() => exportsRunning(db()) === 2, 'both exports started and wait for the lock');
    for (const client of clients) client.destroy();
    await until(async () => (await openConnections(main.app)) === 0, 'the server saw both clients leave');
    // Their database work is still under way: the user's slots are still taken.
    const refused = await shared.admin.inject({ url: '/api/groups/export' });
    assert.equal(refused.statusCode, 429);
    await unlock();
    await until(nothingLeft, 'the exports ended once the database let them');
    assert.equal((await shared.admin.inject({ url: '/api/groups/export' })).statusCode, 200);
  });

  test("HEAD of an export answers the download's headers without running it", async () => {
    // The exports of the tests before end on their own time (a client that left is noticed a moment later).
    await until(nothingLeft, 'the earlier exports ended');
    const head = await shared.admin.inject({ method: 'HEAD', url: bigDownload('xlsx') });
    assert.equal(head.statusCode, 200);
    assert.equal(head.headers['content-disposition'], 'attachment; filename="user-errors.xlsx"');
    assert.equal(head.body, '');
    assert.equal(exportsRunning(db()), 0);
    assert.equal((await shared.admin.inject({ method: 'HEAD', url: '/api/states/export?format=pdf' })).statusCode, 400);
    const trainee = await signIn(shared.t.app, 'trainee');
    assert.equal((await trainee.inject({ method: 'HEAD', url: '/api/states/export' })).statusCode, 200);
    assert.equal((await trainee.inject({ method: 'HEAD', url: bigDownload('csv') })).statusCode, 403);
  });
});

describe('columns', () => {
  test('a table naming none of the resource columns exports the shown columns', async () => {
    const { res, lines } = await exportOf(shared.admin, 'states', { iColumns: 1, mDataProp_0: '' });
    assert.equal(res.statusCode, 200);
    assert.equal(lines[0], 'Code,Name,Region');
  });
});
