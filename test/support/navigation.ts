// Helpers for browser tests of partial navigation: tell a swap from a full page load, and wait for a page.
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    __sameDocument?: boolean;
  }
}

/** Marks the current document; a full page load replaces it and loses the mark. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => (window.__sameDocument = true));
}

export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => window.__sameDocument === true);
}

/** Waits until the document title starts with `prefix` (our titles end in " · Backroom"). */
export async function waitForTitle(page: Page, prefix: string): Promise<void> {
  await page.waitForFunction((p) => document.title.startsWith(`${p} · `), prefix);
}

/**
 * Starts noting, in page time, when the last toast appeared; returns how long ago that was. With the page
 * on Playwright's clock, a test can then jump to just before (or after) a toast's end, whatever time its
 * own steps took.
 */
export async function watchToasts(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { __toastAt: number };
    new MutationObserver((records) => {
      if (records.some((r) => r.addedNodes.length > 0)) w.__toastAt = performance.now();
    }).observe(document.getElementById('toasts')!, { childList: true });
  });
  return () => page.evaluate(() => performance.now() - (window as unknown as { __toastAt: number }).__toastAt);
}

/** Collects the page's script errors and console errors from now on. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return errors;
}
