// A table's print view (GET <screen>/print, server/routes/table-print.ts) through HTTP: the rows the table's
// query finds within the user's scope (a region's user prints their region's stores only), in its order and
// shown columns, under its title, who printed it and when, and its filters in the chips' words; grouped with
// group totals; past the rows a printed report holds, the first of them and a line saying of how many; and
// refused, in words, for a user who may not export the table and for a query it cannot read.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { useTestApp, sameDatabaseApp, signIn, type SignedIn } from '../../support/app.ts';
import { currentQuery, type Query } from '../table-api/support.ts';

const shared = useTestApp('analyst', 'admin', 'clerk');

/** What the table's toolbar sends: the list's query for the shown columns, then those only sorted or filtered. */
const salesColumns = ['StoreName', 'SaleDate', 'Sales', 'Transactions', 'StateCode'];
const shown = 'StoreName,SaleDate,Sales,Transactions';
const at = (name: string) => salesColumns.indexOf(name);
const printQuery = (extra: Query = {}) => {
  const { draw: _, start: __, length: ___, ...query } = currentQuery(salesColumns, { shown, ...extra });
  return query;
};
const print = (user: SignedIn, query: Query, path = '/sales/print') =>
  user.inject({ url: `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` });

/** The printed table: its header cells, and each row's cells (group headings and subtotals apart), as text. */
function printed(html: string) {
  const text = (cell: string) =>
    cell
      .replace(/<[^>]+>/g, '')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&')
      .trim();
  const cells = (row: string) => [...row.matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((c) => text(c[1]!));
  const head = html.match(/<thead>([\s\S]*?)<\/thead>/)?.[1] ?? '';
  const body = html.match(/<tbody>([\s\S]*?)<\/tbody>/)?.[1] ?? '';
  const rows = [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((r) => cells(r[1]!));
  const groups = [...body.matchAll(/<tr class="report-group[^"]*">([\s\S]*?)<\/tr>/g)].map((r) => cells(r[1]!)[0]);
  const subtotals = [...body.matchAll(/<tr class="report-subtotal[^"]*">([\s\S]*?)<\/tr>/g)].map((r) => cells(r[1]!));
  const total = html.match(/<tfoot>([\s\S]*?)<\/tfoot>/)?.[1];
  const captions = [...html.matchAll(/<p class="report-caption">([^<]*)<\/p>/g)].map((c) => text(c[1]!).replace(/&#34;|&quot;/g, '"'));
  return { head: cells(head), rows, groups, subtotals, total: total ? cells(total) : null, captions };
}

async function sql<R>(text: string, params: unknown[] = []): Promise<R[]> {
  return (await shared.t.db.pool.query(text, params)).rows as R[];
}

const dmy = (iso: string) => iso.split('-').reverse().join('/');
const northeast = `s.group_id = (select group_id from groups where code = 'NE')`;

/** The last `days` days that have sales, as the Date filter writes them. */
async function lastDays(days: number): Promise<{ from: string; to: string }> {
  const [r] = await sql<{ from: string; to: string }>(
    `select (max(sale_date) - ($1::int - 1))::text as from, max(sale_date)::text as to from sales`,
    [days],
  );
  return r!;
}

describe("a table's print view", () => {
  test("prints the region's rows its filters find, in its order and shown columns, saying who printed it, when and with which filters", async () => {
    const { from, to } = await lastDays(3);
    const query = printQuery({
      [`columns[${at('SaleDate')}][search][value]`]: `${dmy(from)}~${dmy(to)}`,
      [`columns[${at('StateCode')}][search][value]`]: 'NY|PA',
      'order[0][column]': at('Sales'),
      'order[0][dir]': 'desc',
    });
    const res = await print(shared.analyst, query);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(res.headers['content-type'] as string, /^text\/html/);
    assert.match(res.body, /<title>Daily sales · Backroom<\/title>/);
    assert.match(res.body, /<h2 class="report-title" id="report-title">Daily sales<\/h2>/);
    assert.doesNotMatch(res.body, /<script/, 'a page to print runs nothing');
    const page = printed(res.body);
    const expected = await sql<{ name: string; sales: string }>(
      `select s.name, x.sales::text from sales x join stores s using (store_id)
       where ${northeast} and x.sale_date between $1 and $2 and s.state_code in ('NY', 'PA') order by x.sales desc`,
      [from, to],
    );
    assert.ok(expected.length > 5, `${expected.length} rows to print`);
    assert.equal(page.captions[0]?.replace(/\d\d\/\d\d\/\d{4} \d\d:\d\d$/, 'DATE'), 'Printed by Jordan Lee on DATE');
    // The filters as their chips say them ("State: NY, PA"), the order, the stores and how many rows.
    assert.equal(page.captions[1], `Filter: Date: ${dmy(from)} to ${dmy(to)}; State: NY, PA`);
    assert.equal(page.captions[2], 'sorted by Sales descending');
    assert.match(page.captions[3] ?? '', /^Stores: /);
    assert.equal(page.captions.at(-1), `${expected.length} row(s)`);
    // The shown columns in their order; the State column, filtered but not shown, is not printed.
    assert.deepEqual(page.head, ['Store', 'Date', 'Sales', 'Transactions']);
    assert.equal(page.rows.length, expected.length);
    assert.deepEqual(
      page.rows.map((r) => r[0]),
      expected.map((r) => r.name),
      "each row's store, in the table's order",
    );
    assert.ok(page.total, 'the grand total is printed');
  });

  test("prints only the stores of the user's region, whatever the query asks", async () => {
    const { from, to } = await lastDays(1);
    const query = printQuery({ [`columns[${at('SaleDate')}][search][value]`]: `${dmy(from)}~${dmy(to)}` });
    const [mine, all] = await Promise.all([print(shared.analyst, query), print(shared.admin, query)]);
    assert.equal(mine.statusCode, 200);
    assert.equal(all.statusCode, 200);
    const [counts] = await sql<{ ne: number; all: number }>(
      `select count(*) filter (where ${northeast})::int as ne, count(*)::int as all
       from sales x join stores s using (store_id) where x.sale_date = $1`,
      [to],
    );
    assert.ok(counts!.ne > 0 && counts!.ne < counts!.all);
    assert.equal(printed(mine.body).rows.length, counts!.ne);
    assert.equal(printed(all.body).rows.length, counts!.all);
    // A store list naming another region's stores is the user's stores within it: none.
    const [west] = await sql<{ id: number }>(
      `select min(store_id) as id from stores s where s.group_id = (select group_id from groups where code = 'WE')`,
    );
    const asked = await print(shared.analyst, { ...query, stores: String(west!.id) });
    assert.equal(asked.statusCode, 200);
    assert.equal(printed(asked.body).rows.length, 0);
    assert.match(asked.body, /<p class="report-empty">No data available<\/p>/);
  });

  test('prints the grouping: a heading and a subtotal for each group, then the grand total', async () => {
    const { from, to } = await lastDays(2);
    const query = printQuery({ [`columns[${at('SaleDate')}][search][value]`]: `${dmy(from)}~${dmy(to)}`, maingroup: 'StateCode' });
    const page = printed((await print(shared.analyst, query)).body);
    const states = await sql<{ code: string; n: number }>(
      `select s.state_code as code, count(*)::int as n from sales x join stores s using (store_id)
       where ${northeast} and x.sale_date between $1 and $2 group by 1 order by 1`,
      [from, to],
    );
    assert.deepEqual(
      page.groups,
      states.map((s) => `State: ${s.code}`),
    );
    assert.deepEqual(
      page.subtotals.map((s) => s[0]),
      states.map((s) => `State: ${s.code} total`),
    );
    assert.ok(page.captions.includes('grouped by State'));
    assert.equal(page.total?.[0], 'Total');
  });

  test('past the rows a printed report holds, prints the first of them and says of how many, without totals', async (ctx) => {
    const app = await sameDatabaseApp(shared.t, { limits: { reports: { maxRows: 10 } } });
    ctx.after(() => app.close());
    const analyst = await signIn(app, 'analyst');
    const res = await print(analyst, printQuery({ 'order[0][column]': at('SaleDate'), 'order[0][dir]': 'desc' }));
    assert.equal(res.statusCode, 200, res.body);
    const page = printed(res.body);
    const [all] = await sql<{ n: number }>(`select count(*)::int as n from sales x join stores s using (store_id) where ${northeast}`);
    assert.equal(page.rows.length, 10);
    assert.ok(
      page.captions.includes(
        `Shows the first 10 of ${all!.n.toLocaleString('en-US')} rows: narrow the search or the filters to print them all.`,
      ),
      page.captions.join(' | '),
    );
    assert.ok(page.captions.includes('Totals are left out: they would count only the rows shown.'));
    assert.equal(page.total, null);
  });

  test('is refused to a user who may not export the table, and for a query it cannot read, in words', async () => {
    const refused = await print(shared.clerk, printQuery());
    assert.equal(refused.statusCode, 403);
    assert.match(refused.headers['content-type'] as string, /^text\/html/);
    const refusals: Array<[Query, string]> = [
      [printQuery({ [`columns[${at('SaleDate')}][search][value]`]: '31/02/2026' }), 'The filter on "Date" needs a day'],
      [printQuery({ shown: 'StoreName,Margin' }), 'This table has no column "Margin".'],
      [{ ...printQuery(), 'columns[0][data]': 'Nope' }, 'This table has no column "Nope".'],
      [printQuery({ maingroup: 'Nope' }), '"Nope"'],
    ];
    for (const [query, words] of refusals) {
      const res = await print(shared.analyst, query);
      assert.equal(res.statusCode, 400, JSON.stringify(query));
      assert.match(res.headers['content-type'] as string, /^text\/html/);
      const said = res.body.match(/role="alert">([^<]*)</)?.[1]?.replace(/&#34;|&quot;/g, '"') ?? '';
      assert.ok(said.includes(words), `${words} in ${said}`);
    }
    // What is searched is printed as words, never as markup.
    const searched = await print(shared.analyst, printQuery({ 'search[value]': '<b>Downtown</b>' }));
    assert.equal(searched.statusCode, 200);
    assert.equal(searched.body.match(/Filter:[^<]*/)?.[0], 'Filter: search &quot;&lt;b&gt;Downtown&lt;/b&gt;&quot;');
  });

  test('each table screen has its own, under its path, refused as its exports are', async () => {
    const stores = await print(shared.clerk, {}, '/stores/print');
    assert.equal(stores.statusCode, 200);
    assert.match(stores.body, /<title>Stores · Backroom<\/title>/);
    assert.equal((await print(shared.clerk, {}, '/admin/users/print')).statusCode, 403);
    assert.equal((await print(shared.admin, {}, '/admin/users/print')).statusCode, 200);
  });
});
