// Table screens and islands in the browser tests. A table's island hydrates when first used
// (islands/on-use.ts), as a person starts using it: these open a screen and reach for its table the way a
// person would, the pointer over it, then wait until the island (or every island on the page) is live.
import type { Page } from 'playwright-core';

const waitingTable = '[data-island="data-table"]:not([data-island-live])';

/** Wakes every table island on the page that still waits for use and waits until all are live. */
export async function wakeTables(page: Page): Promise<void> {
  // In one step in the page: a table that wakes by itself meanwhile (a saved state does) is simply not
  // among them, where a locator found first would wait for it to match again.
  await page.evaluate((selector) => {
    for (const table of document.querySelectorAll(selector)) table.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
  }, waitingTable);
  await page.waitForFunction((selector) => document.querySelectorAll(selector).length === 0, waitingTable);
}

/** Opens a table screen, moves the pointer over its table and waits until the island is live. */
export async function openTable(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('[data-island="data-table"]').first().hover();
  await page.waitForSelector('[data-island="data-table"][data-island-live]', { state: 'attached' });
}

/**
 * Waits until every island on the page is mounted (hydrated or rendered), tables woken first as a person
 * would wake them: each container is marked live and the page's count of mounted roots agrees.
 */
export async function islandsLive(page: Page): Promise<void> {
  await wakeTables(page);
  await page.waitForFunction(() => {
    const all = document.querySelectorAll('[data-island]').length;
    return all > 0 && window.__islands.count() === all && document.querySelectorAll('[data-island-live]').length === all;
  });
}
