// data-load and popup links in real Chromium (spec section 2): a data-load link fills its target and the
// target shakes instead of reloading when it already shows content or that URL (and, for another link's URL,
// says to close it first, on a desk and on a phone); data-popup-page opens the
// page (or a named part) in an overlay that closes by button, Esc or a click outside, and says so when
// the page cannot be loaded; data-popup-embed opens the link in an iframe overlay.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { isSameDocument, markDocument } from '../support/navigation.ts';
import { defaultMessages as m } from '../../server/messages.ts';
import { defaultMessages as shown } from '../../common/messages.ts';

const skip = browserSkipReason();

describe('data-load and popup links', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  async function playground() {
    const opened = await env.newPage('admin');
    await opened.page.goto('/test/playground');
    await markDocument(opened.page);
    return opened;
  }

  /** Counts the page's requests for test pages, to prove a click loaded nothing. */
  function countLoads(page: Page): () => number {
    let n = 0;
    page.on('request', (r) => new URL(r.url()).pathname.startsWith('/test/page') && n++);
    return () => n;
  }

  /** Resolves when `selector` next starts its shake animation. */
  function nextShake(page: Page, selector: string): Promise<unknown> {
    return page.evaluate(
      (s) => new Promise<void>((resolve) => document.querySelector(s)!.addEventListener('animationstart', () => resolve(), { once: true })),
      selector,
    );
  }

  test('a data-load link loads its page into the target, without navigating', async () => {
    const { page, context } = await playground();
    const historyLength = await page.evaluate(() => history.length);
    assert.equal(await page.isVisible('#panel'), false);
    await page.click('#load-1');
    await page.locator('#panel', { hasText: 'Test page 1.' }).waitFor();
    assert.ok(await page.isVisible('#panel'));
    assert.equal(await page.locator('#panel h1').textContent(), 'Page 1');
    assert.equal(await page.locator('#panel main').count(), 0, 'only the content, not its container');
    assert.equal(await page.title(), 'Playground · Backroom', 'the title stays');
    assert.match(page.url(), /\/test\/playground$/);
    assert.equal(await page.evaluate(() => history.length), historyLength, 'nothing pushed');
    assert.ok(await isSameDocument(page));
    await context.close();
  });

  test('the target shakes and is not reloaded when it already shows content or the same URL', async () => {
    const { page, context } = await playground();
    const loads = countLoads(page);
    await page.click('#load-1');
    await page.locator('#panel', { hasText: 'Test page 1.' }).waitFor();
    assert.equal(loads(), 1);

    let shook = nextShake(page, '#panel');
    await page.click('#load-1');
    await shook;
    shook = nextShake(page, '#panel');
    await page.click('#load-2');
    await shook;
    assert.match((await page.textContent('#panel')) ?? '', /Test page 1\./, 'still the first page');
    assert.equal(loads(), 1, 'visible target: nothing loaded');

    // The close button's code comes with the first data-load click (links.ts imports it): it hides the panel
    // once that import has settled, a moment after the click.
    await page.click('#close-panel');
    await page.locator('#panel').waitFor({ state: 'hidden' });
    shook = nextShake(page, '#panel');
    await page.click('#load-1');
    await shook;
    assert.ok(await page.isVisible('#panel'), 'the same URL is shown again');
    assert.equal(loads(), 1, 'same URL: nothing loaded');

    await page.click('#close-panel');
    await page.click('#load-2');
    await page.locator('#panel', { hasText: 'Test page 2.' }).waitFor();
    assert.equal(loads(), 2, 'a hidden target takes another URL');
    await context.close();
  });

  for (const width of [1280, 375]) {
    test(`at ${width} px, another link shakes the panel showing content and the panel says to close it first`, async () => {
      const { page, context } = await env.newPage('admin', { viewport: { width, height: 800 } });
      await page.goto('/test/playground');
      const busy = page.locator('#panel .load-panel-busy');
      await page.click('#load-1');
      await page.locator('#panel', { hasText: 'Test page 1.' }).waitFor();
      assert.equal(await busy.count(), 0, 'nothing to say while nothing was refused');

      const shook = nextShake(page, '#panel');
      await page.click('#load-2');
      await shook;
      await page.locator('#panel .load-panel-busy', { hasText: shown.loadPanelBusy }).waitFor();
      assert.equal(await busy.getAttribute('role'), 'status');
      assert.match((await page.textContent('#panel')) ?? '', /Test page 1\./, 'still the first page');
      const box = (await busy.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= width, 'the note is on the screen');
      // Said once, however often the person tries.
      await page.click('#load-2');
      assert.equal(await busy.count(), 1);

      await page.click('#close-panel');
      await page.click('#load-2');
      await page.locator('#panel', { hasText: 'Test page 2.' }).waitFor();
      assert.equal(await busy.count(), 0, 'a new load says nothing of the old refusal');
      await context.close();
    });
  }

  test('a data-load of a forbidden page shows the 403 notice and leaves the target alone', async () => {
    const { page, context } = await playground();
    await page.click('#load-403');
    await page.locator('#toasts .toast', { hasText: m.forbidden }).waitFor();
    assert.equal(await page.isVisible('#panel'), false);
    assert.equal((await page.textContent('#panel'))?.trim(), '');
    await context.close();
  });

  test('a popup page opens in an overlay and closes with Esc, its button or a click outside', async () => {
    const { page, context } = await playground();
    await page.click('#popup-page');
    const popup = page.locator('dialog.popup[open]');
    await popup.locator('text=Test page 3.').waitFor();
    assert.equal(await popup.locator('h1').textContent(), 'Page 3');
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });

    await page.click('#popup-page');
    await popup.locator('text=Test page 3.').waitFor();
    await popup.locator('.popup-close').click();
    await popup.waitFor({ state: 'detached' });

    await page.click('#popup-page');
    await popup.locator('text=Test page 3.').waitFor();
    await page.mouse.click(5, 5);
    await popup.waitFor({ state: 'detached' });
    assert.match(page.url(), /\/test\/playground$/);
    assert.ok(await isSameDocument(page));
    await context.close();
  });

  test('a popup can show only a named part of the page', async () => {
    const { page, context } = await playground();
    await page.click('#popup-part');
    const body = page.locator('dialog.popup[open] .popup-body');
    await body.locator('text=Part of page 4.').waitFor();
    assert.equal(await body.locator('h1').count(), 0);
    assert.doesNotMatch((await body.textContent()) ?? '', /Test page 4\./);
    await context.close();
  });

  test('a popup that cannot load its page says "Failed to load the url."', async () => {
    const { page, context } = await playground();
    await page.click('#popup-broken');
    const failed = page.locator('dialog.popup[open] [role=alert]');
    await failed.waitFor();
    assert.equal(await failed.textContent(), m.popupFailed);
    assert.equal(m.popupFailed, 'Failed to load the url.');
    await context.close();
  });

  test('a popup-embed link opens the page as an embedded document in an overlay', async () => {
    const { page, context } = await playground();
    await page.click('#popup-embed');
    const frame = page.locator('dialog.popup[open] iframe');
    await frame.waitFor();
    assert.match((await frame.getAttribute('src')) ?? '', /\/test\/page\?n=5$/);
    await page.frameLocator('dialog.popup[open] iframe').locator('text=Test page 5.').waitFor();
    await page.keyboard.press('Escape');
    await frame.waitFor({ state: 'detached' });
    await context.close();
  });
});
