// The report screen in Chromium: a report chosen from the list, its form filled (a cycle fills the dates, the
// dates have a calendar), its result in the panel and in the URL, the same result from that URL bookmarked,
// a failed or empty answer clearing the previous result, and the PDF in an embedded viewer.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { pageErrors } from '../support/navigation.ts';

const skip = browserSkipReason();

const formsLoaded = (page: Page) => page.waitForSelector('html[data-forms="ready"]', { state: 'attached' });

describe('the report screen', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  /** The last full week, as the cycle list names it, with the analyst's (Northeast) sales total in it. */
  async function lastWeek(): Promise<{ id: string; from: string; to: string; total: string }> {
    const { rows } = await env.t.db.pool.query(
      `select c.cycle_id::text as id, to_char(c.start_date, 'DD/MM/YYYY') as from, to_char(c.end_date, 'DD/MM/YYYY') as to,
              (select to_char(sum(x.sales), 'FM$999,999,999,990.00') from sales x join stores s using (store_id)
               where x.sale_date between c.start_date and c.end_date and s.group_id = (select group_id from groups where code = 'NE')) as total
       from cycles c where c.kind = 'weekly' and c.end_date < current_date order by c.start_date desc limit 1`,
    );
    return rows[0];
  }

  async function showReport(page: Page, cycleId: string): Promise<void> {
    await page.goto('/reports');
    await page.click('a[href="/reports?report=sales-by-store"]');
    await page.waitForSelector('form[data-report-form] #report-FromDate');
    await formsLoaded(page);
    await page.selectOption('#report-CycleID', cycleId);
    await page.click('.report-form button[type=submit]');
    await page.waitForSelector('#report-result tfoot');
  }

  test('a report from its form into the panel, and back from its bookmarked URL', async () => {
    const week = await lastWeek();
    const { page, context } = await env.newPage('analyst');
    const errors = pageErrors(page);
    await showReport(page, week.id);
    assert.equal(await page.inputValue('#report-FromDate'), week.from, 'the cycle filled From');
    assert.equal(await page.inputValue('#report-ToDate'), week.to, 'the cycle filled To');
    const total = () => page.textContent('#report-result tfoot td:nth-of-type(2)');
    assert.equal(await total(), week.total);
    assert.equal(await page.textContent('#report-result h2'), 'Sales by store');
    const bookmark = new URL(page.url());
    assert.equal(bookmark.pathname, '/reports');
    assert.equal(bookmark.searchParams.get('report'), 'sales-by-store');
    assert.equal(bookmark.searchParams.get('FromDate'), week.from);
    assert.equal(bookmark.searchParams.get('CycleID'), week.id);
    assert.deepEqual(errors, []);
    await context.close();

    const later = await env.newPage('analyst');
    await later.page.goto(bookmark.pathname + bookmark.search);
    assert.equal(await later.page.textContent('#report-result tfoot td:nth-of-type(2)'), week.total);
    assert.equal(await later.page.inputValue('#report-ToDate'), week.to);
    assert.equal(await later.page.inputValue('#report-CycleID'), week.id);
    await later.context.close();
  });

  test('a failed answer clears the previous result and says "Unable to load the report."', async () => {
    const week = await lastWeek();
    const { page, context } = await env.newPage('analyst');
    await showReport(page, week.id);
    await page.route(
      (url) => url.pathname === '/reports' && url.searchParams.has('format'),
      (route) => route.fulfill({ status: 500, body: 'down' }),
    );
    await page.click('.report-form button[type=submit]');
    await page.waitForFunction(() => document.querySelector('#report-result')?.textContent?.trim() === 'Unable to load the report.');
    assert.equal(await page.locator('#report-result table').count(), 0);
    await context.close();
  });

  test('an answer that leaves the panel empty says "Unable to load the report."', async () => {
    const week = await lastWeek();
    const { page, context } = await env.newPage('analyst');
    await showReport(page, week.id);
    const version = (await page.getAttribute('meta[name="app-version"]', 'content')) ?? '';
    const empty =
      '<title>Reports · Backroom</title><main id="main" hx-history-elt><section id="report-result" data-report-result></section></main>';
    await page.route(
      (url) => url.pathname === '/reports' && url.searchParams.has('format'),
      (route) => route.fulfill({ status: 200, contentType: 'text/html', headers: { 'X-App-Version': version }, body: empty }),
    );
    await page.click('.report-form button[type=submit]');
    await page.waitForFunction(() => document.querySelector('#report-result')?.textContent?.trim() === 'Unable to load the report.');
    await context.close();
  });

  test('the dates have a calendar that writes the day picked as dd/MM/yyyy', async () => {
    const { page, context } = await env.newPage('analyst');
    await page.goto('/reports?report=sales-by-store');
    await formsLoaded(page);
    const button = page.locator('#report-FromDate + button.date-picker-button');
    assert.equal(await button.getAttribute('aria-label'), 'Choose the From Date from a calendar');
    // The browser's own picker is not scriptable: the day is picked on its input, as the picker would.
    await page.$eval('#report-FromDate + button + input[type=date]', (input: HTMLInputElement) => {
      input.value = '2026-03-07';
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    assert.equal(await page.inputValue('#report-FromDate'), '07/03/2026');
    await context.close();
  });

  test('a PDF shows in an embedded viewer, from the PDF stream of the same parameters', async () => {
    const week = await lastWeek();
    const { page, context } = await env.newPage('analyst');
    await page.goto('/reports?report=sales-by-store');
    await formsLoaded(page);
    await page.selectOption('#report-CycleID', week.id);
    await page.check('input[name=format][value=pdf]');
    await page.click('.report-form button[type=submit]');
    const src = await (await page.waitForSelector('#report-result iframe.report-pdf', { state: 'attached' })).getAttribute('src');
    const url = new URL(src!, env.base);
    assert.equal(url.searchParams.get('filename'), 'sales-by-store');
    assert.equal(url.searchParams.get('FromDate'), week.from);
    const pdf = await context.request.get(url.toString());
    assert.equal(pdf.status(), 200);
    assert.equal(pdf.headers()['content-type'], 'application/pdf');
    await context.close();
  });
});
