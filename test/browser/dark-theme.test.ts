// The dark theme (issue 39) in real Chromium with the system set to dark: axe-core, colour contrast included,
// finds nothing on the main screens, their dialogs, panels and notices, at 1280 and 375 px; paper stays
// light (a report's print view, and any page printed). The light theme is what the other axe files check
// (Chromium's default scheme). One context a width goes through the screens; screenshots when
// SCREENSHOTS_DIR names a folder (test/support/screen.ts).
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { format } from 'date-fns/format';
import { subDays } from 'date-fns/subDays';
import type { Page } from 'playwright-core';
import { axeViolations } from '../support/axe.ts';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { islandsLive, openTable } from '../support/tables.ts';
import { screenshot } from '../support/screen.ts';

const skip = browserSkipReason();
const dark = { colorScheme: 'dark' } as const;
const day = (daysAgo: number) => format(subDays(new Date(), daysAgo), 'dd/MM/yyyy');

/** The page's background and its used colour scheme, as the browser paints them. */
const painted = (page: Page) =>
  page.evaluate(() => ({
    background: getComputedStyle(document.body).backgroundColor,
    scheme: getComputedStyle(document.documentElement).colorScheme,
  }));
const DARK_BG = 'rgb(16, 22, 28)';
const LIGHT_BG = 'rgb(244, 246, 248)';

describe('the dark theme', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  /** Axe's findings on what the page shows now, each named; the screen kept for a person to look at. */
  async function checked(page: Page, found: string[], name: string): Promise<void> {
    found.push(...(await axeViolations(page)).map((v) => `${name}: ${v}`));
    await screenshot(page, `dark-${name}`);
  }

  test('pages follow the system: dark on a dark screen, light when printed; a print view is paper, always light', async () => {
    const { page, context } = await env.newPage('admin', dark);
    await page.goto('/stores');
    assert.deepEqual(await painted(page), { background: DARK_BG, scheme: 'light dark' });
    await page.emulateMedia({ media: 'print' });
    assert.deepEqual(await painted(page), { background: LIGHT_BG, scheme: 'light' }, 'printed');
    await page.emulateMedia({ media: 'screen', colorScheme: 'light' });
    assert.deepEqual(await painted(page), { background: LIGHT_BG, scheme: 'light dark' }, 'a light system');
    await page.emulateMedia({ media: 'screen', colorScheme: 'dark' });
    const query = new URLSearchParams({ report: 'sales-by-store', FromDate: day(10), ToDate: day(1) });
    await page.goto(`/reports/print?${query}`);
    assert.deepEqual(await painted(page), { background: LIGHT_BG, scheme: 'light' }, 'the print view');
    assert.equal(await page.locator('.report').evaluate((r) => getComputedStyle(r).backgroundColor), 'rgb(255, 255, 255)');
    assert.deepEqual(await axeViolations(page), [], 'the print view');
    await context.close();
  });

  for (const width of [1280, 375]) {
    const viewport = { width, height: 800 };

    test(`at ${width} px, the sign-in page and every kind of page have no axe violations in dark`, async () => {
      const found: string[] = [];
      const signedOut = await env.newPage(null, { ...dark, viewport });
      await signedOut.page.goto('/login');
      await checked(signedOut.page, found, `sign-in-${width}`);
      await signedOut.context.close();

      const { page, context } = await env.newPage('admin', { ...dark, viewport });
      for (const path of ['/', '/charts', '/summaries', '/messages', '/stores/1', '/admin/users/new', '/no-such-page']) {
        await page.goto(path);
        if (await page.locator('[data-island]').count()) await islandsLive(page);
        await checked(page, found, `${path === '/' ? 'dashboard' : path.slice(1).replace(/\W+/g, '-')}-${width}`);
      }
      assert.deepEqual(found, []);
      await context.close();
    });

    test(`at ${width} px, a report's result, the inbox and the shell's dialogs have no axe violations in dark`, async () => {
      const found: string[] = [];
      const { page, context } = await env.newPage('admin', { ...dark, viewport });
      // A report's result under its form, as the screen shows it (its print view is paper: above).
      await page.goto('/reports?report=sales-by-store');
      await page.waitForSelector('html[data-forms="ready"]', { state: 'attached' });
      await page.fill('#report-FromDate', day(20));
      await page.fill('#report-ToDate', day(1));
      await page.click('.report-form button[type=submit]');
      await page.waitForSelector('#report-result table');
      await checked(page, found, `report-${width}`);
      // The header's inbox and the store selector's dialog.
      await page.click('#inbox-badges [data-inbox="messages"]');
      await page.locator('#inbox-panel').waitFor();
      await checked(page, found, `inbox-${width}`);
      await page.keyboard.press('Escape');
      await page.click('#store-selector');
      await page.waitForSelector('#store-dialog[open] #store-list input');
      await checked(page, found, `store-dialog-${width}`);
      await page.keyboard.press('Escape');
      // The request-failure dialog with its details open.
      await page.goto('/test/playground');
      await page.click('#to-500');
      await page.click('#error-dialog[open] summary');
      await checked(page, found, `failure-dialog-${width}`);
      assert.deepEqual(found, []);
      await context.close();
    });

    test(`at ${width} px, a table screen with its dialogs, filters, settings and notices has no axe violations in dark`, async () => {
      const found: string[] = [];
      const { page, context } = await env.newPage('admin', { ...dark, viewport });
      const toolbar = (name: string) => page.getByRole('toolbar').getByRole('button', { name, exact: true });
      await openTable(page, '/stores');
      await checked(page, found, `stores-${width}`);
      // The add dialog, refused: the fields marked invalid, their messages.
      await toolbar('Add').click();
      const add = page.getByRole('dialog', { name: 'Add to Stores' });
      await add.getByRole('button', { name: 'Save' }).click();
      await add.locator('[aria-invalid="true"]').first().waitFor();
      await checked(page, found, `stores-add-refused-${width}`);
      await page.keyboard.press('Escape');
      // An edit: its notice with Undo, the row marked as changed.
      await page.locator('.dt-table tbody tr').first().getByRole('checkbox').check();
      await toolbar('Edit').click();
      const edit = page.getByRole('dialog', { name: /^Edit .+ in Stores$/ });
      await edit.getByRole('textbox', { name: 'City', exact: true }).fill('Darkville');
      await edit.getByRole('button', { name: 'Save' }).click();
      await page.locator('.dt-notice', { hasText: '1 Record(s) Updated Successfully' }).waitFor();
      await page.locator('.dt-table tbody tr.dt-row-updated').waitFor();
      await checked(page, found, `stores-edited-${width}`);
      // A filter applied: its panel and its chip.
      await page.locator('.dt-filter-toggle').click();
      const panel = page.locator('.dt-filter-panel');
      await panel.getByRole('textbox').first().fill('1001');
      await panel.getByRole('button', { name: 'Apply' }).click();
      await page.locator('.dt-filter-chip').waitFor();
      await checked(page, found, `stores-filtered-${width}`);
      await toolbar('Settings').click();
      await page.getByRole('dialog', { name: 'Table settings' }).waitFor();
      await checked(page, found, `stores-settings-${width}`);
      await page.keyboard.press('Escape');
      await toolbar('Import').click();
      await page.getByRole('dialog', { name: 'Import into Stores' }).waitFor();
      await checked(page, found, `stores-import-${width}`);
      await page.keyboard.press('Escape');
      // The Views dialog, a view saved and the name of another refused.
      await toolbar('Views').click();
      const views = page.getByRole('dialog', { name: 'Views of Stores' });
      await views.getByRole('textbox', { name: 'Name' }).fill(`Dark ${width}`);
      await views.getByRole('button', { name: 'Save view' }).click();
      await toolbar(`View: Dark ${width}`).click();
      await views.getByRole('button', { name: 'Save view' }).click();
      await views.locator('[aria-invalid="true"]').waitFor();
      await checked(page, found, `stores-views-${width}`);
      await page.keyboard.press('Escape');
      // A store's detail in its overlay.
      await page.locator('.dt-table tbody tr').first().locator('a[data-popup-page]').click();
      await page
        .getByRole('dialog', { name: /^Stores: / })
        .locator('[data-detail-main]')
        .waitFor();
      await checked(page, found, `store-overlay-${width}`);
      assert.deepEqual(found, []);
      await context.close();
    });
  }
});
