// Printing a table (issue 39) in real Chromium, as a Northeast analyst goes on Daily sales at 1280 and 375 px:
// a filter ("Yesterday") and a sort chosen, then the toolbar's Print opens the table's print view in an
// overlay: the title, who printed it and when, the filter in the chip's words, the order, and the region's
// rows the filter finds; the overlay's Print button prints it; axe-core finds nothing and nothing is wider
// than the screen, in the overlay and on the print view alone.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { subDays } from 'date-fns/subDays';
import { formatDate } from '../../common/format.ts';
import { axeViolations } from '../support/axe.ts';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { pageErrors } from '../support/navigation.ts';
import { assertFits, screenshot } from '../support/screen.ts';
import { openTable } from '../support/tables.ts';

const skip = browserSkipReason();

const iso = (d: Date) => formatDate(d, 'yyyy-MM-dd');
const northeast = `s.group_id = (select group_id from groups where code = 'NE')`;

/** Waits until the table has answered (not busy) and the filter count reads `n` rows. */
async function countIs(page: Page, n: number): Promise<void> {
  const text = `${n.toLocaleString('en-US')} row(s) match`;
  await page.waitForFunction(
    (t) => !document.querySelector('table.dt-table[aria-busy]') && document.querySelector('.dt-filter-count')?.textContent === t,
    text,
  );
}

describe("a table's print view", { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  for (const width of [1280, 375]) {
    test(`at ${width} px: Print shows the filtered, sorted rows of the region with the title, filter, date and who printed them`, async () => {
      const { page, context } = await env.newPage('analyst', { viewport: { width, height: 800 } });
      const errors = pageErrors(page);
      await openTable(page, '/sales');

      // Yesterday's sales, the largest first.
      const yesterday = subDays(new Date(), 1);
      const { rows } = await env.t.db.pool.query<{ n: number; top: string }>(
        `select count(*)::int as n, (array_agg(s.name order by x.sales desc, x.sale_id desc))[1] as top
         from sales x join stores s using (store_id) where ${northeast} and x.sale_date = $1`,
        [iso(yesterday)],
      );
      const expected = rows[0]!;
      assert.ok(expected.n > 0, 'the Northeast sold yesterday');
      const filters = page.locator('.dt-filter-toggle');
      await filters.click();
      await page.getByLabel('Column', { exact: true }).selectOption({ label: 'Date' });
      await page.getByRole('button', { name: 'Yesterday' }).click();
      await page.getByRole('button', { name: 'Apply' }).click();
      await countIs(page, expected.n);
      await filters.click();
      const sales = page.locator('.dt-table th', { has: page.getByRole('button', { name: 'Sales', exact: true }) });
      await sales.getByRole('button').click();
      if ((await sales.getAttribute('aria-sort')) !== 'descending') await sales.getByRole('button').click();
      await page.waitForSelector('th[aria-sort="descending"]:has(button:text-is("Sales")) >> xpath=ancestor::table[not(@aria-busy)]');

      await page.getByRole('toolbar').getByRole('link', { name: 'Print', exact: true }).click();
      const popup = page.getByRole('dialog', { name: 'Daily sales' });
      const frame = page.frameLocator('dialog.popup iframe.popup-embed');
      await frame.locator('.report-title').waitFor();
      assert.equal(await frame.locator('.report-title').textContent(), 'Daily sales');
      const captions = await frame.locator('.report-caption').allTextContents();
      assert.equal(captions[0], `Printed by Jordan Lee on ${formatDate(new Date())} ${captions[0]!.slice(-5)}`);
      assert.match(captions[0]!, / \d\d:\d\d$/);
      assert.equal(captions[1], `Filter: Date: ${formatDate(yesterday)}`, 'the filter as its chip says it, on paper by its day');
      // The chip says the pick too: a saved view opens with the day before its own (issue 39).
      assert.deepEqual(await page.locator('.dt-filter-chip > span').allTextContents(), [`Date: Yesterday, ${formatDate(yesterday)}`]);
      assert.equal(captions[2], 'sorted by Sales descending');
      assert.equal(captions.at(-1), `${expected.n.toLocaleString('en-US')} row(s)`);
      assert.equal(await frame.locator('table.report-table tbody tr').count(), expected.n);
      // The table's shown columns in their order (a phone leaves some to the rows' details; the page prints them).
      const printedHeads = await frame.locator('table.report-table thead th').allTextContents();
      if (width === 1280) {
        const shown = await page.locator('.dt-table thead th').allTextContents();
        assert.deepEqual(
          printedHeads,
          shown.filter((text) => text.trim() !== ''),
        );
      }
      const first = await frame.locator('table.report-table tbody tr').first().locator('th, td').allTextContents();
      assert.equal(first[printedHeads.indexOf('Store')]?.trim(), expected.top, 'the largest sale first');

      // The overlay's Print button prints the page in it.
      await page.evaluate(() => {
        const w = document.querySelector<HTMLIFrameElement>('dialog.popup iframe')!.contentWindow as unknown as {
          print(): void;
          printed?: number;
        };
        w.print = () => {
          w.printed = (w.printed ?? 0) + 1;
        };
      });
      await popup.getByRole('button', { name: 'Print' }).click();
      const printed = await page.evaluate(
        () => (document.querySelector<HTMLIFrameElement>('dialog.popup iframe')!.contentWindow as unknown as { printed?: number }).printed,
      );
      assert.equal(printed, 1);
      assert.deepEqual(await axeViolations(page), [], 'the overlay');
      await assertFits(page, 'the overlay');
      await screenshot(page, `table-print-overlay-${width}`);
      await page.emulateMedia({ colorScheme: 'dark' });
      assert.deepEqual(await axeViolations(page), [], 'the overlay, in the dark theme');
      await page.emulateMedia({ colorScheme: 'light' });
      const href = await page.getByRole('toolbar').getByRole('link', { name: 'Print', exact: true }).getAttribute('href');
      await page.keyboard.press('Escape');
      await popup.waitFor({ state: 'detached' });

      // The print view alone, as a new tab shows it.
      await page.goto(href!);
      assert.equal(await page.title(), 'Daily sales · Backroom');
      assert.equal(await page.locator('table.report-table tbody tr').count(), expected.n);
      assert.deepEqual(await axeViolations(page), [], 'the print view');
      await assertFits(page, 'the print view');
      await screenshot(page, `table-print-page-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
