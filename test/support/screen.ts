// What browser tests check of a screen at a width, and keep for a person to look at: nothing wider than the
// screen, and a screenshot when SCREENSHOTS_DIR names a folder (none otherwise).
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Fails when the page is wider than the screen (it would scroll sideways). */
export async function assertFits(page: Page, what = 'the page'): Promise<void> {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(wide <= 0, `${what} is ${wide} px wider than the screen`);
}

/** Saves the page as `<SCREENSHOTS_DIR>/<name>.png` when SCREENSHOTS_DIR is set. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}
