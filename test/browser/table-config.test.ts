// The table configuration of spec sections 3, 4 and 7 in real Chromium, on the demo tables of the test app
// (test/support/routes/test-tables.ts), whose list answers are not the table API's: rows read from a configured
// property of the answer, or from an answer that is itself an array; a list called by POST with its
// parameters as a form body; and a table that leaves the refresh to the user, whose edit shows the row as
// stored, in place, and whose conflict says 'Information NOT found!. Refresh for changes' without reading
// the list again.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { screenshot } from '../support/screen.ts';
import { axeViolations } from '../support/axe.ts';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { pageErrors } from '../support/navigation.ts';
import { islandsLive } from '../support/tables.ts';

const skip = browserSkipReason();

/** The names the table shows, once it shows `count` rows and is not busy. */
async function shownNames(page: Page, count: number): Promise<string[]> {
  await page.waitForFunction(
    (n) =>
      document.querySelectorAll('table.dt-table tbody tr:not(.dt-empty)').length === n &&
      !document.querySelector('table.dt-table[aria-busy]'),
    count,
  );
  return page.locator('table.dt-table tbody tr:not(.dt-empty) td:nth-child(2)').allTextContents();
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search:' }).fill(text);
}

describe('the table configuration', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  /** How many list calls the demo table's server has answered. */
  async function calls(page: Page, variant: string): Promise<number> {
    return ((await (await page.request.get(`/test/tables/${variant}/calls`)).json()) as { calls: number }).calls;
  }

  test('rows read from a configured property of the answer (result.rows), with the counts beside them', async () => {
    const { page, context } = await env.newPage('admin');
    const errors = pageErrors(page);
    await page.goto('/test/tables/rows');
    await islandsLive(page);
    await search(page, '7');
    assert.deepEqual(await shownNames(page, 3), ['Item 7', 'Item 17', 'Item 27']);
    assert.match((await page.locator('.dt-info').textContent()) ?? '', /Showing 1 to 3 of 3 entries/);
    assert.equal(await calls(page, 'rows'), 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('rows read from an answer that is itself an array, counted by what it holds', async () => {
    const { page, context } = await env.newPage('admin');
    const errors = pageErrors(page);
    await page.goto('/test/tables/bare');
    await islandsLive(page);
    await search(page, '2');
    assert.deepEqual(await shownNames(page, 12), [
      'Item 2',
      'Item 12',
      'Item 20',
      'Item 21',
      'Item 22',
      'Item 23',
      'Item 24',
      'Item 25',
      'Item 26',
      'Item 27',
      'Item 28',
      'Item 29',
    ]);
    assert.match((await page.locator('.dt-info').textContent()) ?? '', /of 12 entries/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a list called by POST sends its parameters as a form body, with the CSRF token', async () => {
    const { page, context } = await env.newPage('admin');
    const errors = pageErrors(page);
    const sent: Array<{ method: string; body: string | null; csrf: string | undefined; query: string }> = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/test/tables/post/list')
        sent.push({ method: r.method(), body: r.postData(), csrf: r.headers()['x-csrf-token'], query: url.search });
    });
    await page.goto('/test/tables/post');
    await islandsLive(page);
    await search(page, '3');
    assert.deepEqual(await shownNames(page, 4), ['Item 3', 'Item 13', 'Item 23', 'Item 30']);
    assert.equal(sent.length, 1);
    const [call] = sent;
    assert.equal(call!.method, 'POST');
    assert.equal(call!.query, '');
    const body = new URLSearchParams(call!.body ?? '');
    assert.equal(body.get('search[value]'), '3');
    assert.equal(body.get('length'), '10');
    assert.ok(body.get('draw'), 'the echo is in the body');
    assert.ok(call!.csrf, 'the CSRF token is sent');
    assert.deepEqual(errors, []);
    await context.close();
  });

  for (const width of [1280, 375]) {
    test(`at ${width} px: a table that leaves the refresh to the user shows an edit in place and says "Refresh for changes" on a conflict`, async () => {
      const { page, context } = await env.newPage('admin', { viewport: { width, height: 800 } });
      const errors = pageErrors(page);
      await page.goto('/test/tables/refresh-left');
      await islandsLive(page);
      const before = await calls(page, 'refresh-left');
      const toolbar = page.getByRole('toolbar');

      // An edit that goes through: the row as the server stored it, marked, and no list call.
      await page.getByRole('checkbox', { name: 'Select row Item 3', exact: true }).check();
      await toolbar.getByRole('button', { name: 'Edit', exact: true }).click();
      let dialog = page.getByRole('dialog', { name: /^Edit .+ in Demo items$/ });
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Item 3 renamed');
      assert.deepEqual(await axeViolations(page), []);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.locator('.dt-notice', { hasText: '1 Record(s) Updated Successfully' }).waitFor();
      await page.locator('tr.dt-row-updated', { hasText: 'Item 3 renamed' }).waitFor();

      // A row changed meanwhile: the user is told to refresh, and the table is not read again.
      await page.getByRole('checkbox', { name: 'Select row Item 3 renamed', exact: true }).uncheck();
      await page.getByRole('checkbox', { name: 'Select row Item 2', exact: true }).check();
      await toolbar.getByRole('button', { name: 'Edit', exact: true }).click();
      dialog = page.getByRole('dialog', { name: /^Edit .+ in Demo items$/ });
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Item 2 again');
      await dialog.getByRole('button', { name: 'Save' }).click();
      const notice = page.locator('.dt-notice', { hasText: 'Information NOT found!. Refresh for changes' });
      await notice.waitFor();
      assert.equal(await page.locator('.dt-notice', { hasText: 'Table Refreshed' }).count(), 0);
      await dialog.waitFor({ state: 'detached' });
      assert.deepEqual(await axeViolations(page), []);
      await screenshot(page, `demo-refresh-left-${width}`);

      // The refresh is the user's: Refresh reads the list, once; nothing read it before.
      await toolbar.getByRole('button', { name: 'Refresh', exact: true }).click();
      // The demo's server never stores an edit: read again, the row has its old name.
      await page.locator('table.dt-table tbody td', { hasText: /^Item 3$/ }).waitFor();
      assert.equal(await calls(page, 'refresh-left'), before + 1);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
