// Reports as PDFs, printed by the system Chromium: each report of the registry as base64 through POST
// /api/common/reports, and streamed inline by GET /api/common/report, for a report and for a data table
// (its filtered rows, visible columns, grouping with group totals, and who printed it with which filter).
// Each PDF is read back as a person would: its pages (pdfinfo) and its text (pdftotext), whose figures are
// computed here in SQL.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { format } from 'date-fns/format';
import { subDays } from 'date-fns/subDays';
import { useTestApp, sameDatabaseApp, signIn, type SignedIn } from '../../support/app.ts';
import { chromiumPath } from '../../support/browser.ts';
import { isPdf, pdfPages, pdfText } from '../../support/pdf.ts';

const skip = chromiumPath() ? false : 'no Chromium: PDFs cannot be printed (apt-get install chromium)';
const shared = useTestApp('analyst', 'admin');
const day = (d: Date) => format(d, 'dd/MM/yyyy');
const iso = (d: Date) => format(d, 'yyyy-MM-dd');
const from = subDays(new Date(), 12);
const to = subDays(new Date(), 2);
const range = [
  { name: 'FromDate', value: day(from) },
  { name: 'ToDate', value: day(to) },
];
const money = `'FM$999,999,999,990.00'`;

async function pdfOf(user: SignedIn, name: string, parameters: unknown[], folder?: string): Promise<Buffer> {
  const res = await user.inject({ method: 'POST', url: '/api/common/reports', payload: { name, folder, format: 'pdf', parameters } });
  assert.equal(res.statusCode, 200, res.body);
  assert.match(res.headers['content-type'] as string, /^text\/plain/);
  assert.match(res.body, /^[A-Za-z0-9+/]+=*$/, 'the answer is base64 text');
  const pdf = Buffer.from(res.body, 'base64');
  assert.ok(isPdf(pdf), 'it decodes to a PDF');
  return pdf;
}

async function sql(text: string, params: unknown[] = []): Promise<Record<string, string>> {
  return (await shared.t.db.pool.query(text, params)).rows[0];
}

describe('reports as base64 PDFs', { skip }, () => {
  test('sales-by-store prints the grand total and each state subtotal, with page headers and numbers', async () => {
    const pdf = await pdfOf(shared.analyst, 'sales-by-store', range);
    const text = pdfText(pdf);
    const ne = `s.group_id = (select group_id from groups where code = 'NE')`;
    const total = await sql(
      `select to_char(sum(x.sales), ${money}) as t from sales x join stores s using (store_id) where x.sale_date between $1 and $2 and ${ne}`,
      [iso(from), iso(to)],
    );
    assert.match(text, new RegExp(`Total ${total.t!.replace('$', '\\$')} `));
    const states = await shared.t.db.pool.query(
      `select st.name || ' (' || st.code || ') total ' || to_char(sum(x.sales), ${money}) as line from sales x join stores s using (store_id) join states st on st.state_id = s.state_id
       where x.sale_date between $1 and $2 and ${ne} group by st.name, st.code`,
      [iso(from), iso(to)],
    );
    for (const { line } of states.rows) assert.ok(text.includes(line), `${line} is printed`);
    const pages = pdfPages(pdf);
    assert.ok(pages >= 1);
    assert.match(text, new RegExp(`Page ${pages} of ${pages}`));
    assert.match(text, /Sales by store Printed by Jordan Lee on \d\d\/\d\d\/\d{4} \d\d:\d\d/);
  });

  test('sales-by-state prints every state and the grand total', async () => {
    const text = pdfText(await pdfOf(shared.admin, 'sales-by-state', range));
    const total = await sql(
      `select to_char(sum(sales), ${money}) as t, count(distinct st.code)::int as n from sales x join stores s using (store_id) join states st on st.state_id = s.state_id where x.sale_date between $1 and $2`,
      [iso(from), iso(to)],
    );
    assert.match(text, new RegExp(`Total ${total.t!.replace('$', '\\$')} `));
    assert.equal(text.match(/\([A-Z]{2}\) \$/g)?.length, Number(total.n));
  });

  test('cycle-summary prints each store group against the previous cycle', async () => {
    const cycle = await sql(
      `select cycle_id, start_date::text as s, end_date::text as e from cycles where kind = 'weekly' and end_date < current_date order by start_date desc limit 1`,
    );
    const text = pdfText(await pdfOf(shared.admin, 'cycle-summary', [{ name: 'CycleID', value: cycle.cycle_id }]));
    const groups = await shared.t.db.pool.query(
      `select g.name || ' ' || to_char(sum(x.sales), ${money}) as line from sales x join stores s using (store_id) join groups g on g.group_id = s.group_id
       where x.sale_date between $1 and $2 group by g.name`,
      [cycle.s, cycle.e],
    );
    for (const { line } of groups.rows) assert.ok(text.includes(line), `${line} is printed`);
  });

  test('audit-trail prints each change', async () => {
    const state = await sql(`select state_id, code, name, version from states order by state_id limit 1`);
    const edit = await shared.admin.inject({
      method: 'PATCH',
      url: '/api/states',
      payload: { StateID: state.state_id, Version: state.version, Name: `${state.name} (renamed)` },
    });
    assert.equal(edit.statusCode, 200, edit.body);
    const text = pdfText(
      await pdfOf(
        shared.admin,
        'audit-trail',
        [
          { name: 'FromDate', value: day(new Date()) },
          { name: 'ToDate', value: day(new Date()) },
        ],
        'Administration',
      ),
    );
    assert.ok(text.includes(`admin States Changed ${state.name} (renamed)`), 'the action in words, the row by its name');
    assert.ok(text.includes(`${state.name} (renamed)`));
  });
});

describe('the PDF stream', { skip }, () => {
  test('streams a report inline, its parameters in the query', async () => {
    const query = new URLSearchParams({ filename: 'sales-by-state', stream: 'true', format: 'pdf', FromDate: day(from), ToDate: day(to) });
    const res = await shared.admin.inject({ url: `/api/common/report?${query}` });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/pdf');
    assert.equal(res.headers['content-disposition'], 'inline; filename="sales-by-state.pdf"');
    const total = await sql(`select to_char(sum(sales), ${money}) as t from sales where sale_date between $1 and $2`, [iso(from), iso(to)]);
    assert.match(pdfText(res.rawPayload), new RegExp(`Total ${total.t!.replace('$', '\\$')} `));
  });

  test("prints a table's filtered rows in its visible columns, grouped with group totals, saying who printed it with which filter", async () => {
    const query = new URLSearchParams({
      filename: 'sales',
      stream: 'true',
      format: 'pdf',
      maingroup: 'StoreName',
      'search[value]': 'Downtown',
      'columns[0][data]': 'StoreName',
      'columns[1][data]': 'SaleDate',
      'columns[2][data]': 'Sales',
      'columns[3][data]': 'Transactions',
    });
    const res = await shared.analyst.inject({ url: `/api/common/report?${query}` });
    assert.equal(res.statusCode, 200, res.body);
    const text = pdfText(res.rawPayload);
    const where = `s.name ilike '%Downtown%' and s.group_id = (select group_id from groups where code = 'NE')`;
    const groups = await shared.t.db.pool.query(
      `select 'Store: ' || s.name || ' total ' || count(*) || ' ' || to_char(sum(x.sales), ${money}) || ' ' || to_char(sum(x.transactions), 'FM999,999,990') as line
       from sales x join stores s using (store_id) where ${where} group by s.name`,
    );
    assert.ok(groups.rows.length > 1, 'several stores match');
    for (const { line } of groups.rows) assert.ok(text.includes(line), `${line} is printed`);
    const total = await sql(
      `select count(*)::int as n, to_char(sum(x.sales), ${money}) as t from sales x join stores s using (store_id) where ${where}`,
    );
    assert.ok(text.includes(`Total ${Number(total.n).toLocaleString('en-US')} ${total.t}`), 'the grand total');
    assert.match(text, /Daily sales Printed by Jordan Lee on \d\d\/\d\d\/\d{4} \d\d:\d\d/);
    assert.match(text, /Filter: search "Downtown"/);
    assert.match(text, /grouped by Store/);
    assert.ok(text.includes(`${Number(total.n).toLocaleString('en-US')} row(s)`));
    assert.match(text, /Store Date Sales Transactions/);
    assert.doesNotMatch(text, /Margin/, 'a column the table does not show is not printed');
    assert.ok(pdfPages(res.rawPayload) > 1);
    assert.equal(text.match(/^ ?Total \d/gm)?.length, 1, 'the grand total is printed once, at the end');
  });

  test('refuses a table the user may not export, and a name that is neither a report nor a table', async () => {
    const clerk = await signIn(shared.t.app, 'clerk');
    const refused = await clerk.inject({ url: '/api/common/report?filename=sales&stream=true&format=pdf' });
    assert.equal(refused.statusCode, 403);
    const unknown = await shared.admin.inject({ url: '/api/common/report?filename=nothing&stream=true&format=pdf' });
    assert.equal(unknown.statusCode, 404);
    assert.deepEqual(unknown.json(), { error: 'There is no report "nothing" in the folder "Reports".' });
  });

  test('refuses a table with more rows than a printed report holds, saying how to narrow it', async (ctx) => {
    const app = await sameDatabaseApp(shared.t, { limits: { reports: { maxRows: 10 } } });
    ctx.after(() => app.close());
    const admin = await signIn(app, 'admin');
    const res = await admin.inject({ url: '/api/common/report?filename=stores&stream=true&format=pdf' });
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json(), { error: 'This report would print more than 10 rows: please narrow the dates or the search.' });
  });

  test("a browser opening it is answered the app's error page", async () => {
    const res = await shared.admin.inject({
      url: '/api/common/report?filename=nothing&format=pdf',
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    assert.equal(res.statusCode, 404);
    assert.match(res.headers['content-type'] as string, /^text\/html/);
    assert.match(res.body, /<title>Error 404/);
    assert.match(
      res.body,
      /role="alert">There is no report (&#34;|&quot;)nothing(&#34;|&quot;) in the folder (&#34;|&quot;)Reports(&#34;|&quot;)\.<\/p>/,
    );
  });
});
