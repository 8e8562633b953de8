// Tables on a phone and by keyboard (issue 38), in real Chromium at 375 and 1280 px: Daily sales fits a
// phone with its Sales column in sight; a row's left-out columns open under it from its first cell (a
// disclosure button, by keyboard); a column sorted on stays in the row; Settings leaves unticked, and says
// so, what a phone leaves to the details, and keeps Close in sight; the brand is a whole mark beside the
// store button; the header row is one tab stop (arrows between headers, Shift+arrow widens, said), so a
// grouped table's first group is three Tabs past the Filters button; typing "Store" in the grouping picks
// "Store". axe-core finds nothing at either width. SCREENSHOTS_DIR=<dir> keeps what the test sees.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { axeViolations } from '../support/axe.ts';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { assertFits, screenshot } from '../support/screen.ts';
import { reportTwoErrors } from '../support/menu-pages.ts';
import { openTable } from '../support/tables.ts';

const skip = browserSkipReason();
const phone = { viewport: { width: 375, height: 740 } };
const wide = { viewport: { width: 1280, height: 800 } };

/** The headers a person sees, in order. */
const shownHeaders = (page: Page) =>
  page.$$eval('.dt-table thead th[data-column]', (ths) => ths.filter((th) => th.checkVisibility()).map((th) => th.textContent!.trim()));

/** Whether the table is wider than its scroll region (it would scroll sideways). */
const tableScrolls = (page: Page) =>
  page.$eval('.dt-table', (t) => {
    const region = t.closest('.table-scroll')!;
    return region.scrollWidth > region.clientWidth;
  });

const openSettings = async (page: Page) => {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Table settings' });
  await dialog.waitFor();
  return dialog;
};

describe('tables on a phone and by keyboard', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  test('at 375 px Daily sales fits with its figures in sight, each row opening its other columns under it by keyboard', async () => {
    const { page, context } = await env.newPage('analyst', phone);
    await openTable(page, '/sales');
    assert.deepEqual(await shownHeaders(page), ['Store', 'Date', 'Sales']);
    assert.equal(await tableScrolls(page), false, 'the table fits the phone');
    await assertFits(page);
    // The brand reads as a whole mark beside the store button, not a cut name.
    const brand = await page.$eval('.topbar .brand', (a) => ({ name: a.textContent, cut: a.scrollWidth > a.clientWidth }));
    assert.deepEqual(brand, { name: 'Backroom', cut: false });

    const toggle = page.locator('.dt-table tbody tr').first().locator('.dt-details-toggle');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('.dt-details-row');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    const controls = await toggle.getAttribute('aria-controls');
    const details = await page.$eval(`[id="${controls}"]`, (tr) => [...tr.querySelectorAll('dt')].map((dt) => dt.textContent));
    assert.deepEqual(details, ['Store #', 'State', 'Transactions', 'Margin']);
    assert.match((await toggle.getAttribute('aria-label')) ?? '', /^Details of /);
    await screenshot(page, 'phone-sales-details-375');
    assert.deepEqual(await axeViolations(page), []);
    await page.keyboard.press('Space');
    await page.waitForSelector('.dt-details-row', { state: 'detached' });

    // Wide, the rows hold every column and no details button shows.
    await page.setViewportSize(wide.viewport);
    assert.deepEqual(await shownHeaders(page), ['Store #', 'Store', 'State', 'Date', 'Sales', 'Transactions', 'Margin']);
    assert.equal(await toggle.isVisible(), false);
    await screenshot(page, 'phone-sales-1280');
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });

  test("a column sorted on stays in a phone's rows, and Settings says truthfully which columns a phone leaves out", async () => {
    const { page, context } = await env.newPage('analyst', wide);
    await openTable(page, '/sales');
    await page.locator('.dt-table thead th', { hasText: 'Margin' }).locator('button').click();
    await page.waitForSelector('th[aria-sort="ascending"]:has-text("Margin")');
    await page.setViewportSize(phone.viewport);
    assert.deepEqual(await shownHeaders(page), ['Store', 'Date', 'Sales', 'Margin']);

    const dialog = await openSettings(page);
    const box = (label: string) => dialog.getByRole('checkbox', { name: label, exact: false }).first();
    assert.equal(await box('State').isChecked(), false, 'State is not ticked as shown on a phone');
    assert.match((await dialog.locator('li', { hasText: 'State' }).textContent()) ?? '', /on a phone, in each row's details/);
    assert.equal(await box('Margin').isChecked(), true, 'the sorted column is shown');
    assert.equal(await box('Sales').isChecked(), true);
    // Ticked on a phone, State comes into the rows.
    await box('State').check();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.dt-table thead th')].some((th) => th.textContent === 'State' && th.checkVisibility()),
    );
    // Close is in reach at the bottom of a phone's screen.
    const close = (await dialog.getByRole('button', { name: 'Close' }).boundingBox())!;
    const frame = (await dialog.boundingBox())!;
    assert.ok(close.y + close.height <= Math.min(740, frame.y + frame.height), `Close ends at ${close.y + close.height}`);
    await screenshot(page, 'phone-settings-375');
    assert.deepEqual(await axeViolations(page), []);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await assertFits(page);
    await context.close();
  });

  test("at 375 px a client error's message reads whole in its row, wrapped between words, and on screen", async () => {
    const { page, context } = await env.newPage('itdesk', phone);
    await page.goto('/reports');
    await reportTwoErrors(page);
    await openTable(page, '/admin/user-errors');
    assert.ok((await shownHeaders(page)).includes('Message'));
    const cells = await page.$$eval('.dt-table tbody td.dt-col-text', (tds) =>
      tds
        .filter((td) => td.checkVisibility() && (td.textContent ?? '').length > 30)
        .map((td) => {
          const r = td.getBoundingClientRect();
          return { text: td.textContent, clipped: td.scrollWidth > td.clientWidth, onScreen: r.left >= 0 && r.right <= window.innerWidth };
        }),
    );
    assert.deepEqual(
      cells.map((c) => c.text),
      ['The server did not answer within 10 seconds.', 'Something went wrong on the server. The IT department can see the details.'],
    );
    assert.deepEqual(
      cells.map((c) => [c.clipped, c.onScreen]),
      [
        [false, true],
        [false, true],
      ],
    );
    // The page and address are a tap away, in the row's details.
    await page.locator('.dt-details-toggle').first().click();
    const details = await page.$$eval('.dt-details-row dt', (dts) => dts.map((dt) => dt.textContent));
    assert.deepEqual(details, ['Page', 'URL', 'Status', 'Error']);
    await screenshot(page, 'phone-client-errors-375');
    assert.deepEqual(await axeViolations(page), []);
    await assertFits(page);
    await context.close();
  });

  for (const [width, size] of [
    [1280, wide],
    [375, phone],
  ] as const)
    test(`at ${width} px the header row is one tab stop: arrows move between headers, Shift+arrow widens, and a group is three Tabs away`, async () => {
      const { page, context } = await env.newPage('analyst', size);
      await openTable(page, '/sales');
      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Table settings' });
      const main = dialog.getByLabel('Main grouping');
      await main.focus();
      await page.keyboard.type('Store');
      assert.equal(await main.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]!.textContent), 'Store');
      await dialog.getByRole('button', { name: 'Close' }).click();
      await page.waitForSelector('.dt-group-row');

      await page.focus('main .dt-filter-toggle');
      const stops: string[] = [];
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press('Tab');
        stops.push(
          await page.evaluate(() => {
            const a = document.activeElement!;
            return a.classList.contains('dt-group-toggle')
              ? 'group'
              : a.closest('thead')
                ? 'header'
                : a.classList.contains('table-scroll')
                  ? 'region'
                  : a.className;
          }),
        );
      }
      assert.deepEqual(stops, ['region', 'header', 'group']);

      await page.keyboard.press('Shift+Tab');
      const focused = () => page.evaluate(() => document.activeElement!.closest('th')?.textContent?.trim() ?? '');
      // The select-all box has no rows to select while the groups are closed: the first column's header holds the stop.
      assert.equal(await focused(), width === 375 ? 'Store' : 'Store #');
      await page.keyboard.press('ArrowRight');
      assert.equal(await focused(), width === 375 ? 'Date' : 'Store');
      await page.keyboard.press('ArrowLeft');
      assert.equal(await focused(), width === 375 ? 'Store' : 'Store #');
      await page.keyboard.press('End');
      const last = await focused();
      assert.equal(last, width === 375 ? 'Sales' : 'Margin');
      const th = page.locator('.dt-table thead th', { hasText: last });
      const before = (await th.boundingBox())!.width;
      await page.keyboard.press('Shift+ArrowRight');
      await page.waitForFunction((b) => {
        const cell = [...document.querySelectorAll('.dt-table thead th')].find(
          (t) => t.textContent?.trim().startsWith('Sales') || t.textContent?.trim().startsWith('Margin'),
        );
        return cell && cell.getBoundingClientRect().width > b;
      }, before);
      assert.match(
        (await page.locator('.data-table [role=status].visually-hidden').textContent()) ?? '',
        new RegExp(`^${last}: \\d+ px wide$`),
      );
      // The stop stays where it was left: Tab out and back lands on the same header.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Shift+Tab');
      assert.equal(await focused(), last);
      await page.keyboard.press('Enter');
      await page.waitForSelector(`th[aria-sort]:has-text("${last}")`);
      await screenshot(page, `phone-keyboard-${width}`);
      assert.deepEqual(await axeViolations(page), []);
      await assertFits(page);
      await context.close();
    });
});
