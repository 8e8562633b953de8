// Excel export of a list (format=xlsx): the same rows, columns and order as the CSV; numbers and dates as
// values in the table's display styles; text as text, never a formula, whatever characters it holds; a table
// with more rows than a sheet holds refused before the first byte. Workbooks are read back with exceljs, as a
// spreadsheet program would read them.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { useTestApp, sameDatabaseApp, signIn, type SignedIn } from '../../support/app.ts';
import { defaultMessages as m, msg } from '../../../server/messages.ts';
import { SheetWriter, zipWorkbook } from '../../../server/table-api/export/xlsx-writer.ts';
import { currentQuery, url, type Query } from './support.ts';

const shared = useTestApp('admin');

async function load(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

async function workbookOf(user: SignedIn, resource: string, query: Query) {
  const res = await user.inject({ url: url(`${resource}/export`, { ...query, format: 'xlsx' }) });
  assert.equal(res.statusCode, 200, res.body.slice(0, 300));
  return { res, sheet: await load(res.rawPayload) };
}

/** The sheet's cell values, row by row from the header, as exceljs reads them. */
function valuesOf(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('workbook', () => {
  test('a header of labels, frozen and bold; numbers and dates as values in the table styles', async () => {
    const sale = (
      await shared.t.db.pool.query<{
        sale_id: number;
      }>(`update sales set sales = 1234.5, margin = 0.1234, transactions = 4321, sale_date = '2026-03-07'
      where sale_id = (select min(sale_id) from sales) returning sale_id`)
    ).rows[0]!;
    const columns = ['SaleID', 'SaleDate', 'Sales', 'Transactions', 'Margin', 'StoreName'];
    const { res, sheet } = await workbookOf(
      shared.admin,
      'sales',
      currentQuery(columns, { 'order[0][column]': 0, 'order[0][dir]': 'asc' }),
    );
    assert.equal(res.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    assert.equal(res.headers['content-disposition'], 'attachment; filename="sales.xlsx"');
    assert.equal(sheet.name, 'Daily sales');
    const rows = valuesOf(sheet);
    assert.deepEqual(rows[0], ['ID', 'Date', 'Sales', 'Transactions', 'Margin', 'Store']);
    assert.equal(sheet.getRow(1).getCell(1).font?.bold, true);
    assert.deepEqual(
      sheet.views.map((v) => [v.state, (v as { ySplit?: number }).ySplit]),
      [['frozen', 1]],
    );
    const [count] = (await shared.t.db.pool.query<{ n: number }>('select count(*)::int as n from sales')).rows;
    assert.equal(rows.length - 1, count!.n, 'every row, not just a page');
    assert.equal(sheet.autoFilter, `A1:F${count!.n + 1}`, 'filter buttons on the header, over every row');

    const first = sheet.getRow(2);
    assert.equal(first.getCell(1).value, sale.sale_id);
    assert.deepEqual(first.getCell(2).value, new Date(Date.UTC(2026, 2, 7)));
    assert.equal(first.getCell(2).numFmt, 'dd/mm/yyyy');
    assert.equal(first.getCell(3).value, 1234.5);
    assert.equal(first.getCell(3).numFmt, '"$"#,##0.00;-"$"#,##0.00');
    assert.equal(first.getCell(4).value, 4321);
    assert.equal(first.getCell(4).numFmt, '#,##0');
    assert.equal(first.getCell(5).value, 0.1234);
    assert.equal(first.getCell(5).numFmt, '0.00%');
    assert.equal(typeof first.getCell(6).value, 'string');
  });

  test("the list's rows in its order: a search and a sort", async () => {
    const query = currentQuery(['StoreNumber', 'StoreName', 'Sales'], {
      'search[value]': 'downtown',
      'order[0][column]': 2,
      'order[0][dir]': 'desc',
    });
    const list = (await shared.admin.inject({ url: url('sales', query) })).json();
    const rows = valuesOf((await workbookOf(shared.admin, 'sales', query)).sheet).slice(1);
    assert.equal(rows.length, list.recordsFiltered);
    assert.ok(rows.length > 0 && rows.every((r) => /Downtown/.test(String(r[1]))));
    const amounts = rows.map((r) => r[2] as number);
    assert.deepEqual(
      amounts,
      [...amounts].sort((a, b) => b - a),
    );
  });

  test('text is written as text: formulas, markup and line breaks arrive as they are', async () => {
    const names = ['=HYPERLINK("http://x")', '<b>&"Big" Store</b>', 'Two\r\nlines\there', '_x0041_ \u{1F600}', 'odd \u0001 \u001f chars'];
    for (const [i, name] of names.entries())
      await shared.t.db.pool.query(`update stores set name = $1 where store_number = $2`, [name, 1001 + i]);
    const { sheet } = await workbookOf(
      shared.admin,
      'stores',
      currentQuery(['StoreNumber', 'Name'], { 'order[0][column]': 0, 'order[0][dir]': 'asc' }),
    );
    const read = names.map((_, i) => sheet.getRow(2 + i).getCell(2));
    assert.ok(read.every((cell) => cell.type === ExcelJS.ValueType.String));
    // Control characters cannot be held by a workbook: they show as the replacement character.
    assert.deepEqual(
      read.map((cell) => cell.value),
      [...names.slice(0, -1), 'odd \uFFFD \uFFFD chars'],
    );
  });

  test('yes/no and date-time cells', async () => {
    await shared.t.db.pool.query(
      `insert into audit_log (at, resource, action, row_key) values ('2026-03-07 13:45:00', 'stores', 'update', '7')`,
    );
    const { sheet } = await workbookOf(
      shared.admin,
      'audit',
      currentQuery(['At', 'Resource'], { 'search[value]': 'stores', 'order[0][column]': 0, 'order[0][dir]': 'asc' }),
    );
    const at = sheet.getRow(2).getCell(1);
    // Excel has no time zones: the cell holds the time as the server shows it (its own zone, as the insert read it).
    assert.deepEqual(at.value, new Date(Date.UTC(2026, 2, 7, 13, 45)));
    assert.equal(at.numFmt, 'dd/mm/yyyy hh:mm');
    const users = valuesOf(
      (await workbookOf(shared.admin, 'users', currentQuery(['UserName', 'IsAdmin'], { 'order[0][column]': 0, 'order[0][dir]': 'asc' })))
        .sheet,
    );
    assert.deepEqual(users.find((r) => r[0] === 'admin')?.[1], m.yes);
    assert.ok(users.some((r) => r[1] === m.no));
  });
});

describe('dates Excel counts differently', () => {
  test("days before 1 March 1900 get Excel's own numbers (it counts a 29 February 1900), days before 1900 are text", async () => {
    const days = ['1900-03-01', '1900-02-28', '1900-01-01', '1899-12-31', '0001-01-01'];
    const stores = (await shared.t.db.pool.query<{ store_id: number }>('select store_id from stores order by store_id limit 5')).rows;
    await Promise.all(
      stores.map((s, i) =>
        shared.t.db.pool.query(`update stores set open_date = $1, city = 'Oldtown' where store_id = $2`, [days[i], s.store_id]),
      ),
    );
    const { sheet } = await workbookOf(
      shared.admin,
      'stores',
      currentQuery(['StoreID', 'OpenDate', 'City'], { 'search[value]': 'Oldtown', 'order[0][column]': 1, 'order[0][dir]': 'desc' }),
    );
    // exceljs turns a day number into a date from 30 December 1899, so its Date gives back the number written.
    const written = (cell: ExcelJS.Cell) =>
      cell.value instanceof Date ? (cell.value.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000 : cell.value;
    const cells = [2, 3, 4, 5, 6].map((r) => written(sheet.getRow(r).getCell(2)));
    // In Excel, 61 is 1 March 1900, 59 is 28 February and 1 is 1 January; it has no day before 1900.
    assert.deepEqual(cells, [61, 59, 1, '31/12/1899', '01/01/0001']);
  });
});

describe('who and how much', () => {
  test('a store-scoped user exports only their stores', async () => {
    const analyst = await signIn(shared.t.app, 'analyst');
    const rows = valuesOf((await workbookOf(analyst, 'sales', {})).sheet);
    const [ne] = (
      await shared.t.db.pool.query<{ n: number }>(
        `select count(*)::int as n from sales join stores s using (store_id) join groups g on g.group_id = s.group_id where g.code = 'NE'`,
      )
    ).rows;
    assert.equal(rows.length - 1, ne!.n);
  });

  test('more rows than a sheet holds are refused with the reason, before any byte of a workbook', async (t) => {
    const [states] = (await shared.t.db.pool.query<{ n: number }>('select count(*)::int as n from states')).rows;
    // Apps whose sheets hold one state fewer than there are, and exactly as many.
    const exportWith = async (xlsxMaxRows: number) => {
      const app = await sameDatabaseApp(shared.t, { limits: { exports: { xlsxMaxRows } } });
      t.after(() => app.close());
      return (await signIn(app, 'admin')).inject({ url: '/api/states/export?format=xlsx' });
    };
    const res = await exportWith(states!.n - 1);
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { error: msg('tableExportTooManyRowsForExcel', String(states!.n - 1)) });
    assert.equal((await exportWith(states!.n)).statusCode, 200, 'exactly a sheet full is fine');
  });

  test('formats other than csv and xlsx are refused with the formats offered', async () => {
    const res = await shared.admin.inject({ url: '/api/states/export?format=pdf' });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { error: m.tableExportFormat });
    const twice = await shared.admin.inject({ url: '/api/states/export?format=csv&format=xlsx' });
    assert.deepEqual([twice.statusCode, twice.json()], [400, { error: m.tableExportFormat }]);
  });

  test('a refused format is judged only after the sign-in and access checks', async () => {
    const signedOut = await shared.t.app.inject({ url: '/api/sales/export?format=pdf' });
    assert.deepEqual([signedOut.statusCode, signedOut.json()], [401, { error: m.unauthenticated }]);
    const trainee = await signIn(shared.t.app, 'trainee');
    const forbidden = await trainee.inject({ url: '/api/sales/export?format=pdf' });
    assert.deepEqual([forbidden.statusCode, forbidden.json()], [403, { error: m.forbidden }]);
  });
});

/** What a workbook can hold of a text: XML 1.0's characters, the others replaced by U+FFFD. */
function holdable(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) <= 0xdfff;
    if (pair) {
      out += text.slice(i, i + 2);
      i++;
    } else if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || c === 0xfffe || c === 0xffff || (c >= 0xd800 && c <= 0xdfff))
      out += '\uFFFD';
    else out += text[i];
  }
  return out;
}

describe('the sheet writer', () => {
  test('any text reads back as written (where a workbook can hold it), any number as written', async () => {
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom('_', 'x', '0', 'A', 'f', '&', '<', '\r', '\n', '\t', '\u0000', '\uFFFE', '\uD800', '\uDC00'),
        fc.string({ unit: 'binary', maxLength: 1 }),
      ),
      maxLength: 40,
    });
    const number = fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => String(n));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(text, number), { minLength: 1, maxLength: 20 }), async (rows) => {
        const sheet = new SheetWriter([{ number: false }, { number: true, style: 0 }], [10, 10]);
        const xml = sheet.head(['Text', 'Number']) + rows.map(([t, n]) => sheet.rowXml([t, n])).join('') + sheet.end();
        const read = valuesOf(await load(await buffer(zipWorkbook('Sheet', Readable.from([Buffer.from(xml)]), sheet))));
        assert.deepEqual(
          read.slice(1).map((r) => [r[0] ?? '', r[1]]),
          rows.map(([t, n]) => [holdable(t), Number(n)]),
        );
      }),
      { numRuns: 60 },
    );
  });
});
