// Partial navigation in real Chromium (spec section 2): links swap #main, update the title and push
// history; back and forward restore up to 20 pages from the cache without a reload; the loading indicator
// shows only after 1 s of waiting; the small-screen menu toggle keeps working across swaps.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { isSameDocument, markDocument, waitForTitle } from '../support/navigation.ts';

const skip = browserSkipReason();

describe('partial navigation', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  test('menu and in-page links swap the content area, update the title and push history; back and forward restore', async () => {
    const { page, context } = await env.newPage('admin');
    await page.goto('/test/page?n=0');
    await markDocument(page);
    const fullLoads: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && fullLoads.push(r.url()));

    await page.click('#next');
    await waitForTitle(page, 'Page 1');
    assert.match(page.url(), /\/test\/page\?n=1$/);
    assert.equal(await page.textContent('main#main h1'), 'Page 1');

    await page.click('#sidebar a[href="/states"]');
    await waitForTitle(page, 'States');
    assert.match(page.url(), /\/states$/);

    await page.goBack();
    await waitForTitle(page, 'Page 1');
    assert.equal(await page.textContent('main#main h1'), 'Page 1');
    await page.goForward();
    await waitForTitle(page, 'States');
    assert.equal(await page.textContent('main#main h1'), 'States');

    assert.ok(await isSameDocument(page), 'no full page load');
    assert.deepEqual(fullLoads, []);
    await context.close();
  });

  test('back and forward restore the 20 most recent pages from the cache; an older page is fetched again', async () => {
    const { page, context } = await env.newPage('admin');
    await page.goto('/test/page?n=0');
    await markDocument(page);
    for (let n = 1; n <= 21; n++) {
      await page.click('#next');
      await waitForTitle(page, `Page ${n}`);
    }
    const refetched: string[] = [];
    page.on('request', (r) => r.headers()['hx-history-restore-request'] === 'true' && refetched.push(new URL(r.url()).search));
    // The page being left is cached too, so pages 2-21 fill the 20 slots.
    for (let n = 20; n >= 2; n--) {
      await page.goBack();
      await waitForTitle(page, `Page ${n}`);
    }
    assert.deepEqual(refetched, [], 'pages 20 back to 2 come from the cache');
    const cached = await page.evaluate(() => JSON.parse(sessionStorage.getItem('htmx-history-index') ?? '[]').length);
    assert.equal(cached, 20);
    await page.goBack();
    await waitForTitle(page, 'Page 1');
    assert.deepEqual(refetched, ['?n=1'], 'page 1, the 21st, was dropped from the cache and fetched again');
    await page.goForward();
    await waitForTitle(page, 'Page 2');
    assert.deepEqual(refetched, ['?n=1']);
    assert.ok(await isSameDocument(page), 'no full page load');
    await context.close();
  });

  test('the loading indicator appears after 1 s of waiting, never for a fast swap', async () => {
    const { page, context } = await env.newPage('admin');
    await page.goto('/test/playground');
    // Records, in page time, when a request starts, when the indicator's delayed fade-in starts, and the swap.
    await page.evaluate(() => {
      const log: Array<[string, number]> = [];
      (window as unknown as { __log: typeof log }).__log = log;
      const loader = document.getElementById('loader')!;
      loader.addEventListener('transitionstart', (e) => {
        if (e.propertyName === 'opacity' && loader.classList.contains('htmx-request')) log.push(['shown', performance.now()]);
      });
      document.addEventListener('htmx:before:request', () => log.push(['request', performance.now()]));
      document.addEventListener('htmx:after:swap', () => log.push(['swapped', performance.now()]));
    });
    const log = () => page.evaluate(() => (window as unknown as { __log: Array<[string, number]> }).__log.splice(0));

    await page.click('#to-fast');
    await waitForTitle(page, 'Page 1');
    assert.deepEqual(
      (await log()).map(([e]) => e),
      ['request', 'swapped'],
    );

    await page.click('#to-playground');
    await waitForTitle(page, 'Playground');
    await log();
    await page.click('#to-slow');
    await waitForTitle(page, 'Slow page');
    const events = await log();
    assert.deepEqual(
      events.map(([e]) => e),
      ['request', 'shown', 'swapped'],
    );
    const waited = events[1]![1] - events[0]![1];
    assert.ok(waited >= 950, `the indicator started showing ${Math.round(waited)} ms after the request`);
    await context.close();
  });

  test('under 780 px the menu toggle keeps working after swaps and history restores', async () => {
    const { page, context } = await env.newPage('admin', { viewport: { width: 700, height: 800 } });
    await page.goto('/');
    const menuOpen = () => page.evaluate(() => document.getElementById('sidebar')!.getBoundingClientRect().left >= 0);
    const waitMenu = (open: boolean) =>
      page.waitForFunction((o) => document.getElementById('sidebar')!.getBoundingClientRect().left >= 0 === o, open);
    assert.equal(await menuOpen(), false);
    await page.click('#menu-toggle');
    await waitMenu(true);
    await page.click('#sidebar a[href="/states"]');
    await waitForTitle(page, 'States');
    await waitMenu(false);
    await page.click('#menu-toggle');
    await waitMenu(true);
    await page.click('#sidebar a[href="/cycles"]');
    await waitForTitle(page, 'Cycles');
    await page.goBack();
    await waitForTitle(page, 'States');
    await waitMenu(false);
    await page.click('#menu-toggle');
    await waitMenu(true);
    assert.equal(await page.getAttribute('#menu-toggle', 'aria-expanded'), 'true');
    await context.close();
  });
});
