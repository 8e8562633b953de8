// Detail pages in real Chromium: from the Stores table, a row's link opens the store's detail page in an
// overlay (its main part only, not the page's own heading), where its links load into the panel beside
// (data-load); Esc closes it and the table is as it was; axe-core finds nothing with the overlay open. A
// store named in an HTML report opens the same way.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { format } from 'date-fns/format';
import { subDays } from 'date-fns/subDays';
import type { Page } from 'playwright-core';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { islandsLive } from '../support/tables.ts';
import { pageErrors } from '../support/navigation.ts';
import { axeViolations } from '../support/axe.ts';

const skip = browserSkipReason();

/** The sales-by-store report of the last ten days, as HTML on the reports screen. */
async function openSalesByStore(page: Page): Promise<void> {
  const day = (d: Date) => format(d, 'dd/MM/yyyy');
  const query = new URLSearchParams({
    report: 'sales-by-store',
    FromDate: day(subDays(new Date(), 10)),
    ToDate: day(subDays(new Date(), 1)),
    format: 'HTML4.0',
  });
  await page.goto(`/reports?${query}`);
}

describe('detail pages in an overlay', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  test("a row's link in the Stores table opens the store's detail in an overlay, which Esc closes", async () => {
    // A user of the Stores table who may see sales figures, for the detail's link to its days.
    const { page, context } = await env.newPage('manager');
    const errors = pageErrors(page);
    await page.goto('/stores');
    await islandsLive(page);
    const link = page.locator('table tbody tr').first().locator('a[data-popup-page]');
    const href = (await link.getAttribute('href'))!;
    assert.match(href, /^\/stores\/\d+$/);
    const [{ number, name }] = (
      await env.t.db.pool.query<{ number: number; name: string }>('select store_number as number, name from stores where store_id = $1', [
        Number(href.split('/')[2]),
      ])
    ).rows as [{ number: number; name: string }];
    assert.equal(await link.textContent(), String(number));

    await link.click();
    const popup = page.getByRole('dialog', { name: `Stores: ${number}` });
    await popup.locator('[data-detail-main]').waitFor();
    assert.equal(await popup.locator('.record-back, h1').count(), 0, 'only the main part, under the overlay heading');
    assert.equal(await popup.locator('.record-fields dd').nth(1).textContent(), name);
    assert.equal(page.url(), `${env.base}/stores`, 'the table stays where it was');
    assert.deepEqual(await axeViolations(page), []);

    // A link inside the detail loads into its panel, not over the page.
    await popup.getByRole('link', { name: 'Daily sales this cycle' }).click();
    const panel = popup.getByRole('region', { name: 'Details' });
    await panel.getByRole('button', { name: 'Close' }).waitFor();
    assert.match((await panel.locator('h2').textContent()) ?? '', new RegExp(`^Daily sales of store ${number}: `));
    assert.equal(page.url(), `${env.base}/stores`);
    assert.deepEqual(await axeViolations(page), []);

    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
    assert.equal(await page.locator('dialog[open]').count(), 0);
    assert.equal(await page.locator('table tbody tr').first().locator('a[data-popup-page]').getAttribute('href'), href);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a store named in an HTML report opens its detail in an overlay', async () => {
    const { page, context } = await env.newPage('admin');
    const errors = pageErrors(page);
    await openSalesByStore(page);
    const link = page.locator('.report-table a[data-popup-page]').first();
    const storeName = (await link.textContent())!;
    await link.click();
    const popup = page.getByRole('dialog', { name: storeName });
    await popup.locator('[data-detail-main]').waitFor();
    assert.equal(await popup.locator('.record-fields dd').nth(1).textContent(), storeName);
    assert.deepEqual(await axeViolations(page), []);
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('each detail page on its own has no axe violations and is no wider than the screen, at 1280 and 375 px', async () => {
    const { page, context } = await env.newPage('admin');
    const errors = pageErrors(page);
    const one = async (text: string) => ((await env.t.db.pool.query<{ id: number }>(text)).rows[0] as { id: number }).id;
    const store = await one('select min(store_id) as id from stores');
    const user = await one(`select user_id as id from users where user_name = 'clerk'`);
    await env.t.db.pool.query(
      `insert into user_errors (page, url, status, error_thrown, message, stack_trace, user_name) values ('/sales', '/api/sales?draw=1&search%5Bvalue%5D=a-very-long-search-text-that-does-not-break', 500, 'Internal Server Error', 'boom', $1, 'analyst')`,
      [
        `TypeError: boom\n${'    at someFunctionWithAVeryLongName (https://backroom.example/static/build/app-0123456789abcdef.js:1:23456)\n'.repeat(5)}`,
      ],
    );
    const error = await one('select max(error_id)::int as id from user_errors');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      for (const url of [`/stores/${store}`, `/admin/users/${user}`, `/admin/user-errors/${error}`]) {
        await page.goto(url);
        await page.locator('[data-detail-main]').waitFor();
        assert.deepEqual(await axeViolations(page), [], `${url} at ${width} px`);
        assert.ok((await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)) <= 0, `${url} at ${width} px`);
      }
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("an HTML report's print view opens in an overlay whose Print button prints it", async () => {
    const { page, context } = await env.newPage('analyst');
    const errors = pageErrors(page);
    await openSalesByStore(page);
    await page.getByRole('link', { name: 'Print view' }).click();
    const popup = page.getByRole('dialog', { name: 'Sales by store' });
    const frame = page.frameLocator('dialog.popup iframe.popup-embed');
    await frame.locator('table.report-table tfoot').waitFor();
    assert.equal(await frame.locator('.report-title').textContent(), 'Sales by store');
    const printed = await page.evaluate(() => {
      const frameWindow = document.querySelector<HTMLIFrameElement>('dialog.popup iframe')!.contentWindow!;
      const w = frameWindow as unknown as { print(): void; __printed?: number };
      w.__printed = 0;
      w.print = () => {
        w.__printed = (w.__printed ?? 0) + 1;
      };
      return true;
    });
    assert.ok(printed);
    await popup.getByRole('button', { name: 'Print' }).click();
    assert.equal(
      await page.evaluate(
        () =>
          (document.querySelector<HTMLIFrameElement>('dialog.popup iframe')!.contentWindow as unknown as { __printed: number }).__printed,
      ),
      1,
    );
    assert.deepEqual(await axeViolations(page), []);
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
    assert.deepEqual(errors, []);
    await context.close();
  });
});
