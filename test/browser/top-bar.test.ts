// The sticky top bar in real Chromium at 1280 and 375 px: a page swapped in from the menu (or changed by a
// click in its table) keeps its heading below the bar, not under it; the store button's count never runs
// into the inbox badges, whose icons are the page's SVG sprite (no emoji font needed); and the count of
// the user's stores follows a store added or deleted, without a reload.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { waitForTitle } from '../support/navigation.ts';

const skip = browserSkipReason();

/** How far the heading's top lies below the top bar's bottom (negative: under the bar). */
const headingClearance = (page: Page) =>
  page.evaluate(
    () =>
      document.querySelector('#main h1')!.getBoundingClientRect().top - document.querySelector('.topbar')!.getBoundingClientRect().bottom,
  );

/** Follows the side menu's link to `path`, opening the menu first on a phone. */
async function viaMenu(page: Page, path: string, title: string): Promise<void> {
  if (await page.isVisible('#menu-toggle')) await page.click('#menu-toggle');
  await page.click(`#sidebar a.menu-link[href="${path}"]`);
  await waitForTitle(page, title);
}

describe('the top bar', { skip }, () => {
  const env = useBrowserEnv();

  for (const width of [1280, 375]) {
    const viewport = { viewport: { width, height: 740 } };

    test(`at ${width} px a long page swapped in from the menu, and a sort clicked there, leave its heading below the bar`, async () => {
      const { page, context } = await env.newPage('admin', viewport);
      for (const [path, title] of [
        ['/stores', 'Stores'],
        ['/sales', 'Daily sales'],
        ['/admin/menus', 'Menus'],
      ] as const) {
        await viaMenu(page, path, title);
        const clearance = await headingClearance(page);
        assert.ok(clearance >= 0, `${path}: the heading is ${-clearance} px under the bar`);
      }
      // As a person does it: the pointer wakes the table and clicks a header, nothing scrolled for them.
      await viaMenu(page, '/stores', 'Stores');
      await page.locator('[data-island="data-table"]').dispatchEvent('pointerover');
      await page.waitForSelector('[data-island="data-table"][data-island-live]', { state: 'attached' });
      const name = (await page.locator('.dt-table thead th button', { hasText: /^Name$/ }).boundingBox())!;
      await page.mouse.click(name.x + name.width / 2, name.y + name.height / 2);
      await page.waitForSelector('th[aria-sort=ascending]:has(button:text-is("Name"))');
      assert.ok((await headingClearance(page)) >= 0, 'after a sort');
      await context.close();
    });
  }

  test("at 375 px the store button's longest count stays clear of the inbox badges, which draw the sprite's icons", async () => {
    const { page, context } = await env.newPage('admin', { viewport: { width: 375, height: 740 } });
    await page.goto('/stores');
    await page.waitForSelector('#inbox-badges:not([hidden]) [data-inbox="notifications"]');
    // The longest short label a chain of 500 stores gives ("123/500"), as the selector writes it.
    await page.evaluate(() => (document.getElementById('store-selector-short')!.textContent = '123/500'));
    const overlaps = await page.evaluate(() => {
      const store = document.getElementById('store-selector')!.getBoundingClientRect();
      const short = document.getElementById('store-selector-short')!.getBoundingClientRect();
      const first = document.querySelector('#inbox-badges [data-inbox]')!.getBoundingClientRect();
      const signOut = document.querySelector('.signout button')!.getBoundingClientRect();
      return {
        countPastButton: short.right - store.right,
        buttonIntoBadges: store.right - first.left,
        signOutPastScreen: signOut.right - innerWidth,
      };
    });
    assert.ok(overlaps.countPastButton <= 0, `the count runs ${overlaps.countPastButton} px past its button`);
    assert.ok(overlaps.buttonIntoBadges <= 0, `the store button runs ${overlaps.buttonIntoBadges} px into the badges`);
    assert.ok(overlaps.signOutPastScreen <= 0, 'Sign out stays on the screen');
    const icons = await page.$$eval('#inbox-badges [data-inbox]', (badges) =>
      badges.map((b) => ({
        kind: (b as HTMLElement).dataset.inbox,
        icon: b.querySelector('svg use')?.getAttribute('href') ?? null,
        drawn: !!document.querySelector(b.querySelector('svg use')?.getAttribute('href') ?? '#none'),
        text: [...b.childNodes]
          .filter((n) => !(n as Element).classList?.contains('inbox-count'))
          .map((n) => n.textContent)
          .join(''),
      })),
    );
    assert.deepEqual(icons, [
      { kind: 'messages', icon: '#icon-mail', drawn: true, text: '' },
      { kind: 'alerts', icon: '#icon-alert', drawn: true, text: '' },
      { kind: 'notifications', icon: '#icon-bell', drawn: true, text: '' },
    ]);
    await context.close();
  });

  for (const width of [1280, 375]) {
    test(`at ${width} px the store count follows a store added and deleted`, async () => {
      const { page, context } = await env.newPage('admin', { viewport: { width, height: 740 } });
      await page.goto('/stores');
      await page.waitForFunction(() => document.documentElement.dataset.hub === 'connected');
      const total = Number(await page.getAttribute('#store-selector', 'data-total'));
      const label = () => page.locator('#store-selector-label').textContent();
      assert.equal(await label(), `All stores (${total})`);
      const ids = (
        await env.t.db.pool.query(
          `select (select state_id from states limit 1) as state, (select group_id from groups where code <> 'HQ' limit 1) as "group"`,
        )
      ).rows[0];
      const send = (method: string, body: object) =>
        page.evaluate(
          async ({ method, body }) => {
            const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
            const res = await fetch('/api/stores', {
              method,
              headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
              body: JSON.stringify(body),
            });
            return (await res.json()) as { Succeed: number[]; Data: Array<{ StoreID: number; Version: number }> };
          },
          { method, body },
        );
      const added = await send('POST', {
        StoreNumber: 990000 + width,
        Name: `Top bar ${width}`,
        City: 'Testville',
        StateID: ids.state,
        GroupID: ids.group,
        OpenDate: '01/01/2020',
        IsActive: true,
      });
      assert.equal(added.Succeed.length, 1, JSON.stringify(added));
      await page.waitForFunction((n) => document.getElementById('store-selector-label')?.textContent === `All stores (${n})`, total + 1);
      assert.equal(await page.textContent('#store-selector-short'), String(total + 1));

      const store = added.Data[0]!;
      const removed = await send('DELETE', { StoreID: store.StoreID, Version: store.Version });
      assert.equal(removed.Succeed.length, 1, JSON.stringify(removed));
      await page.waitForFunction((n) => document.getElementById('store-selector-label')?.textContent === `All stores (${n})`, total);
      await context.close();
    });
  }
});
