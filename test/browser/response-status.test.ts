// What a page visit's answer does in real Chromium (spec sections 2, 6 and 8): a new app version, 400 and
// 401 reload the whole page; 403 shows the notice for 10 s and swaps nothing; no answer within 10 s opens
// the error dialog. Timers run on Playwright's clock, so the 10 s are jumped over, not waited for.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { forgetSessionUsers } from '../../server/users/session-users.ts';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { isSameDocument, markDocument, waitForTitle, watchToasts } from '../support/navigation.ts';
import { defaultMessages as m } from '../../server/messages.ts';

const skip = browserSkipReason();

describe('answers to page visits', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  async function playground(user = 'admin', clock = false) {
    const opened = await env.newPage(user);
    if (clock) await opened.page.clock.install();
    await opened.page.goto('/test/playground');
    await markDocument(opened.page);
    return opened;
  }

  test('an answer from a newer app version reloads the whole page at the new address', async () => {
    const { page, context } = await playground();
    await Promise.all([page.waitForEvent('load'), page.click('#to-new-release')]);
    await waitForTitle(page, 'New release');
    assert.equal(await isSameDocument(page), false, 'the page was loaded afresh');
    assert.match(page.url(), /\/test\/new-release$/);
    await context.close();
  });

  test('a 400 answer reloads the whole page, which then shows the error', async () => {
    const { page, context } = await playground();
    await Promise.all([page.waitForEvent('load'), page.click('#to-400')]);
    assert.equal(await isSameDocument(page), false);
    assert.match(page.url(), /\/test\/status\/400$/);
    assert.equal(await page.textContent('main#main h1'), 'Error 400');
    await context.close();
  });

  test('a 401 answer (the session ended) reloads the whole page, which lands on sign-in', async () => {
    const { page, context } = await playground();
    await env.t.db.pool.query('delete from sessions');
    // Ended outside the app, which the kept session's user does not hear of (server/users/session-users.ts).
    forgetSessionUsers(env.t.db.pool);
    await Promise.all([page.waitForURL('**/login?next=*'), page.click('#to-401')]);
    assert.equal(await isSameDocument(page), false);
    assert.equal(new URL(page.url()).searchParams.get('next'), '/test/page?n=401');
    await context.close();
  });

  test('a 403 answer shows the notice for 10 s and swaps nothing', async () => {
    const { page, context } = await playground('admin', true);
    const sinceToast = await watchToasts(page);
    await page.click('#to-403');
    const notice = page.locator('#toasts .toast', { hasText: m.forbidden });
    await notice.waitFor();
    assert.equal(await page.textContent('main#main h1'), 'Playground');
    assert.match(page.url(), /\/test\/playground$/);
    assert.ok(await isSameDocument(page));
    await page.clock.fastForward(10_000 - (await sinceToast()) - 300);
    assert.equal(await notice.count(), 1, 'still shown at 9.7 s');
    await page.clock.fastForward(1_100);
    await notice.waitFor({ state: 'detached' });
    await context.close();
  });

  test('a visit with no answer times out after 10 s and opens the error dialog', async () => {
    const { page, context } = await playground('admin', true);
    await page.evaluate(() =>
      document.addEventListener('htmx:before:request', () => ((window as unknown as { __sentAt: number }).__sentAt = performance.now())),
    );
    await page.click('#to-stuck');
    await page.waitForSelector('#loader.htmx-request', { state: 'attached' });
    const waited = await page.evaluate(() => performance.now() - (window as unknown as { __sentAt: number }).__sentAt);
    await page.clock.fastForward(10_000 - waited - 300);
    assert.equal(await page.locator('#error-dialog').count(), 0, 'no dialog at 9.7 s');
    await page.clock.fastForward(600);
    const dialog = page.locator('#error-dialog[open]');
    await dialog.waitFor();
    const text = await dialog.textContent();
    assert.match(text!, /Errortimeout/);
    assert.match(text!, /Status0/);
    assert.match(text!, /The server did not answer within 10 seconds\./);
    assert.match(text!, /\/test\/slow\?ms=15000/);
    assert.equal(await page.textContent('main#main h1'), 'Playground', 'nothing swapped');
    assert.ok(await isSameDocument(page));
    await context.close();
  });

  test('a missing page (404) is shown in the content area like any page', async () => {
    const { page, context } = await playground();
    await page.click('#to-404');
    await waitForTitle(page, 'Error 404');
    assert.match((await page.textContent('main#main')) ?? '', /This page does not exist\./);
    assert.ok(await isSameDocument(page));
    await context.close();
  });
});
