// Each report of the registry as HTML through POST /api/common/reports, its figures checked against the same
// figures computed here in SQL, formatted as the spec says (US dollars, percentages x100, comma thousands).
import { before, describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { format } from 'date-fns/format';
import { subDays } from 'date-fns/subDays';
import { useTestApp, type SignedIn } from '../../support/app.ts';
import { unescapeHtml } from '../../support/forms.ts';
import { reportDocument } from '../../../server/reports/render.ts';

const shared = useTestApp('analyst', 'admin');
const day = (d: Date) => format(d, 'dd/MM/yyyy');
const from = subDays(new Date(), 12);
const to = subDays(new Date(), 2);
const range = [
  { name: 'FromDate', value: day(from) },
  { name: 'ToDate', value: day(to) },
];

function run(user: SignedIn, name: string, parameters: unknown[], extra: Record<string, unknown> = {}) {
  return user.inject({ method: 'POST', url: '/api/common/reports', payload: { name, parameters, ...extra } });
}

/** The cells (header cell first) of each body row of a class, or of each plain body row, as text. */
function rows(html: string, rowClass = ''): string[][] {
  const pattern = new RegExp(`<tr${rowClass ? ` class="${rowClass}"` : ''}>(.*?)</tr>`, 'g');
  const body = rowClass ? html : (/<tbody>([\s\S]*)<\/tbody>/.exec(html)?.[1] ?? '');
  return [...body.matchAll(pattern)].map((m) => [...m[1]!.matchAll(/<t[hd][^>]*>([^<]*)<\/t[hd]>/g)].map((c) => unescapeHtml(c[1]!)));
}

const money = `'FM$999,999,999,990.00'`;
const percent = (sql: string) => `to_char(round(100 * ${sql}, 2), 'FM999,990.00') || '%'`;

describe('sales-by-store', () => {
  let html = '';
  before(async () => {
    const res = await run(shared.analyst, 'sales-by-store', range);
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /^text\/html/);
    html = res.body;
  });

  const where = `x.sale_date between $1 and $2 and s.group_id = (select group_id from groups where code = 'NE')`;
  const dates = () => [format(from, 'yyyy-MM-dd'), format(to, 'yyyy-MM-dd')];

  test("lists each of the analyst's stores under its state, with its sales, transactions and average margin", async () => {
    const expected = await shared.t.db.pool.query(
      `select st.name || ' (' || st.code || ')' as state, s.store_number::text as number, s.name,
              to_char(sum(x.sales), ${money}) as sales, to_char(sum(x.transactions), 'FM999,999,990') as tx, ${percent('avg(x.margin)')} as margin
       from sales x join stores s using (store_id) join states st on st.state_id = s.state_id
       where ${where} group by st.name, st.code, s.store_number, s.name order by st.name, s.name, s.store_number`,
      dates(),
    );
    const headings = [...html.matchAll(/<tr class="report-group level-1"><th scope="rowgroup" colspan="5">([^<]+)<\/th><\/tr>/g)].map(
      (m) => m[1],
    );
    assert.deepEqual(headings, [...new Set(expected.rows.map((r) => r.state))]);
    assert.deepEqual(
      rows(html),
      expected.rows.map((r) => [r.number, r.name, r.sales, r.tx, r.margin]),
    );
  });

  test('closes each state with its subtotal and the report with the grand total', async () => {
    const states = await shared.t.db.pool.query(
      `select st.name || ' (' || st.code || ') total' as label, to_char(sum(x.sales), ${money}) as sales, to_char(sum(x.transactions), 'FM999,999,990') as tx,
              ${percent('avg(x.margin)')} as margin
       from sales x join stores s using (store_id) join states st on st.state_id = s.state_id where ${where} group by st.name, st.code order by st.name`,
      dates(),
    );
    assert.deepEqual(
      rows(html, 'report-subtotal level-1'),
      states.rows.map((r) => [r.label, '', r.sales, r.tx, r.margin]),
    );
    const total = await shared.t.db.pool.query(
      `select to_char(sum(x.sales), ${money}) as sales, to_char(sum(x.transactions), 'FM999,999,990') as tx, ${percent('avg(x.margin)')} as margin
       from sales x join stores s using (store_id) where ${where}`,
      dates(),
    );
    const t = total.rows[0];
    assert.deepEqual(rows(html, 'report-total'), [['Total', '', t.sales, t.tx, t.margin]]);
  });

  test("says what it covers: the dates, and the stores as the analyst's own, the Northeast's", async () => {
    assert.match(html, /<h2 class="report-title" id="report-title">Sales by store<\/h2>/);
    assert.match(html, new RegExp(`<p class="report-caption">${day(from)} to ${day(to)}</p>`));
    const northeast = (await shared.t.db.pool.query(`select count(*)::int as n from stores join groups using (group_id) where code = 'NE'`))
      .rows[0].n;
    assert.match(html, new RegExp(`<p class="report-caption">Stores: All Northeast stores \\(${northeast}\\)</p>`));
  });

  test('follows the store selection given as a parameter, and shows the description', async () => {
    const ids = (
      await shared.t.db.pool.query(
        `select store_id from stores where group_id = (select group_id from groups where code = 'NE') order by store_id limit 3`,
      )
    ).rows.map((r) => r.store_id);
    const res = await run(shared.analyst, 'sales-by-store', [...range, { name: 'stores', value: ids.join(',') }], {
      description: 'For the area meeting',
    });
    const total = await shared.t.db.pool.query(
      `select to_char(sum(x.sales), ${money}) as sales from sales x where x.sale_date between $1 and $2 and x.store_id = any($3)`,
      [...dates(), ids],
    );
    assert.equal(rows(res.body, 'report-total')[0]?.[2], total.rows[0].sales);
    assert.equal(rows(res.body).length, 3);
    assert.match(res.body, /<p class="report-description">For the area meeting<\/p>/);
    assert.match(res.body, /Stores: 3 of \d+ Northeast stores/);
  });
});

describe('sales-by-state', () => {
  test('gives each state its figures and the grand total, for every store of an administrator', async () => {
    const res = await run(shared.admin, 'sales-by-state', range);
    assert.equal(res.statusCode, 200);
    const expected = await shared.t.db.pool.query(
      `select st.name || ' (' || st.code || ')' as state, to_char(sum(x.sales), ${money}) as sales, to_char(sum(x.transactions), 'FM999,999,990') as tx, ${percent('avg(x.margin)')} as margin
       from sales x join stores s using (store_id) join states st on st.state_id = s.state_id
       where x.sale_date between $1 and $2 group by st.name, st.code order by st.name`,
      [format(from, 'yyyy-MM-dd'), format(to, 'yyyy-MM-dd')],
    );
    assert.deepEqual(
      rows(res.body),
      expected.rows.map((r) => [r.state, r.sales, r.tx, r.margin]),
    );
    const total = await shared.t.db.pool.query(
      `select to_char(sum(sales), ${money}) as sales from sales where sale_date between $1 and $2`,
      [format(from, 'yyyy-MM-dd'), format(to, 'yyyy-MM-dd')],
    );
    assert.equal(rows(res.body, 'report-total')[0]?.[1], total.rows[0].sales);
  });
});

describe('cycle-summary', () => {
  test("gives each store group the cycle's figures beside the previous cycle's and the change", async () => {
    const {
      rows: [cycle],
    } = await shared.t.db.pool.query(
      `select c.cycle_id, c.name, c.start_date, c.end_date, p.name as previous, p.start_date as p_start, p.end_date as p_end
       from cycles c join cycles p on p.kind = c.kind and p.start_date = c.start_date - 7
       where c.kind = 'weekly' and c.end_date < current_date order by c.start_date desc limit 1`,
    );
    const res = await run(shared.admin, 'cycle-summary', [{ name: 'CycleID', value: cycle.cycle_id }]);
    assert.equal(res.statusCode, 200);
    const expected = await shared.t.db.pool.query(
      `with f as (
         select g.name, sum(x.sales) filter (where x.sale_date between $1 and $2) as cur, sum(x.sales) filter (where x.sale_date between $3 and $4) as prev,
                sum(x.transactions) filter (where x.sale_date between $1 and $2) as tx
         from sales x join stores s using (store_id) join groups g on g.group_id = s.group_id
         where x.sale_date between $1 and $2 or x.sale_date between $3 and $4 group by g.name)
       select name, to_char(cur, ${money}) as cur, to_char(prev, ${money}) as prev, ${percent('(cur - prev) / prev')} as change, to_char(tx, 'FM999,999,990') as tx
       from f order by name`,
      [cycle.start_date, cycle.end_date, cycle.p_start, cycle.p_end],
    );
    assert.ok(expected.rows.length > 1, 'several store groups sold in the cycle');
    assert.deepEqual(
      rows(res.body).map((r) => [r[0], r[1], r[2], r[3], r[4]]),
      expected.rows.map((r) => [r.name, r.cur, r.prev, r.change, r.tx]),
    );
    assert.match(res.body, new RegExp(`<p class="report-caption">Weekly: ${cycle.name} \\(`));
    assert.match(res.body, new RegExp(`<p class="report-caption">Compared with ${cycle.previous} \\(`));
  });

  test('the cycle is required', async () => {
    const res = await run(shared.admin, 'cycle-summary', []);
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json(), { error: 'this field is required.', fields: { CycleID: 'this field is required.' } });
  });
});

describe('audit-trail', () => {
  test('shows who changed which record when, and each field before and after', async () => {
    const store = (await shared.t.db.pool.query(`select store_id, store_number, name, version from stores order by store_id limit 1`))
      .rows[0];
    const edit = await shared.admin.inject({
      method: 'PATCH',
      url: '/api/stores',
      payload: { StoreID: store.store_id, Version: store.version, Name: 'Renamed for the audit' },
    });
    assert.equal(edit.statusCode, 200, edit.body);
    const res = await run(
      shared.admin,
      'audit-trail',
      [
        { name: 'FromDate', value: day(subDays(new Date(), 1)) },
        { name: 'ToDate', value: day(new Date()) },
        { name: 'Table', value: 'stores' },
      ],
      { folder: 'Administration' },
    );
    assert.equal(res.statusCode, 200);
    const entry =
      /<tr>\s*<th scope="row">([^<]+)<\/th><td>([^<]+)<\/td><td>([^<]+)<\/td><td>([^<]+)<\/td><td>([^<]+)<\/td>([\s\S]*?)<\/tr>/.exec(
        res.body,
      );
    assert.ok(entry, res.body);
    assert.match(entry[1]!, /^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    assert.deepEqual(
      entry.slice(2, 6),
      ['admin', 'Stores', 'Changed', String(store.store_number)],
      'the action in words, the store by its number',
    );
    const name = /<dt>Name<\/dt><dd><span class="before">([^<]*)<\/span> → <span class="after">([^<]*)<\/span><\/dd>/.exec(entry[6]!);
    assert.deepEqual(name?.slice(1).map(unescapeHtml), [store.name, 'Renamed for the audit']);
    assert.match(res.body, /<p class="report-caption">Stores<\/p>/);
    assert.match(res.body, /<p class="report-caption">1 change\(s\)<\/p>/);
  });

  test('is for administrators only', async () => {
    const res = await run(shared.analyst, 'audit-trail', range, { folder: 'Administration' });
    assert.equal(res.statusCode, 403);
    assert.deepEqual(res.json(), { error: 'you are not Authorized to view this page or part of the page content.' });
  });
});

describe('the document Chromium prints a PDF from', () => {
  test("carries its stylesheet inline: the theme's tokens, the report's rules and its printed page's", async () => {
    const doc = await reportDocument(shared.t.app, 'Sales by store', '<article class="report"></article>');
    for (const rule of ['--ink: #1d2733;', '.report-table th', '.report-document {']) assert.ok(doc.includes(rule), rule);
    // The dark theme is the screen's: a PDF, printed, is paper.
    assert.match(doc, /@media screen and \(prefers-color-scheme: dark\)/);
  });
});
