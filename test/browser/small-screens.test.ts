// Phones (375 px) in real Chromium: no page is wider than the screen and the top bar keeps Sign out inside
// it; dialogs fit with every button in reach; the closed side menu holds no focusable link; the open one lies
// over a backdrop, takes focus, and closes on Esc or a tap outside, giving focus back to the menu button.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { menuPages } from '../support/menu-pages.ts';

const skip = browserSkipReason();
const phone = { viewport: { width: 375, height: 740 } };

/** How far the page reaches past the right edge of the screen (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Buttons of the open dialog that are cut off by the screen's edges or hidden by the dialog's own clipping. */
const buttonsOutOfReach = (page: Page, dialog: string) =>
  page.$$eval(`${dialog} button`, (buttons) =>
    buttons
      .filter((b) => {
        const r = b.getBoundingClientRect();
        const box = b.closest('dialog')!.getBoundingClientRect();
        return r.left < 0 || r.right > window.innerWidth || r.left < box.left || r.right > box.right || r.width === 0;
      })
      .map((b) => b.textContent),
  );

const menuOpen = (page: Page) => page.evaluate(() => document.body.classList.contains('menu-open'));
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');
const focusInMenu = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('#sidebar'));

describe('the shell on a phone (375 px)', { skip }, () => {
  const env = useBrowserEnv();

  test('no page a super administrator reaches from the menu is wider than the screen, and Sign out stays in the top bar', async () => {
    const { page, context } = await env.newPage('admin', phone);
    const wide: string[] = [];
    for (const path of await menuPages(page)) {
      await page.goto(path);
      const by = await overflow(page);
      if (by > 0) wide.push(`${path}: ${by}px too wide`);
      const signOut = (await page.locator('.signout button').boundingBox())!;
      const bar = (await page.locator('.topbar').boundingBox())!;
      if (signOut.x + signOut.width > bar.width || signOut.y + signOut.height > bar.height)
        wide.push(`${path}: Sign out outside the top bar`);
    }
    assert.deepEqual(wide, []);
    await context.close();
  });

  test('the store dialog and the request-failure dialog fit the screen with every button in reach', async () => {
    const { page, context } = await env.newPage('admin', phone);
    await page.click('#store-selector');
    await page.waitForSelector('#store-dialog[open] #store-list input');
    assert.deepEqual(await buttonsOutOfReach(page, '#store-dialog'), []);
    assert.equal(await overflow(page), 0);
    await page.click('#store-apply');

    await page.goto('/test/playground');
    await page.click('#to-500');
    await page.waitForSelector('#error-dialog[open]');
    await page.click('#error-dialog summary');
    assert.deepEqual(await buttonsOutOfReach(page, '#error-dialog'), []);
    assert.equal(await overflow(page), 0);
    await context.close();
  });

  test('the closed side menu holds no focusable link; open, it takes focus over a backdrop, and Esc closes it', async () => {
    const { page, context } = await env.newPage('admin', phone);
    await page.goto('/admin/users');
    // Walk the whole tab order: the closed menu's links are never reached.
    const stops: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      if (await focusInMenu(page)) stops.push(await page.evaluate(() => document.activeElement!.textContent ?? ''));
    }
    assert.deepEqual(stops, []);
    // The walk may end back on the skip link, which, focused, lies over the top bar: a tap comes from no focus.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    await page.click('#menu-toggle');
    assert.equal(await page.getAttribute('#menu-toggle', 'aria-expanded'), 'true');
    assert.equal(await focusInMenu(page), true, 'focus moves into the open menu');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-current')), 'page', 'onto the shown page');
    // Beside the menu, the backdrop (not the page below it) is what a tap would hit.
    assert.equal(await page.evaluate(() => document.elementFromPoint(340, 400)?.className), 'frame');

    await page.keyboard.press('Escape');
    assert.equal(await menuOpen(page), false);
    assert.equal(await page.getAttribute('#menu-toggle', 'aria-expanded'), 'false');
    assert.equal(await focusedId(page), 'menu-toggle');
    await page.waitForFunction(() => !document.getElementById('sidebar')!.checkVisibility({ visibilityProperty: true }));
    await context.close();
  });

  test('a tap outside the open menu closes it, gives focus back to the menu button and opens nothing below', async () => {
    const { page, context } = await env.newPage('admin', { ...phone, hasTouch: true });
    await page.goto('/admin/users');
    const url = page.url();
    await page.tap('#menu-toggle');
    assert.equal(await menuOpen(page), true);
    // Over the Users table's email column: the backdrop takes the tap.
    await page.touchscreen.tap(340, 300);
    assert.equal(await menuOpen(page), false);
    assert.equal(await focusedId(page), 'menu-toggle');
    assert.equal(page.url(), url);
    await context.close();
  });
});
