// Table screens in the browser tests. A table's island hydrates when first used (islands/on-use.ts), as a
// person starts using it: these open a screen and reach for its table the way a person would, the pointer
// over it, then wait until the island is live.
import type { Page } from 'playwright-core';

const waitingTable = '[data-island="data-table"]:not([data-island-live])';

/** Wakes every table island on the page that still waits for use and waits until all are live. */
export async function wakeTables(page: Page): Promise<void> {
  for (const table of await page.locator(waitingTable).all()) await table.dispatchEvent('pointerover');
  await page.waitForFunction(() => document.querySelectorAll('[data-island="data-table"]:not([data-island-live])').length === 0);
}

/** Opens a table screen, moves the pointer over its table and waits until the island is live. */
export async function openTable(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('[data-island="data-table"]').first().hover();
  await page.waitForSelector('[data-island="data-table"][data-island-live]', { state: 'attached' });
}
