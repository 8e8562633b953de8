// Our own exports read back by the import reader, cell for cell: the CSV export (UTF-16LE with a byte-order
// mark, comma separated, values as the table shows them, formulas defused with an apostrophe) and the Excel
// export (numbers and dates as values, text as stored), each fetched through the app and compared with the
// database. A manager's exported file must come back as it went out.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { useTestApp, type SignedIn } from '../../support/app.ts';
import { fileOf, readAll } from '../../support/import-files.ts';
import { formatValue } from '../../../common/format.ts';
import { msg } from '../../../server/messages.ts';
import { currentQuery, url } from '../table-api/support.ts';

const shared = useTestApp('admin');

async function exported(user: SignedIn, resource: string, columns: string[], format: 'csv' | 'xlsx') {
  const query = currentQuery(columns, { 'order[0][column]': 0, 'order[0][dir]': 'asc', format });
  const res = await user.inject({ url: url(`${resource}/export`, query) });
  assert.equal(res.statusCode, 200, res.body.slice(0, 300));
  return readAll(fileOf(res.rawPayload, `${resource}.${format}`));
}

/** Where a line starts when the rows before it hold line breaks: each row's first line, counted from the header's. */
function linesOf(rows: string[][]): number[] {
  let line = 2;
  return rows.map((cells) => {
    const at = line;
    line += 1 + cells.join('').split('\n').length - 1;
    return at;
  });
}

/** A cell as the CSV export writes text: a formula's first character defused with an apostrophe. */
const defused = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

describe('exports read back', () => {
  test('stores: text that needs quoting, formulas, every script, line breaks; a date and a yes/no', async () => {
    const names = ['Smith, "Big"\nStore', '=HYPERLINK("x")', 'Café 東京 🛒', '  spaced  ', 'semi;colon\ttab', 'two\r\nlines', '-5 off'];
    for (const [i, name] of names.entries()) {
      await shared.t.db.pool.query('update stores set name = $1 where store_number = (select min(store_number) + $2 from stores)', [
        name,
        i,
      ]);
    }
    const { rows: stores } = await shared.t.db.pool.query<{ number: string; name: string; opened: string; iso: string; active: boolean }>(
      `select store_number::text as number, name, to_char(open_date, 'DD/MM/YYYY') as opened, to_char(open_date, 'YYYY-MM-DD') as iso,
        is_active as active from stores order by store_number`,
    );
    const columns = ['StoreNumber', 'Name', 'OpenDate', 'IsActive'];
    const header = ['Store #', 'Name', 'Opened', 'Active'];
    const yesNo = (active: boolean) => msg(active ? 'yes' : 'no');

    const csv = await exported(shared.admin, 'stores', columns, 'csv');
    const csvCells = stores.map((s) => [s.number, defused(s.name), s.opened, yesNo(s.active)]);
    assert.deepEqual(csv.header, header);
    assert.deepEqual(
      csv.rows,
      csvCells.map((cells, i) => ({ line: linesOf(csvCells)[i], cells })),
    );

    const xlsx = await exported(shared.admin, 'stores', columns, 'xlsx');
    assert.deepEqual(xlsx.header, header);
    assert.deepEqual(
      xlsx.rows,
      stores.map((s, i) => ({ line: i + 2, cells: [s.number, s.name, s.iso, yesNo(s.active)] })),
    );
  });

  test('daily sales: amounts, percentages, counts and dates, as shown (CSV) and as values (Excel)', async () => {
    await shared.t.db.pool.query(`update sales set sales = 1234.5, margin = 0.1234, transactions = 4321
      where sale_id = (select min(sale_id) from sales)`);
    await shared.t.db.pool.query(`update sales set sales = 0.07, margin = -0.005 where sale_id = (select max(sale_id) from sales)`);
    const { rows: sales } = await shared.t.db.pool.query<{
      id: string;
      store: string;
      day: string;
      iso: string;
      sales: string;
      transactions: number;
      margin: string;
    }>(`select s.sale_id::text as id, st.store_number::text as store, to_char(s.sale_date, 'DD/MM/YYYY') as day,
        to_char(s.sale_date, 'YYYY-MM-DD') as iso, s.sales::text as sales, s.transactions, s.margin::text as margin
      from sales s join stores st on st.store_id = s.store_id order by s.sale_id`);
    assert.ok(sales.length > 100);
    const columns = ['SaleID', 'StoreNumber', 'SaleDate', 'Sales', 'Transactions', 'Margin'];
    const header = ['ID', 'Store #', 'Date', 'Sales', 'Transactions', 'Margin'];

    const csv = await exported(shared.admin, 'sales', columns, 'csv');
    assert.deepEqual(csv.header, header);
    assert.deepEqual(
      csv.rows,
      sales.map((s, i) => ({
        line: i + 2,
        cells: [
          s.id,
          s.store,
          s.day,
          formatValue(s.sales, 'currency'),
          formatValue(s.transactions, 'integer'),
          formatValue(s.margin, 'percent'),
        ],
      })),
    );
    assert.deepEqual(csv.rows[0]!.cells.slice(3), ['$1,234.50', '4,321', '12.34%']);

    const xlsx = await exported(shared.admin, 'sales', columns, 'xlsx');
    assert.deepEqual(xlsx.header, header);
    assert.deepEqual(
      xlsx.rows,
      sales.map((s, i) => ({
        line: i + 2,
        cells: [s.id, s.store, s.iso, String(Number(s.sales)), String(s.transactions), String(Number(s.margin))],
      })),
    );
    assert.deepEqual(xlsx.rows[0]!.cells.slice(3), ['1234.5', '4321', '0.1234']);
    assert.deepEqual(
      xlsx.rows
        .at(-1)!
        .cells.slice(3)
        .filter((_, i) => i !== 1),
      ['0.07', '-0.005'],
    );
  });
});
