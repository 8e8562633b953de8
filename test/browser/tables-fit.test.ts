// Tables in real Chromium, at 1280 and 375 px: a table fits its page or scrolls inside a region the
// keyboard can reach (role=region, a name, tabindex=0), never widening the page; and no word is broken
// across lines to make a column narrower.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { reportTwoErrors } from '../support/menu-pages.ts';

const skip = browserSkipReason();

/** The table's scroll region: its role, name and tab stop, and whether its table is wider than it. */
const region = (page: Page, table: string) =>
  page.$eval(table, (t) => {
    const r = t.closest<HTMLElement>('.table-scroll')!;
    return {
      // A <section> with a name is a region by itself; a <div> says so.
      role: r.getAttribute('role') ?? (r.tagName === 'SECTION' && r.hasAttribute('aria-label') ? 'region' : null),
      name: r.getAttribute('aria-label'),
      tabIndex: r.tabIndex,
      scrolls: r.scrollWidth > r.clientWidth,
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
    };
  });

/** Words of the table's visible cells that the browser broke over two lines. */
const brokenWords = (page: Page, table: string) =>
  page.$eval(table, (t) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(t.querySelector('tbody')!, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!(node.parentElement?.checkVisibility() ?? false)) continue;
      for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });

describe('tables', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  test('the Users table never widens the page, at 1280 px or at 375 px, and scrolls inside a focusable region', async () => {
    const { page, context } = await env.newPage('admin', { viewport: { width: 1280, height: 800 } });
    await page.goto('/admin/users');
    // Its eleven columns may be wider than the content area even at 1280 px: the region scrolls, not the page.
    const wide = await region(page, 'table.dt-table');
    assert.deepEqual({ ...wide, scrolls: null }, { role: 'region', name: 'Users', tabIndex: 0, scrolls: null, pageOverflow: 0 });
    assert.deepEqual(await brokenWords(page, 'table.dt-table'), []);

    await page.setViewportSize({ width: 375, height: 740 });
    const narrow = await region(page, 'table.dt-table');
    assert.deepEqual(narrow, { ...wide, scrolls: true });
    // Reached by Tab (after the Filters button, the last control above it), the region scrolls with the arrow keys.
    await page.focus('main .dt-filter-toggle');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('table-scroll')), true);
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('.table-scroll')!.scrollLeft > 0);
    await context.close();
  });

  test('the Client errors table keeps words whole, fitting at 1280 px and scrolling in its region at 375 px', async () => {
    const { page, context } = await env.newPage('itdesk', { viewport: { width: 1280, height: 800 } });
    await page.goto('/reports');
    await reportTwoErrors(page);
    await page.goto('/admin/user-errors');
    const table = 'table.dt-table';
    assert.equal(await page.locator(`${table} tbody tr`).count(), 2);
    assert.deepEqual(await region(page, table), { role: 'region', name: 'Client errors', tabIndex: 0, scrolls: false, pageOverflow: 0 });
    assert.deepEqual(await brokenWords(page, table), []);

    await page.setViewportSize({ width: 375, height: 740 });
    const narrow = await region(page, table);
    assert.equal(narrow.pageOverflow, 0);
    assert.equal(narrow.scrolls, true);
    assert.deepEqual(await brokenWords(page, table), []);
    await context.close();
  });
});
