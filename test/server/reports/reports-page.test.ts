// The report screen through HTTP (GET /reports): the list of reports a user may run, the chosen report's
// form, and the result its parameters give, all carried in the URL. Each date-range failure answers 422 with
// the spec's exact message, in the spec's order, and no result; a valid range answers the report, scoped to
// the user's stores and the store selection, and narrowed to a cycle when one is chosen.
import { describe, mock, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { subDays } from 'date-fns/subDays';
import { subYears } from 'date-fns/subYears';
import { useTestApp, signIn, type SignedIn } from '../../support/app.ts';
import { inputValue, unescapeHtml } from '../../support/forms.ts';

const shared = useTestApp('analyst', 'admin');

const day = (d: Date) => format(d, 'dd/MM/yyyy');
const swap = { 'hx-request': 'true', 'hx-target': 'main#main' };
const screen = (query: Record<string, string>, user: SignedIn = shared.analyst, headers: Record<string, string> = swap) =>
  user.inject({ url: `/reports?${new URLSearchParams(query)}`, headers });
const ask = (fields: Record<string, string>, user?: SignedIn) => screen({ report: 'sales-by-state', format: 'HTML4.0', ...fields }, user);

/** The panel's messages, in order. */
function panelMessages(html: string): string[] {
  return [...html.matchAll(/<p class="error-text">([^<]*)<\/p>/g)].map((m) => unescapeHtml(m[1]!));
}
const panelTotal = (html: string) => /<tfoot><tr class="report-total"><th scope="row">Total<\/th><td class="num">([^<]+)</.exec(html)?.[1];

describe('the list of reports', () => {
  test('shows the reports the user may run, by folder, each linking to its form', async () => {
    const res = await screen({});
    assert.equal(res.statusCode, 200);
    const links = [...res.body.matchAll(/<a href="\/reports\?report=([\w-]+)"/g)].map((m) => m[1]);
    assert.deepEqual(links, ['sales-by-store', 'sales-by-state', 'cycle-summary']);
    assert.match(res.body, /Choose a report from the list\./);
    const admin = await screen({}, shared.admin);
    assert.match(admin.body, /<h2 class="report-folder">Administration<\/h2>[\s\S]*report=audit-trail/);
  });

  test('a chosen report shows its form with nothing run yet, the cycles carrying their dates', async () => {
    const res = await screen({ report: 'sales-by-store' });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<a href="\/reports\?report=sales-by-store" aria-current="page">/);
    assert.match(res.body, /<form method="get" action="\/reports"[^>]* data-date-range=/);
    assert.match(res.body, /<option value="\d+" data-from="\d\d\/\d\d\/\d{4}" data-to="\d\d\/\d\d\/\d{4}">Monthly: /);
    assert.match(res.body, /Fill in the parameters, then show the report\./);
    assert.doesNotMatch(res.body, /<table/);
  });

  test('an unknown report is not found, and a report the user may not run is refused', async () => {
    assert.equal((await screen({ report: 'no-such-report' })).statusCode, 404);
    assert.equal((await screen({ report: 'audit-trail' })).statusCode, 403);
  });

  test('is for users with the reports role only', async () => {
    const clerk = await signIn(shared.t.app, 'clerk');
    assert.equal((await clerk.inject({ url: '/reports' })).statusCode, 403);
  });
});

describe('report date ranges refused with the spec messages', () => {
  const today = new Date();
  const cases: Array<[what: string, from: string, to: string, message: string]> = [
    ['both dates missing', '', '', '"From Date" and "To Date" are required'],
    ['To Date missing', day(subDays(today, 5)), '', '"From Date" and "To Date" are required'],
    ['From Date not a calendar day', '31/02/2024', day(today), '"From Date" is invalid'],
    ['From Date in another format', '05.01.2024', day(today), '"From Date" is invalid'],
    ['To Date not a date', day(subDays(today, 5)), '1/13/2025', '"To Date" is invalid'],
    [
      'From Date more than 3 years back',
      day(subDays(subYears(today, 3), 2)),
      day(subDays(today, 2)),
      '"From Date" can not be less than 3 years',
    ],
    ['To Date after today', day(subDays(today, 5)), day(addDays(today, 2)), '"To Date" can not be greater than today'],
    ['From Date after To Date', day(subDays(today, 2)), day(subDays(today, 9)), '"From Date" can not be greater than "To Date"'],
  ];
  for (const [what, from, to, message] of cases) {
    test(`${what}: 422 "${message}"`, async () => {
      const res = await ask({ FromDate: from, ToDate: to, CycleID: '' });
      assert.equal(res.statusCode, 422);
      assert.deepEqual(panelMessages(res.body), [message]);
      assert.doesNotMatch(res.body, /<table/);
    });
  }

  test('a range over 36 months: 422 "Date range should not exceed 36 months"', async (ctx) => {
    // With From at most 3 years back and To at most today, only a leap day today makes the span longer
    // than 36 months: From 28/02/2025 is exactly 3 years before 29/02/2028, the span 36 months and a day.
    mock.timers.enable({ apis: ['Date'], now: new Date(2028, 1, 29, 12).getTime() });
    ctx.after(() => mock.timers.reset());
    const res = await ask({ FromDate: '28/02/2025', ToDate: '29/02/2028' });
    assert.equal(res.statusCode, 422);
    assert.deepEqual(panelMessages(res.body), ['Date range should not exceed 36 months']);
  });

  test('a cycle the form did not offer is refused', async () => {
    const res = await ask({ FromDate: day(subDays(new Date(), 9)), ToDate: day(subDays(new Date(), 2)), CycleID: '999999' });
    assert.equal(res.statusCode, 422);
    assert.deepEqual(panelMessages(res.body), ['please check this value.']);
  });

  test('without htmx the whole page comes back with the message beside the dates and the dates as typed', async () => {
    const page = await screen(
      { report: 'sales-by-state', format: 'HTML4.0', FromDate: '31/02/2024', ToDate: '01/03/2024' },
      shared.analyst,
      {},
    );
    assert.equal(page.statusCode, 422);
    assert.match(page.body, /<!doctype html>/);
    assert.match(page.body, /id="report-DateRange-message" data-date-range-message aria-live="polite">&quot;From Date&quot; is invalid</);
    assert.equal(inputValue(page.body, 'FromDate'), '31/02/2024');
  });
});

describe('the report result', () => {
  const from = subDays(new Date(), 12);
  const to = subDays(new Date(), 2);
  const isoFrom = format(from, 'yyyy-MM-dd');
  const isoTo = format(to, 'yyyy-MM-dd');

  /** Total sales over the range for the stores matching `where`, formatted as the panel shows money. */
  async function expectedTotal(where: string, params: unknown[] = []): Promise<string> {
    const r = await shared.t.db.pool.query(
      `select to_char(sum(x.sales), 'FM$999,999,999,990.00') as total from sales x join stores s using (store_id)
       where x.sale_date between $1 and $2 and ${where}`,
      [isoFrom, isoTo, ...params],
    );
    return r.rows[0].total;
  }

  test("covers only the analyst's Northeast stores, per state, formatted", async () => {
    const res = await ask({ FromDate: day(from), ToDate: day(to), CycleID: '', stores: '' });
    assert.equal(res.statusCode, 200);
    assert.equal(panelTotal(res.body), await expectedTotal(`s.group_id = (select group_id from groups where code = 'NE')`));
    const states = [...res.body.matchAll(/<tr><th scope="row">[^<]+ \(([A-Z]{2})\)<\/th>/g)].map((m) => m[1]);
    const ne = (await shared.t.db.pool.query(`select code from states where region = 'NE' order by name`)).rows.map((r) => r.code);
    assert.ok(states.length > 0);
    assert.ok(
      states.every((code) => ne.includes(code)),
      `${states} are all Northeast states`,
    );
    assert.match(res.body, /<td class="num">\$[\d,]+\.\d\d<\/td><td class="num">[\d,]+<\/td><td class="num">\d+\.\d\d%<\/td>/);
  });

  test('follows the store selection sent with the parameters', async () => {
    const ids = (
      await shared.t.db.pool.query(
        `select store_id from stores where group_id = (select group_id from groups where code = 'NE') order by store_id limit 2`,
      )
    ).rows.map((r) => r.store_id);
    const res = await ask({ FromDate: day(from), ToDate: day(to), stores: JSON.stringify(ids) });
    assert.equal(res.statusCode, 200);
    assert.equal(panelTotal(res.body), await expectedTotal('s.store_id = any($3::int[])', [ids]));
    assert.match(res.body, /Stores: 2 of \d+ Northeast stores/);
  });

  test('is narrowed to the chosen cycle, which the caption names', async () => {
    const cycle = (
      await shared.t.db.pool.query(
        `select cycle_id, name, start_date, end_date from cycles where kind = 'weekly' and end_date < $1 order by start_date desc limit 1`,
        [isoTo],
      )
    ).rows[0];
    const res = await ask({ FromDate: day(from), ToDate: day(to), CycleID: String(cycle.cycle_id) });
    assert.equal(res.statusCode, 200);
    const expected = await expectedTotal(`x.sale_date between $3 and $4 and s.group_id = (select group_id from groups where code = 'NE')`, [
      cycle.start_date,
      cycle.end_date,
    ]);
    assert.equal(panelTotal(res.body), expected);
    assert.match(res.body, new RegExp(`<p class="report-caption">Weekly: ${cycle.name} `));
  });

  test('says so when there are no sales in the range', async () => {
    const long = subYears(new Date(), 2);
    const res = await ask({ FromDate: day(long), ToDate: day(addDays(long, 3)) });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /<p class="report-empty">No Data found<\/p>/);
  });

  test('keeps the parameters in the form, with a print button and the PDF to download', async () => {
    const res = await ask({ FromDate: day(from), ToDate: day(to), stores: '[5,6]' });
    assert.equal(inputValue(res.body, 'FromDate'), day(from));
    assert.equal(inputValue(res.body, 'stores'), '[5,6]');
    assert.match(res.body, /<input type="radio" name="format" value="HTML4.0" checked>/);
    assert.match(res.body, /<button type="button" data-print-report>Print<\/button>/);
    const download = /<a class="button" href="([^"]+)" download="sales-by-state.pdf"/.exec(res.body)?.[1];
    const url = new URL(unescapeHtml(download ?? ''), 'http://x');
    assert.equal(url.pathname, '/api/common/report');
    assert.deepEqual(Object.fromEntries(url.searchParams), {
      filename: 'sales-by-state',
      stream: 'true',
      format: 'pdf',
      FromDate: day(from),
      ToDate: day(to),
      CycleID: '',
      stores: '[5,6]',
    });
  });

  test('as a PDF, shows the PDF stream of the same parameters in an embedded viewer', async () => {
    const res = await screen({ report: 'sales-by-store', format: 'pdf', FromDate: day(from), ToDate: day(to) });
    assert.equal(res.statusCode, 200);
    const src = /<iframe class="report-pdf" src="([^"]+)" title="Sales by store \(PDF\)"><\/iframe>/.exec(res.body)?.[1];
    const url = new URL(unescapeHtml(src ?? ''), 'http://x');
    assert.equal(url.searchParams.get('filename'), 'sales-by-store');
    assert.equal(url.searchParams.get('FromDate'), day(from));
    assert.match(res.body, /<input type="radio" name="format" value="pdf" checked>/);
    assert.doesNotMatch(res.body, /<table/);
  });
});
