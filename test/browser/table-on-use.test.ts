// A table screen's island hydrates when first used (islands/on-use.ts, islands/data-table/wake-rule.ts), in
// real Chromium: a cold table screen loads neither React nor the table's code and asks for nothing until a
// person reaches for it, while its rows, links and clock work; what the person does while the code is on its
// way (a sort clicked, a row ticked, a search typed, a page size picked, even with no pointer or focus near
// it, as a phone's picker gives none, at 1280 and 375 px) is done once it has come, and later picks work
// as they are made; a state
// saved for the screen, or another store selection, wakes the table as its page arrives.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { pageErrors } from '../support/navigation.ts';
import { openTable } from '../support/tables.ts';

const skip = browserSkipReason();

const live = (page: Page) => page.locator('[data-island="data-table"][data-island-live]').count();
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** The list calls the page makes to /api/stores. */
function storeCalls(page: Page): URL[] {
  const calls: URL[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/stores') calls.push(url);
  });
  return calls;
}

/** Holds the table's code on its way until the returned function is called, as a slow line would. */
async function holdTableCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/data-table-[A-Z0-9]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('a table island waits for its first use', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  test('a cold table screen loads no table code until used; its rows and clock work before, and it hydrates without asking again', async () => {
    const signedIn = await env.newPage('admin');
    // A context of its own with the session cookie only: nothing loaded or loading from signing in.
    const context = await env.browser.newContext({ baseURL: env.base });
    await context.addCookies(await signedIn.context.cookies());
    await signedIn.context.close();
    const page = await context.newPage();
    const errors = pageErrors(page);
    const scripts: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)));
    const calls = storeCalls(page);
    await page.goto('/stores');
    await page.waitForLoadState('networkidle');
    assert.equal(await page.locator('.dt-table tbody tr').count(), 25);
    assert.equal(await page.evaluate(() => window.__islands.count()), 0);
    assert.deepEqual(
      scripts.filter((s) => /\/(data-table|react-root)-/.test(s)),
      [],
    );
    // The time stamp counts on before the table's code has come.
    await page.waitForFunction(() => / seconds? ago$/.test(document.querySelector('.dt-updated')?.textContent ?? ''));
    assert.equal(await live(page), 0);

    await page.locator('.dt-table').hover();
    await page.waitForSelector('[data-island="data-table"][data-island-live]', { state: 'attached' });
    assert.ok(scripts.some((s) => /\/data-table-/.test(s)));
    // Still the server's rows, not asked for again; the clock goes on.
    await page.waitForFunction(() => / seconds? ago$/.test(document.querySelector('.dt-updated')?.textContent ?? ''));
    assert.equal(calls.length, 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('focus from the keyboard wakes the table, as the pointer does', async () => {
    const { page, context } = await env.newPage('admin');
    await page.goto('/stores');
    await page.waitForLoadState('networkidle');
    assert.equal(await live(page), 0);
    // Tab until the focus is inside the table (past the skip link, the menu and the header).
    for (let i = 0; i < 80 && (await live(page)) === 0; i++) await page.keyboard.press('Tab');
    await page.waitForSelector('[data-island="data-table"][data-island-live]', { state: 'attached' });
    assert.equal(await page.evaluate(() => !!document.activeElement?.closest('[data-island="data-table"]')), true);
    await context.close();
  });

  test('a sort clicked while the code is on its way is done once it has come', async () => {
    const { page, context } = await env.newPage('admin');
    const errors = pageErrors(page);
    const release = await holdTableCode(page);
    const calls = storeCalls(page);
    await page.goto('/stores');
    await button(page, 'Name').click();
    // Nothing done yet: the code is held.
    assert.equal(await live(page), 0);
    assert.equal(calls.length, 0);

    release();
    await page.waitForSelector('th[aria-sort=ascending]:has(button:text-is("Name"))');
    assert.equal(calls.length, 1);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a row ticked while the code is on its way is selected once it has come', async () => {
    const { page, context } = await env.newPage('admin');
    const release = await holdTableCode(page);
    await page.goto('/stores');
    await page.locator('.dt-table tbody input[type=checkbox]').nth(1).click();
    assert.equal(await live(page), 0);
    release();
    await button(page, '1 Record(s) Selected').waitFor();
    assert.equal(await page.locator('.dt-table tbody input[type=checkbox]').nth(1).isChecked(), true);
    assert.equal(await button(page, 'Edit').isEnabled(), true);
    await context.close();
  });

  test('a search typed and a page size picked while the code is on its way are asked for once it has come', async () => {
    const { page, context } = await env.newPage('admin');
    const release = await holdTableCode(page);
    const calls = storeCalls(page);
    await page.goto('/stores');
    await page.getByLabel('Search:').fill('Austin');
    await page.locator('.dt-length select').selectOption('10');
    assert.equal(await live(page), 0);
    release();
    await page.waitForFunction(() => /\(filtered from/.test(document.querySelector('.dt-info')?.textContent ?? ''));
    const last = calls.at(-1)!;
    assert.match(decodeURIComponent(last.search), /Austin/);
    assert.equal(last.searchParams.get('length'), '10');
    assert.equal(await page.getByLabel('Search:').inputValue(), 'Austin');
    assert.ok((await page.locator('.dt-table tbody tr').count()) <= 10);
    await context.close();
  });

  for (const width of [1280, 375]) {
    test(`at ${width} px a page size picked with no pointer or focus on the table is applied once the code has come, and later picks at once`, async () => {
      const { page, context } = await env.newPage('admin', { viewport: { width, height: 800 } });
      const release = await holdTableCode(page);
      const calls = storeCalls(page);
      await page.goto('/stores');
      // As a phone's native picker sets it: the value and its events, nothing else.
      const pick = (size: string) =>
        page.locator('.dt-length select').evaluate((select: HTMLSelectElement, value) => {
          select.value = value;
          select.dispatchEvent(new Event('input', { bubbles: true }));
          select.dispatchEvent(new Event('change', { bubbles: true }));
        }, size);
      await pick('10');
      assert.equal(await live(page), 0);
      release();
      await page.waitForFunction(() => document.querySelectorAll('.dt-table tbody tr').length === 10);
      assert.equal(calls.at(-1)?.searchParams.get('length'), '10');
      assert.equal(await page.locator('.dt-length select').inputValue(), '10');

      await pick('50');
      await page.waitForFunction(() => document.querySelectorAll('.dt-table tbody tr').length === 50);
      assert.equal(calls.at(-1)?.searchParams.get('length'), '50');
      await context.close();
    });
  }

  test('a state saved for the screen wakes the table as its page arrives; the default state is not kept', async () => {
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/stores');
    assert.equal(await page.evaluate(() => sessionStorage.getItem('backroom.tableState:/stores')), null);
    await button(page, 'Name').click();
    await page.waitForSelector('th[aria-sort=ascending]:has(button:text-is("Name"))');
    assert.notEqual(await page.evaluate(() => sessionStorage.getItem('backroom.tableState:/stores')), null);

    // Reloaded and left untouched, the table wakes by itself and shows the saved sort.
    await page.reload();
    await page.waitForSelector('[data-island="data-table"][data-island-live]', { state: 'attached' });
    await page.waitForSelector('th[aria-sort=ascending]:has(button:text-is("Name"))');
    await context.close();
  });
});
