// CSV export of a list: every filtered row in the list's order and columns, UTF-16LE with a byte-order
// mark, comma separated, quoted where needed, values formatted as the table shows them; streamed, and
// stopped when the client goes away (in either format: the Excel workbook's own tests are in export-xlsx.test.ts).
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useTestApp, signIn, type SignedIn } from '../../support/app.ts';
import { defaultMessages as m } from '../../../common/messages.ts';
import { growSales } from '../../../server/db/seed.ts';
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
    const sale = (await shared.t.db.pool.query<{ sale_id: number }>(`update sales set sales = 1234.5, margin = 0.1234, sale_date = '2026-03-07'
      where sale_id = (select min(sale_id) from sales) returning sale_id`)).rows[0]!;
    const small = (await shared.t.db.pool.query<{ sale_id: number }>(`update sales set sales = 7.05, margin = -0.005
      where sale_id = (select max(sale_id) from sales) returning sale_id`)).rows[0]!;
    const columns = ['SaleID', 'SaleDate', 'Sales', 'Margin'];
    const { lines } = await exportOf(shared.admin, 'sales', currentQuery(columns, { 'order[0][column]': 0, 'order[0][dir]': 'asc' }));
    assert.equal(lines[0], 'ID,Date,Sales,Margin');
    assert.equal(lines[1], `${sale.sale_id},07/03/2026,"$1,234.50",12.34%`);
    assert.equal(lines.at(-1)!.replace(/^\d+,[\d/]+,/, ''), '$7.05,-0.50%');
  });

  test('fields holding commas, quotes or line breaks are quoted; formulas are defused', async () => {
    await shared.t.db.pool.query(`update stores set name = $1 where store_number = 1001`, ['Smith, "Big"\nStore']);
    await shared.t.db.pool.query(`update stores set name = '=HYPERLINK("x")' where store_number = 1002`);
    const { res } = await exportOf(shared.admin, 'stores', currentQuery(['StoreNumber', 'Name'], { 'order[0][column]': 0, 'order[0][dir]': 'asc' }));
    const text = decode(res.rawPayload);
    assert.ok(text.startsWith('Store #,Name\r\n1001,"Smith, ""Big""\nStore"\r\n1002,"\'=HYPERLINK(""x"")"\r\n'), text.slice(0, 120));
  });
});

describe('what is exported', () => {
  test('every filtered row, not just the page, in the requested order and columns', async () => {
    const query = currentQuery(['StoreNumber', 'StoreName', 'Sales'], {
      start: 20, length: 10, 'search[value]': 'downtown', 'order[0][column]': 2, 'order[0][dir]': 'desc',
    });
    const list = (await shared.admin.inject({ url: url('sales', query) })).json();
    const { lines } = await exportOf(shared.admin, 'sales', query);
    assert.equal(lines[0], 'Store #,Store,Sales');
    assert.equal(lines.length - 1, list.recordsFiltered);
    assert.ok(lines.slice(1).every((l) => /Downtown/.test(l)));
    const amounts = lines.slice(1).map((l) => Number(/"?\$([\d,.]+)"?$/.exec(l)![1]!.replaceAll(',', '')));
    assert.deepEqual(amounts, [...amounts].sort((a, b) => b - a));
  });

  test('a store-scoped user exports only their stores', async () => {
    const analyst = await signIn(shared.t.app, 'analyst');
    const { lines } = await exportOf(analyst, 'sales', {});
    const [ne] = (await shared.t.db.pool.query<{ n: number }>(
      `select count(*)::int as n from sales join stores s using (store_id) join groups g on g.group_id = s.group_id where g.code = 'NE'`,
    )).rows;
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
  let port = 0;
  before(async () => {
    await growSales(shared.t.db.pool, { rows: 40_000 });
    await shared.t.app.listen({ port: 0, host: '127.0.0.1' });
    ({ port } = shared.t.app.server.address() as AddressInfo);
  });

  for (const format of ['csv', 'xlsx']) {
    test(`a client that disconnects mid-export (${format}) frees the connection and leaves no cursor open`, async () => {
      // Some rows in (the workbook's first bytes are its fixed parts), the export holds its connection.
      const holding = await new Promise<boolean>((resolve, reject) => {
        const req = request({ port, host: '127.0.0.1', path: `/api/sales/export?format=${format}`, headers: { cookie: shared.admin.cookie } }, (res) => {
          let received = 0;
          res.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received < 100_000 || req.destroyed) return;
            const pool = shared.t.db.pool;
            resolve(pool.idleCount < pool.totalCount);
            req.destroy();
          });
        });
        req.on('error', (err) => (err.message === 'socket hang up' ? undefined : reject(err)));
        req.end();
      });
      assert.ok(holding, 'the export was under way');
      // The export's connection comes back to the pool (the embedded pool has one: a leak would hang here).
      let idle = false;
      for (let i = 0; i < 200 && !idle; i++) {
        await new Promise((r) => setTimeout(r, 25));
        idle = shared.t.db.pool.totalCount === shared.t.db.pool.idleCount;
      }
      assert.ok(idle, 'the export connection was released');
      const open = await shared.t.db.pool.query(`select count(*)::int as n from pg_cursors`);
      assert.equal(open.rows[0].n, 0);
      const stillThere = await shared.admin.inject({ url: '/api/sales?length=1' });
      assert.equal(stillThere.statusCode, 200);
    });
  }
});

describe('columns', () => {
  test('a table naming none of the resource columns exports the shown columns', async () => {
    const { res, lines } = await exportOf(shared.admin, 'states', { iColumns: 1, mDataProp_0: '' });
    assert.equal(res.statusCode, 200);
    assert.equal(lines[0], 'Code,Name,Region');
  });
});
