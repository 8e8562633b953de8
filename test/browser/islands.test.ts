// React islands in real Chromium: the demo island mounts (hydrating the server's markup) after the first
// load, every swap and every history restore, and is unmounted when a swap removes it, so 50 swaps and
// a walk back and forward through history leave exactly as many roots as there are islands on the page.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { isSameDocument, markDocument, pageErrors, waitForTitle } from '../support/navigation.ts';

const skip = browserSkipReason();

/** Waits until every island container on the page has a root and no other root is left mounted. */
async function rootsMatchIslands(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const containers = document.querySelectorAll('[data-island]');
      const live = document.querySelectorAll('[data-island][data-island-live]');
      return window.__islands.count() === containers.length && live.length === containers.length && containers.length;
    },
    undefined,
    { polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

/** Clicks the island's button and expects its count to go up by one: proof the island is live. */
async function clickCounter(page: Page): Promise<void> {
  const output = page.locator('[data-island="demo-counter"] output');
  const before = Number(await output.textContent());
  await page.click('[data-island="demo-counter"] button');
  await page.waitForFunction((n) => document.querySelector('[data-island="demo-counter"] output')?.textContent === String(n), before + 1);
}

describe('React islands', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  test('the server-rendered island hydrates on first load without errors', async () => {
    const { page, context } = await env.newPage('admin');
    const errors = pageErrors(page);
    await page.goto('/test/island');
    assert.equal(await page.textContent('[data-island="demo-counter"] output'), '3', 'server markup before any script');
    assert.equal(await rootsMatchIslands(page), 1);
    await clickCounter(page);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('pages without islands do not load React', async () => {
    // A fresh browser cache with the session cookie: signing in lands on the dashboard, which has islands.
    const signedIn = await env.newPage('admin');
    const context = await env.browser.newContext({ baseURL: env.base, storageState: await signedIn.context.storageState() });
    await signedIn.context.close();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    await page.goto('/test/page?n=1');
    await page.waitForLoadState('networkidle');
    assert.ok(!scripts.some((s) => s.includes('react-root')), scripts.join(', '));
    await page.click('#to-island');
    await rootsMatchIslands(page);
    assert.ok(
      scripts.some((s) => s.includes('react-root')),
      'React arrives with the first island',
    );
    await context.close();
  });

  test('no roots leak over 50 swaps and a walk back and forward; islands stay live after restores', async () => {
    const { page, context } = await env.newPage('admin');
    const errors = pageErrors(page);
    await page.goto('/test/page?n=0');
    await markDocument(page);
    for (let swap = 1; swap <= 50; swap += 2) {
      await page.click('#to-island');
      await waitForTitle(page, 'Island page');
      assert.equal(await rootsMatchIslands(page), 1, `island mounted after swap ${swap}`);
      await page.click('#next');
      await waitForTitle(page, 'Page 0');
      await page.waitForFunction(() => window.__islands.count() === 0);
    }
    await page.click('#to-island');
    await waitForTitle(page, 'Island page');
    await clickCounter(page);

    // Walk back through the cached pages and forward again: the history alternates island page and page 0.
    const walk = async (direction: 'back' | 'forward') => {
      for (let step = 1; step <= 12; step++) {
        await (direction === 'back' ? page.goBack() : page.goForward());
        const island = step % 2 === 0;
        await waitForTitle(page, island ? 'Island page' : 'Page 0');
        if (island) {
          assert.equal(await rootsMatchIslands(page), 1, `${direction} step ${step}`);
          await clickCounter(page);
        } else {
          await page.waitForFunction(() => window.__islands.count() === 0);
        }
      }
    };
    await walk('back');
    await walk('forward');
    assert.ok(await isSameDocument(page), 'all of it without a full page load');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('an island in a popup mounts, and unmounts when the popup closes', async () => {
    const { page, context } = await env.newPage('admin');
    await page.goto('/test/playground');
    await page.click('#popup-island');
    await page.locator('dialog.popup[open] [data-island] output').waitFor();
    assert.equal(await rootsMatchIslands(page), 1);
    await clickCounter(page);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => window.__islands.count() === 0);
    await context.close();
  });
});
