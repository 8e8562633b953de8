// Knowing where one is, in real Chromium: the menu marks the shown page (or the page it belongs to) after full
// loads, swaps and back/forward; its entries draw their icons; a skip link leads to the content; keyboard
// focus is plain to see; and after a swap focus lands on the new page's heading, which is announced.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { isSameDocument, markDocument, waitForTitle } from '../support/navigation.ts';

const skip = browserSkipReason();

/** The menu entries marked as the shown page: their links, and whether each also has the visible style. */
const marked = (page: Page) =>
  page.$$eval('#sidebar a.current, #sidebar a[aria-current]', (links) =>
    links.map((a) => `${a.getAttribute('href')} ${a.getAttribute('aria-current')} ${a.classList.contains('current')}`),
  );

/** Where keyboard focus is: the focused element's tag, id or text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} ${el.textContent?.trim().slice(0, 40) ?? ''}` : '';
  });

describe('wayfinding in the shell', { skip }, () => {
  const env = useBrowserEnv();

  test('the menu marks the shown page, or the page it belongs to, after full loads, swaps and back and forward', async () => {
    const { page, context } = await env.newPage('admin');
    await page.goto('/admin/users/new');
    assert.deepEqual(await marked(page), ['/admin/users page true'], 'Add user belongs to Users');
    const style = await page.$eval('#sidebar a.current', (a) => {
      const other = document.querySelector('#sidebar a.menu-link:not(.current)')!;
      return {
        own: getComputedStyle(a).backgroundColor,
        other: getComputedStyle(other).backgroundColor,
        weight: getComputedStyle(a).fontWeight,
      };
    });
    assert.notEqual(style.own, style.other, 'the marked entry looks different');
    assert.equal(style.weight, '600');

    await page.goto('/');
    assert.deepEqual(await marked(page), ['/ page true']);
    await markDocument(page);
    await page.click('#sidebar a[href="/stores"]');
    await waitForTitle(page, 'Stores');
    assert.deepEqual(await marked(page), ['/stores page true']);
    await page.click('#sidebar a[href="/admin/users"]');
    await waitForTitle(page, 'Users');
    await page.click('main a[href="/admin/users/new"]');
    await waitForTitle(page, 'Add user');
    assert.deepEqual(await marked(page), ['/admin/users page true']);
    await page.click('#sidebar a[href="/reports"]');
    await waitForTitle(page, 'Reports');
    assert.deepEqual(await marked(page), ['/reports page true']);

    await page.goBack();
    await waitForTitle(page, 'Add user');
    assert.deepEqual(await marked(page), ['/admin/users page true']);
    await page.goBack();
    await waitForTitle(page, 'Users');
    await page.goBack();
    await waitForTitle(page, 'Stores');
    assert.deepEqual(await marked(page), ['/stores page true']);
    await page.goBack();
    await waitForTitle(page, 'Dashboard');
    assert.deepEqual(await marked(page), ['/ page true']);
    await page.goForward();
    await waitForTitle(page, 'Stores');
    assert.deepEqual(await marked(page), ['/stores page true']);
    assert.ok(await isSameDocument(page), 'all by swaps and history restores');
    await context.close();
  });

  test('every menu entry draws its icon from the page sprite, hidden from screen readers', async () => {
    const { page, context } = await env.newPage('admin');
    const icons = await page.$$eval('#sidebar [data-icon]', (entries) =>
      entries.map((entry) => {
        const svg = entry.querySelector('svg');
        const use = svg?.querySelector('use');
        const symbol = use ? document.querySelector(use.getAttribute('href')!) : null;
        const box = use?.getBBox();
        return {
          icon: entry.getAttribute('data-icon'),
          hidden: svg?.getAttribute('aria-hidden'),
          symbol: symbol?.tagName ?? null,
          drawn: !!box && box.width > 0 && box.height > 0,
          shown: !!svg && svg.getBoundingClientRect().width > 0,
        };
      }),
    );
    assert.ok(icons.length >= 15, 'the super administrator sees every entry');
    for (const icon of icons) assert.deepEqual(icon, { icon: icon.icon, hidden: 'true', symbol: 'symbol', drawn: true, shown: true });
    // The link's name is its text alone.
    // (In the menu: the dashboard's shortcuts name the same screens.)
    assert.equal(await page.locator('#sidebar').getByRole('link', { name: 'Client errors', exact: true }).count(), 1);
    await context.close();
  });

  test('a skip link, first in the tab order, leads past the menu to the main content', async () => {
    const { page, context } = await env.newPage('admin');
    await page.goto('/admin/users');
    await page.keyboard.press('Tab');
    assert.equal(await focused(page), 'a Skip to main content');
    const box = (await page.locator('.skip-link').boundingBox())!;
    assert.ok(box.y >= 0 && box.width > 0, 'shown while focused');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => !!document.activeElement?.closest('main#main')), true, 'the next stop is in the content');
    assert.equal(await focused(page), 'a Add user');
    await context.close();
  });

  test('keyboard focus is drawn as a thick outline, on the dark top bar and in the menu alike', async () => {
    const { page, context } = await env.newPage('admin');
    const ring = () =>
      page.evaluate(() => {
        const s = getComputedStyle(document.activeElement!);
        return { style: s.outlineStyle, width: Number.parseFloat(s.outlineWidth), color: s.outlineColor };
      });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    assert.equal(await focused(page), 'a Backroom');
    const onTopBar = await ring();
    assert.equal(onTopBar.style, 'solid');
    assert.ok(onTopBar.width >= 3, `outline ${onTopBar.width}px`);
    await page.focus('#sidebar a[href="/stores"]');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const inMenu = await ring();
    assert.equal(inMenu.style, 'solid');
    assert.ok(inMenu.width >= 3);
    assert.notEqual(inMenu.color, onTopBar.color, 'a colour that shows on each background');
    await context.close();
  });

  test('after a swap focus moves to the new page heading and the page is announced, by menu, in-page link and back', async () => {
    const { page, context } = await env.newPage('admin');
    const announcer = page.locator('#page-announcer');
    assert.equal(await announcer.getAttribute('role'), 'status');
    assert.equal(await announcer.getAttribute('aria-live'), 'polite');

    await page.focus('#sidebar a[href="/states"]');
    await page.keyboard.press('Enter');
    await waitForTitle(page, 'States');
    assert.equal(await focused(page), 'h1 States');
    assert.equal(await page.getAttribute('main#main h1', 'tabindex'), '-1');
    assert.equal(await announcer.textContent(), 'States');

    await page.click('#sidebar a[href="/admin/users"]');
    await waitForTitle(page, 'Users');
    await page.click('main a[href="/admin/users/new"]');
    await waitForTitle(page, 'Add user');
    assert.equal(await focused(page), 'h1 Add user');
    assert.equal(await announcer.textContent(), 'Add user');

    await page.goBack();
    await waitForTitle(page, 'Users');
    assert.equal(await focused(page), 'h1 Users');
    assert.equal(await announcer.textContent(), 'Users');
    await context.close();
  });
});
