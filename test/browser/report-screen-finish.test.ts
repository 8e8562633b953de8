// The report screen as a person meets it, at 1280 and 375 px in real Chromium: a chosen report's form and
// its result as wide as the screen (the date pickers, the Cycle select and every column in reach, the
// result's table scrolling in its own region), the caption's dates as dd/MM/yyyy whatever was typed, the
// Cycle summary starting on the cycle under way, and a form refused then sent again without CSP errors.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { format } from 'date-fns/format';
import { subDays } from 'date-fns/subDays';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';

const skip = browserSkipReason();

const formsLoaded = (page: Page) => page.waitForSelector('html[data-forms="ready"]', { state: 'attached' });
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The controls of the form whose right edge is past the screen's. */
const offScreen = (page: Page) =>
  page.$$eval('.report-form input:not(.visually-hidden):not([type=hidden]), .report-form select, .report-form button', (controls) =>
    controls.filter((c) => c.getBoundingClientRect().right > window.innerWidth).map((c) => c.id || c.className || c.textContent),
  );

/** Sends the Sales by store form for the last 20 days, the dates typed `typed` (a date-fns format). */
async function salesByStore(page: Page, typed = 'dd/MM/yyyy'): Promise<{ from: Date; to: Date }> {
  const from = subDays(new Date(), 20);
  const to = subDays(new Date(), 1);
  await page.goto('/reports?report=sales-by-store');
  await formsLoaded(page);
  await page.fill('#report-FromDate', format(from, typed));
  await page.fill('#report-ToDate', format(to, typed));
  await page.click('.report-form button[type=submit]');
  await page.waitForSelector('#report-result tfoot');
  return { from, to };
}

describe('the report screen, finished', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  for (const width of [1280, 375]) {
    const viewport = { viewport: { width, height: 800 } };

    test(`at ${width} px a chosen report's form and its result fit the screen, the table scrolling in its own region`, async () => {
      const { page, context } = await env.newPage('admin', viewport);
      for (const report of ['sales-by-store', 'cycle-summary']) {
        await page.goto(`/reports?report=${report}`);
        await formsLoaded(page);
        assert.equal(await overflow(page), 0, `${report}: the form`);
        assert.deepEqual(await offScreen(page), [], `${report}: controls in reach`);
      }
      await salesByStore(page);
      assert.equal(await overflow(page), 0, 'the result');
      assert.deepEqual(await offScreen(page), []);
      const region = await page.$eval('#report-result .report-scroll', (r) => ({
        right: r.getBoundingClientRect().right,
        scrolls: r.scrollWidth > r.clientWidth,
        focusable: r.getAttribute('tabindex') === '0',
      }));
      assert.ok(region.right <= width, 'the region is on the screen');
      assert.ok(region.focusable, 'the keyboard can scroll it');
      if (width === 375) assert.ok(region.scrolls, 'on a phone the columns scroll inside it');
      await context.close();
    });

    test(`at ${width} px a caption names its dates as dd/MM/yyyy, as typed or not`, async () => {
      const { page, context } = await env.newPage('admin', viewport);
      const { from, to } = await salesByStore(page, 'd/M/yyyy');
      const caption = (await page.locator('#report-result .report-caption').allTextContents()).join(' ');
      assert.ok(caption.includes(`${format(from, 'dd/MM/yyyy')} to ${format(to, 'dd/MM/yyyy')}`), caption);
      await context.close();
    });
  }

  test('the Cycle summary starts on the monthly cycle under way', async () => {
    const { page, context } = await env.newPage('admin');
    const current = (
      await env.t.db.pool.query(
        `select cycle_id::text as id from cycles where kind = 'monthly'
         and start_date <= (select coalesce(max(sale_date), current_date) from sales) order by start_date desc limit 1`,
      )
    ).rows[0].id as string;
    await page.goto('/reports?report=cycle-summary');
    assert.equal(await page.inputValue('#report-CycleID'), current);
    await page.click('.report-form button[type=submit]');
    await page.waitForSelector('#report-result .report');
    assert.equal(await page.inputValue('#report-CycleID'), current, 'the result is for it');
    await context.close();
  });

  test('a report form refused by the server and sent again writes no style attribute, so the CSP reports nothing', async () => {
    const { page, context } = await env.newPage('admin');
    await page.addInitScript(() => {
      const w = window as unknown as { __cspViolations: string[] };
      w.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__cspViolations.push(`${e.violatedDirective} ${e.sample}`));
    });
    // Refused on the server: a range older than three years.
    await page.goto('/reports?report=sales-by-store&FromDate=01%2F01%2F2000&ToDate=02%2F01%2F2000&CycleID=&stores=&format=HTML4.0');
    await formsLoaded(page);
    await page.waitForSelector('#report-result [role=alert]');
    // A style the browser or an extension may put on a field (set through the CSSOM, which the CSP allows).
    await page.$eval('#report-FromDate', (f) => ((f as HTMLElement).style.backgroundColor = 'rgb(232, 240, 254)'));
    await page.fill('#report-FromDate', format(subDays(new Date(), 20), 'dd/MM/yyyy'));
    await page.fill('#report-ToDate', format(subDays(new Date(), 1), 'dd/MM/yyyy'));
    const settled = page.evaluate(() => new Promise((resolve) => document.addEventListener('htmx:after:settle', resolve, { once: true })));
    await page.click('.report-form button[type=submit]');
    await page.waitForSelector('#report-result tfoot');
    // The swap has settled (where htmx wrote the old attributes back), and the violations' own task has run.
    await settled;
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    assert.deepEqual(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations), []);
    await context.close();
  });
});
