// Importing a file of daily sales through the import routes, as the import dialog does: the header matched to
// fields, a preview that writes nothing (counts, refused rows with their lines and the dialogs' messages,
// changes old → new), the three modes, all-or-nothing or the valid rows only, then what a write through the
// table API brings: audited rows naming their import, one audit entry for the import, open tables told, kept
// totals right, a missing-sales alert cleared, the user told in the inbox; refused rows downloaded as CSV and
// Excel and imported again once corrected; a region user refused outside their stores.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import ExcelJS from 'exceljs';
import { formatDate } from '../../../common/format.ts';
import { msg } from '../../../server/messages.ts';
import { onTableChanges } from '../../../server/db/table-changes.ts';
import { checkMissingSales } from '../../../server/inbox/system/missing-sales.ts';
import { useTestApp } from '../../support/app.ts';
import { postgresBase } from '../../support/template-db.ts';
import { csv, finished, preview, run, startRun, status, upload, uploadFile } from './import-support.ts';

const shared = useTestApp('admin', 'analyst', 'trainee', 'clerk');

interface Sale {
  sale_id: number;
  store_number: number;
  day: string;
  sales: string;
  transactions: number;
  margin: string;
  version: number;
}

/** Sales of the first Northeast (or other region's) store, newest first. */
async function salesOf(region: string, count: number): Promise<Sale[]> {
  const { rows } = await shared.t.db.pool.query<Sale>(
    `select sa.sale_id, s.store_number, to_char(sa.sale_date, 'YYYY-MM-DD') as day, sa.sales, sa.transactions, sa.margin, sa.version
     from sales sa join stores s using (store_id) join groups g on g.group_id = s.group_id
     where g.code = $1 and s.store_id = (select min(s2.store_id) from stores s2 join groups g2 using (group_id) where g2.code = $1 and s2.is_active)
     order by sa.sale_date desc limit $2`,
    [region, count],
  );
  return rows;
}

/** A sale as our CSV export writes it. */
function exported(s: Sale, changes: Partial<Record<'sales' | 'transactions' | 'margin', string>> = {}): string[] {
  const money = `$${Number(changes.sales ?? s.sales).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  const percent = `${(Number(changes.margin ?? s.margin) * 100).toFixed(2)}%`;
  return [
    String(s.store_number),
    formatDate(s.day),
    money,
    String(changes.transactions ?? s.transactions).replace(/\B(?=(\d{3})+$)/, ','),
    percent,
  ];
}

const header = ['Store #', 'Date', 'Sales', 'Transactions', 'Margin'];

async function count(sql: string, params: unknown[] = []): Promise<number> {
  return Number((await shared.t.db.pool.query<{ n: number }>(sql, params)).rows[0]!.n);
}

describe('importing daily sales', () => {
  test('the example file names the fields the import matches, with a row of the table, and imports back unchanged', async () => {
    const res = await shared.analyst.inject({ url: '/api/sales/import/example.csv' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    const [head, row] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.equal(head, 'Store #,Date,Sales,Transactions,Margin (%)');
    assert.ok(row);
    const up = await upload(shared.analyst, 'sales', res.rawPayload, 'example.csv');
    assert.deepEqual(up.Mapping, ['StoreNumber', 'SaleDate', 'Sales', 'Transactions', 'Margin']);
    const p = await preview(shared.analyst, 'sales', up);
    assert.deepEqual(p.Counts, { Add: 0, Change: 0, Unchanged: 1, Refused: 0 });
  });

  test('a preview counts, lists refused rows with their lines and messages and changes as old → new, and writes nothing', async () => {
    const [a, b, c] = await salesOf('NE', 3);
    const tomorrow = format(addDays(new Date(), 1), 'dd/MM/yyyy');
    const file = csv([
      header,
      exported(a!),
      exported(b!, { sales: '1000' }),
      exported(c!, { sales: 'abc' }),
      ['999999', formatDate(a!.day), '$1.00', '1', '1%'],
      [String(a!.store_number), tomorrow, '$1.00', '1', '1%'],
    ]);
    const up = await upload(shared.analyst, 'sales', file);
    assert.deepEqual(up.Headers, header);
    assert.deepEqual(up.Mapping, ['StoreNumber', 'SaleDate', 'Sales', 'Transactions', 'Margin']);
    assert.ok(up.Fields.some((f) => f.Name === 'Sales' && f.Label === 'Sales' && f.Required));
    const before = await count('select count(*)::int as n from audit_log');
    const p = await preview(shared.analyst, 'sales', up);
    assert.deepEqual(p.Counts, { Add: 0, Change: 1, Unchanged: 1, Refused: 3 });
    assert.equal(p.Total, 5);
    assert.deepEqual(p.Refused, [
      { Line: 4, Messages: [`Sales: ${msg('number').replace(/\.$/, '')}.`] },
      { Line: 5, Messages: [`Store #: ${msg('importNotFound', '999999').replace(/\.$/, '')}.`] },
      { Line: 6, Messages: [`Date: ${msg('notAfterToday').replace(/\.$/, '')}.`] },
    ]);
    assert.deepEqual(p.Changes, [
      {
        Line: 3,
        Row: `${b!.store_number}, ${formatDate(b!.day)}`,
        Fields: [{ Label: 'Sales', Old: exported(b!)[2], New: '$1,000.00' }],
      },
    ]);
    assert.equal((await shared.t.db.pool.query('select sales from sales where sale_id = $1', [b!.sale_id])).rows[0].sales, b!.sales);
    assert.equal(await count('select count(*)::int as n from audit_log'), before, 'a preview writes nothing');
  });

  test('add only refuses a row the table has, update only one it has not', async () => {
    const pool = shared.t.db.pool;
    const [a, gone] = await salesOf('NE', 2);
    await pool.query('delete from sales where sale_id = $1', [gone!.sale_id]);
    const up = await upload(shared.analyst, 'sales', csv([header, exported(a!, { transactions: '7' }), exported(gone!)]));
    const added = await preview(shared.analyst, 'sales', up, 'add');
    assert.deepEqual(added.Counts, { Add: 1, Change: 0, Unchanged: 0, Refused: 1 });
    assert.deepEqual(added.Refused, [{ Line: 2, Messages: [msg('importRowExists')] }]);
    const updated = await preview(shared.analyst, 'sales', up, 'update');
    assert.deepEqual(updated.Counts, { Add: 0, Change: 1, Unchanged: 0, Refused: 1 });
    assert.deepEqual(updated.Refused, [{ Line: 3, Messages: [msg('importRowMissing')] }]);
    const both = await preview(shared.analyst, 'sales', up);
    assert.deepEqual(both.Counts, { Add: 1, Change: 1, Unchanged: 0, Refused: 0 });
  });

  test('all or nothing writes nothing when a row is refused; the valid rows only writes them, as the table API would', async () => {
    const pool = shared.t.db.pool;
    const [a, b, gone] = await salesOf('NE', 3);
    const storeId = Number((await pool.query('select store_id from sales where sale_id = $1', [a!.sale_id])).rows[0].store_id);
    // A day whose sale is missing, alerted to the analyst: its arrival clears the alert.
    await pool.query('delete from sales where sale_id = $1', [gone!.sale_id]);
    await checkMissingSales(shared.t.app, gone!.day);
    const alerted = await count(`select count(*)::int as n from sales_missing_alerts where store_id = $1 and sale_date = $2`, [
      storeId,
      gone!.day,
    ]);
    assert.equal(alerted, 1);
    const file = csv([header, exported(a!, { sales: '4321.5' }), exported(b!, { margin: '2' }), exported(gone!)]);
    const up = await upload(shared.analyst, 'sales', file, 'day.csv');
    const audited = await count('select count(*)::int as n from audit_log');

    const whole = await run(shared.analyst, 'sales', up);
    assert.equal(whole.State, 'done');
    assert.deepEqual(whole.Counts, { Add: 1, Change: 1, Unchanged: 0, Refused: 1 });
    assert.equal((await pool.query('select sales from sales where sale_id = $1', [a!.sale_id])).rows[0].sales, a!.sales, 'nothing written');
    assert.equal(await count('select count(*)::int as n from sales where store_id = $1 and sale_date = $2', [storeId, gone!.day]), 0);
    assert.equal(await count('select count(*)::int as n from audit_log'), audited + 1, 'the import entry alone');
    const notDone = await pool.query(
      `select title, body from inbox where user_id = (select user_id from users where user_name = 'analyst') and title = $1 order by inbox_id desc limit 1`,
      [msg('importDoneTitle', 'Daily sales')],
    );
    assert.equal(notDone.rows[0]?.body, msg('importNotDoneBody', 'day.csv', 1));

    // The refused row downloaded, as the file had it, with its line and messages.
    const refusedCsv = await shared.analyst.inject({ url: `/api/sales/imports/${up.Id}/refused.csv` });
    assert.equal(refusedCsv.statusCode, 200);
    const lines = refusedCsv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.equal(lines[0], [...header, 'Line', 'Messages'].join(','));
    assert.equal(lines.length, 2);
    assert.ok(
      lines[1]!.startsWith(
        `${exported(b!, { margin: '2' })
          .map((c) => (c.includes(',') ? `"${c}"` : c))
          .join(',')},3,`,
      ),
      lines[1],
    );
    const refusedXlsx = await shared.analyst.inject({ url: `/api/sales/imports/${up.Id}/refused.xlsx` });
    assert.equal(refusedXlsx.statusCode, 200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(refusedXlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), [...header, 'Line', 'Messages']);
    assert.equal(sheet.getRow(2).getCell(6).value, '3');

    const changes: string[][] = [];
    onTableChanges(pool, (tables) => changes.push([...tables]));
    const valid = await run(shared.analyst, 'sales', up, { validOnly: true });
    assert.equal(valid.State, 'done');
    assert.deepEqual(valid.Counts, { Add: 1, Change: 1, Unchanged: 0, Refused: 1 });
    const changed = (await pool.query('select sales, version from sales where sale_id = $1', [a!.sale_id])).rows[0];
    assert.equal(Number(changed.sales), 4321.5);
    assert.equal(changed.version, a!.version + 1, 'its version moved on');
    assert.equal(await count('select count(*)::int as n from sales where store_id = $1 and sale_date = $2', [storeId, gone!.day]), 1);
    assert.ok(
      changes.some((tables) => tables.includes('sales') && tables.includes('audit_log')),
      'open tables are told',
    );
    // Kept totals agree with the rows.
    const kept = await pool.query(
      `select (select sum(sales) from sales where store_id = $1) as rows, (select sales from sales_store_totals where store_id = $1) as kept`,
      [storeId],
    );
    assert.equal(kept.rows[0].kept, kept.rows[0].rows);
    // The missing day arrived: no longer missing, the analyst's alert read.
    assert.equal(
      await count(`select count(*)::int as n from sales_missing_alerts where store_id = $1 and sale_date = $2`, [storeId, gone!.day]),
      0,
    );
    assert.equal(
      await count(
        `select count(*)::int as n from inbox i join users u using (user_id) where u.user_name = 'analyst' and i.topic = $1 and not i.is_read`,
        [`sales-missing:${gone!.day}`],
      ),
      0,
    );
    // One audit entry for the import, the rows' own naming it.
    const entry = await pool.query(
      `select after from audit_log where action = 'import' and import_id = $1 order by audit_id desc limit 1`,
      [up.Id],
    );
    assert.deepEqual(
      { ...entry.rows[0].after },
      { File: 'day.csv', Mode: 'add-update', Written: true, Add: 1, Change: 1, Unchanged: 0, Refused: 1 },
    );
    const rows = await pool.query(
      `select action, row_key, before, after from audit_log where import_id = $1 and action <> 'import' order by row_key`,
      [up.Id],
    );
    assert.equal(rows.rows.length, 2);
    const update = rows.rows.find((r) => r.action === 'update');
    assert.equal(update.row_key, String(a!.sale_id));
    assert.equal(Number(update.before.Sales), Number(a!.sales));
    assert.equal(Number(update.after.Sales), 4321.5);
    const done = await pool.query(
      `select body from inbox i join users u using (user_id) where u.user_name = 'analyst' and title = $1 order by inbox_id desc limit 1`,
      [msg('importDoneTitle', 'Daily sales')],
    );
    assert.equal(done.rows[0].body, msg('importDoneBody', 'day.csv', 1, 1, 0, 1));
  });

  test('a region user is refused a row for a store outside their region, and nothing of it is written', async () => {
    const [west] = await salesOf('WE', 1);
    const up = await upload(shared.analyst, 'sales', csv([header, exported(west!, { sales: '1' })]));
    const p = await preview(shared.analyst, 'sales', up);
    assert.deepEqual(p.Counts, { Add: 0, Change: 0, Unchanged: 0, Refused: 1 });
    assert.deepEqual(p.Refused[0]!.Messages, [`Store #: ${msg('importNotFound', String(west!.store_number)).replace(/\.$/, '')}.`]);
    const end = await run(shared.analyst, 'sales', up, { validOnly: true });
    assert.deepEqual(end.Counts, { Add: 0, Change: 0, Unchanged: 0, Refused: 1 });
    assert.equal((await shared.t.db.pool.query('select sales from sales where sale_id = $1', [west!.sale_id])).rows[0].sales, west!.sales);
  });

  test('who may neither add nor edit sales cannot import them; another user cannot reach an import', async () => {
    const file = csv([header, ['1', '01/01/2020', '1', '1', '1']]);
    assert.equal((await uploadFile(shared.trainee, 'sales', file)).statusCode, 403);
    assert.equal(
      (
        await uploadFile(
          shared.analyst,
          'states',
          csv([
            ['Code', 'Name', 'Region'],
            ['ZZ', 'Z', 'NE'],
          ]),
        )
      ).statusCode,
      403,
    );
    const up = await upload(shared.admin, 'sales', file);
    const res = await shared.analyst.inject({
      method: 'POST',
      url: `/api/sales/imports/${up.Id}/preview`,
      payload: { Mapping: up.Mapping, Mode: 'add' },
    });
    assert.equal(res.statusCode, 404);
    assert.deepEqual(res.json(), { Error: msg('importGone') });
    assert.equal((await shared.analyst.inject({ url: `/api/sales/imports/${up.Id}` })).statusCode, 404);
  });

  test('bad files, mappings and modes are refused with a clear message', async () => {
    const refusal = async (content: string | Buffer, status: number, error: string) => {
      const res = await uploadFile(shared.admin, 'sales', content);
      assert.equal(res.statusCode, status, res.body);
      assert.deepEqual(res.json(), { Error: error });
    };
    await refusal('', 400, msg('importEmpty'));
    await refusal('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n', 400, msg('importNotTable'));
    await refusal('Store #,Date\r\n', 400, msg('importHeaderOnly'));
    await refusal('Colour,Size\r\nred,big\r\n', 400, msg('importNoColumnMatched', 'Daily sales'));
    // A body that is no well-formed multipart at all (the property test's find: a boundary and one NUL byte).
    const broken = await shared.admin.inject({
      method: 'POST',
      url: '/api/sales/imports',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: Buffer.from([0]),
    });
    assert.equal(broken.statusCode, 400, broken.body);
    assert.deepEqual(broken.json(), { Error: msg('importNotTable') });
    const up = await upload(shared.admin, 'sales', csv([header, ['1', '01/01/2020', '1', '1', '1']]));
    const ask = (payload: unknown) => shared.admin.inject({ method: 'POST', url: `/api/sales/imports/${up.Id}/preview`, payload });
    const bad = async (payload: unknown, error: string) => {
      const res = await ask(payload);
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(res.json(), { Error: error });
    };
    await bad({ Mapping: up.Mapping, Mode: 'replace' }, msg('importMode'));
    await bad({ Mapping: ['Colour', null, null, null, null], Mode: 'add' }, msg('importBadMapping', msg('importMappingUnknown', 'Colour')));
    await bad({ Mapping: ['Sales', 'Sales', null, null, null], Mode: 'add' }, msg('importBadMapping', msg('importMappingTwice', 'Sales')));
    await bad({ Mapping: [null, null], Mode: 'add' }, msg('importBadMapping', msg('importMappingLength')));
    // A column the user leaves out is not read: without its store, every row is refused for it.
    const p = await preview(shared.admin, 'sales', up, 'add', [null, 'SaleDate', 'Sales', 'Transactions', 'Margin']);
    assert.deepEqual(p.Refused, [{ Line: 2, Messages: [`Store #: ${msg('required').replace(/\.$/, '')}.`] }]);
  });

  test('a cell that starts with = is stored as text, never run', async () => {
    const up = await upload(
      shared.admin,
      'states',
      csv([
        ['Code', 'Name', 'Region'],
        ['ZZ', '=1+2', 'Northeast'],
      ]),
    );
    const end = await run(shared.admin, 'states', up);
    assert.deepEqual(end.Counts, { Add: 1, Change: 0, Unchanged: 0, Refused: 0 });
    const row = await shared.t.db.pool.query(`select name, region from states where code = 'ZZ'`);
    assert.deepEqual(row.rows[0], { name: '=1+2', region: 'NE' });
  });

  // A row lock held on a connection of its own keeps the first import running: the embedded database has one.
  test('a user runs one import at a time', {
    skip: postgresBase() ? false : 'holds a row lock on a second connection (run with DATABASE_URL)',
  }, async () => {
    const pool = shared.t.db.pool;
    const [a, b] = await salesOf('NE', 2);
    const first = await upload(shared.analyst, 'sales', csv([header, exported(a!, { transactions: '11' })]));
    const second = await upload(shared.analyst, 'sales', csv([header, exported(b!, { transactions: '12' })]));
    // The first waits on a row lock held here, so it is surely running when the second is asked for.
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('select 1 from sales where sale_id = $1 for update', [a!.sale_id]);
      assert.equal((await startRun(shared.analyst, 'sales', first)).statusCode, 202);
      assert.equal((await status(shared.analyst, 'sales', first.Id)).State, 'running');
      const refused = await startRun(shared.analyst, 'sales', second);
      assert.equal(refused.statusCode, 429);
      assert.deepEqual(refused.json(), { Error: msg('importTooManyForUser', 1) });
      assert.equal((await startRun(shared.analyst, 'sales', first)).statusCode, 409);
    } finally {
      await client.query('rollback');
      client.release();
    }
    assert.equal((await finished(shared.analyst, 'sales', first.Id)).State, 'done');
    assert.equal((await run(shared.analyst, 'sales', second)).State, 'done');
  });
});
