// axe-core over what a super administrator meets, in real Chromium at 1280 and 375 px: every page reached from
// the menu (and Add user), the Client errors page with reports in it, a report's result, the store dialog and
// the request-failure dialog with its Details open, the inbox panel, a store's detail in its overlay with its
// panel (and the panel's note that another link waits), and the Settings dialog. No violations at all, and
// none of the open panels and dialogs wider than the screen.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { format } from 'date-fns/format';
import { subDays } from 'date-fns/subDays';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { axeViolations } from '../support/axe.ts';
import { menuPages, reportTwoErrors } from '../support/menu-pages.ts';
import { islandsLive } from '../support/tables.ts';

const skip = browserSkipReason();

describe('accessibility (axe-core)', { skip }, () => {
  const env = useBrowserEnv();

  test('the check reports a violation when a page has one', async () => {
    const { page, context } = await env.newPage('admin');
    await page.evaluate(() => document.getElementById('main')!.append(document.createElement('img')));
    assert.match((await axeViolations(page)).join('\n'), /^image-alt /m);
    await context.close();
  });

  // The menu's pages in two halves, each a test well inside the per-test deadline on a loaded machine.
  const halves = [
    { name: 'outside Administration', takes: (path: string) => !path.startsWith('/admin/') },
    { name: 'under Administration', takes: (path: string) => path.startsWith('/admin/') },
  ];

  test('the menu reaches Client errors (with reports in it) and Add user, which the walks below check', async () => {
    const { page, context } = await env.newPage('admin');
    const pages = await menuPages(page);
    assert.ok(pages.includes('/admin/user-errors') && pages.includes('/admin/users/new'));
    await context.close();
  });

  for (const width of [1280, 375]) {
    for (const half of halves)
      test(`every page a super administrator reaches from the menu ${half.name} has no violations at ${width} px`, async () => {
        const { page, context } = await env.newPage('admin', { viewport: { width, height: 800 } });
        await reportTwoErrors(page);
        const found: string[] = [];
        const pages = (await menuPages(page)).filter(half.takes);
        assert.ok(pages.length >= 6, pages.join(' '));
        for (const path of pages) {
          await page.goto(path);
          found.push(...(await axeViolations(page)).map((v) => `${path}: ${v}`));
        }
        assert.deepEqual(found, []);
        await context.close();
      });

    test(`a report's result has no violations at ${width} px`, async () => {
      const { page, context } = await env.newPage('admin', { viewport: { width, height: 800 } });
      const found: string[] = [];
      // A report's result, swapped in under its form.
      await page.goto('/reports?report=sales-by-store');
      await page.waitForSelector('html[data-forms="ready"]', { state: 'attached' });
      await page.fill('#report-FromDate', format(subDays(new Date(), 20), 'dd/MM/yyyy'));
      await page.fill('#report-ToDate', format(subDays(new Date(), 1), 'dd/MM/yyyy'));
      await page.click('.report-form button[type=submit]');
      await page.waitForSelector('#report-result table');
      found.push(...(await axeViolations(page)).map((v) => `/reports (result): ${v}`));
      assert.deepEqual(found, []);
      await context.close();
    });

    test(`the inbox panel, a detail overlay with its panel, and the Settings dialog have no violations and fit at ${width} px`, async () => {
      const { page, context } = await env.newPage('admin', { viewport: { width, height: 800 } });
      const found: string[] = [];
      const check = async (what: string, box: string) => {
        found.push(...(await axeViolations(page)).map((v) => `${what}: ${v}`));
        const wide = await page.evaluate((b) => {
          const r = document.querySelector(b)!.getBoundingClientRect();
          return { page: document.documentElement.scrollWidth - innerWidth, right: r.right - innerWidth, left: -r.left };
        }, box);
        if (wide.page > 0 || wide.right > 0.5 || wide.left > 0.5)
          found.push(`${what}: ${wide.page} px too wide, its box ${wide.right} px past the right edge, ${wide.left} px past the left`);
      };
      await page.goto('/stores');
      await page.waitForSelector('#inbox-badges:not([hidden]) [data-inbox="messages"]');
      await page.click('#inbox-badges [data-inbox="messages"]');
      await page.locator('#inbox-panel').waitFor();
      await check('inbox panel', '#inbox-panel');
      await page.keyboard.press('Escape');

      await islandsLive(page);
      await page.locator('table tbody tr').first().locator('a[data-popup-page]').click();
      const popup = page.getByRole('dialog', { name: /^Stores: / });
      await popup.locator('[data-detail-main]').waitFor();
      await check('store detail overlay', 'dialog[open]');
      await popup.getByRole('link', { name: 'Daily sales this cycle' }).click();
      const panel = popup.getByRole('region', { name: 'Details' });
      await panel.getByRole('button', { name: 'Close' }).waitFor();
      await popup.locator('.record-links a').nth(1).click();
      await panel.locator('.load-panel-busy').waitFor();
      await check('store detail overlay, its panel and its note', 'dialog[open]');
      await page.keyboard.press('Escape');
      await popup.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Settings', exact: true }).click();
      await page.getByRole('dialog', { name: 'Table settings' }).waitFor();
      await check('table settings', 'dialog[open]');
      assert.deepEqual(found, []);
      await context.close();
    });

    test(`the store dialog and the request-failure dialog have no violations at ${width} px`, async () => {
      const { page, context } = await env.newPage('admin', { viewport: { width, height: 800 } });
      await page.click('#store-selector');
      await page.waitForSelector('#store-dialog[open] #store-list input');
      assert.deepEqual(await axeViolations(page), [], 'store dialog');
      await page.keyboard.press('Escape');

      await page.goto('/test/playground');
      await page.click('#to-500');
      await page.waitForSelector('#error-dialog[open]');
      assert.deepEqual(await axeViolations(page), [], 'failure dialog');
      await page.click('#error-dialog summary');
      assert.deepEqual(await axeViolations(page), [], 'failure dialog with its Details open');
      await context.close();
    });
  }
});
