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

/**
 * Saves the whole page as `<SCREENSHOTS_DIR>/<name>.png` when SCREENSHOTS_DIR is set. It is taken from the
 * top of the page, as a person arriving sees it, and the scroll put back after: a full-page shot of a
 * scrolled page draws the sticky top bar and overlays where the window was, leaving a false band above them.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const scrolled = await page.evaluate(() => {
    const at = window.scrollY;
    window.scrollTo(0, 0);
    return at;
  });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
  await page.evaluate((at) => window.scrollTo(0, at), scrolled);
}
