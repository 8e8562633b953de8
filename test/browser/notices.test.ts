// Toasts and the request-failure dialog in real Chromium (spec sections 4, 8 and 9): toasts of four kinds,
// 8 s, stacked, dismissable, announced; the dialog says in a sentence what happened, lists what failed under
// Details, with the server's id of the failed request for IT to find it in the log, and offers Send to IT (a
// toast either way; the report carries the request id; a report the server did not take is kept and sent once
// it answers), a disabled Create Service Ticket (saying why), Reload
// and Try again, and Cancel; the language file replaces texts.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { isSameDocument, markDocument, watchToasts } from '../support/navigation.ts';
import { defaultMessages as m } from '../../server/messages.ts';
import { testLanguage } from '../support/routes/test-pages.ts';

const skip = browserSkipReason();

describe('toasts and the error dialog', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  async function playground(clock = false) {
    const opened = await env.newPage('admin');
    if (clock) await opened.page.clock.install();
    await opened.page.goto('/test/playground');
    await markDocument(opened.page);
    return opened;
  }

  test('toasts of every kind stack, can be dismissed, are announced, and leave after 8 s', async () => {
    const { page, context } = await playground(true);
    const sinceToast = await watchToasts(page);
    await page.evaluate(() => {
      for (const kind of ['success', 'error', 'warning', 'info']) {
        document.dispatchEvent(new CustomEvent('toast', { detail: { kind, text: `${kind} notice` } }));
      }
    });
    const toasts = page.locator('#toasts .toast');
    assert.deepEqual(await toasts.allTextContents(), ['success notice×', 'error notice×', 'warning notice×', 'info notice×']);
    assert.deepEqual(await toasts.evaluateAll((els) => els.map((e) => e.getAttribute('role'))), ['status', 'alert', 'status', 'status']);
    assert.equal(await page.getAttribute('#toasts', 'aria-live'), 'polite');

    await toasts.nth(1).getByRole('button', { name: 'Dismiss' }).click();
    assert.deepEqual(await toasts.allTextContents(), ['success notice×', 'warning notice×', 'info notice×']);
    await page.clock.fastForward(8_000 - (await sinceToast()) - 300);
    assert.equal(await toasts.count(), 3, 'still shown at 7.7 s');
    await page.clock.fastForward(600);
    await toasts.first().waitFor({ state: 'detached' });
    assert.equal(await toasts.count(), 0);
    await context.close();
  });

  test('a failed page visit opens the dialog listing what failed, its request id too, and swaps nothing', async () => {
    const { page, context } = await playground();
    const [answer] = await Promise.all([page.waitForResponse('**/test/status/500'), page.click('#to-500')]);
    const requestId = await answer.headerValue('x-request-id');
    assert.match(requestId ?? '', /^[0-9a-f-]{36}$/);
    const dialog = page.locator('#error-dialog[open]');
    await dialog.waitFor();
    const facts = await dialog
      .locator('dl')
      .evaluate((dl) =>
        Object.fromEntries([...dl.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent])),
      );
    assert.deepEqual(facts, {
      Page: '/test/playground',
      Url: `${env.base}/test/status/500`,
      Error: 'Internal Server Error',
      Status: '500',
      Message: m.serverError,
      'Exception message': '',
      'Exception type': '',
      'Request ID': requestId,
    });
    const ticket = dialog.getByRole('button', { name: 'Create Service Ticket' });
    assert.equal(await ticket.isDisabled(), true);
    // Why it is disabled is said in visible text, which the button names as its description.
    const note = dialog.locator('.dialog-note');
    assert.ok(await note.isVisible());
    assert.match((await note.textContent())!, /service currently not available/);
    assert.equal(await ticket.getAttribute('aria-describedby'), await note.getAttribute('id'));
    assert.deepEqual(await dialog.locator('menu button').allTextContents(), [
      'Send to IT',
      'Create Service Ticket',
      'Reload and Try again',
      'Cancel',
    ]);
    assert.equal(await page.textContent('main#main h1'), 'Playground');

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.ok(await isSameDocument(page));
    await context.close();
  });

  test('the dialog leads with what happened and what to do, keeps the facts under Details, and fits its buttons on one row', async () => {
    const { page, context } = await playground();
    await page.click('#to-500');
    const dialog = page.locator('#error-dialog[open]');
    await dialog.waitFor();
    const lead = dialog.locator('.error-lead');
    assert.equal(await lead.textContent(), m.failureLeadServer);
    assert.equal(await dialog.getAttribute('aria-describedby'), await lead.getAttribute('id'), 'read out when the dialog opens');
    assert.equal(await dialog.locator('dl').isVisible(), false, 'the facts wait under Details');
    await dialog.getByText('Details', { exact: true }).click();
    assert.equal(await dialog.locator('dl').isVisible(), true);
    const tops = await dialog.locator('menu button').evaluateAll((bs) => bs.map((b) => Math.round(b.getBoundingClientRect().top)));
    assert.equal(tops.length, 4);
    assert.equal(new Set(tops).size, 1, `one row at 1280 px: ${tops}`);
    assert.equal(page.viewportSize()?.width, 1280);
    await context.close();
  });

  test('Send to IT stores the report with its request id, says "Sent to IT Department" and closes the dialog', async () => {
    await env.t.db.pool.query('delete from user_errors');
    const { page, context } = await playground();
    const [answer] = await Promise.all([page.waitForResponse('**/test/status/500'), page.click('#to-500')]);
    const dialog = page.locator('#error-dialog[open]');
    await dialog.getByRole('button', { name: 'Send to IT' }).click();
    await page.locator('#toasts .toast-success', { hasText: 'Sent to IT Department' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const rows = await env.t.db.pool.query(
      `select e.page, e.url, e.status, e.error_thrown, e.message, e.request_id, u.user_name from user_errors e join users u using (user_id)`,
    );
    assert.deepEqual(rows.rows, [
      {
        page: '/test/playground',
        url: `${env.base}/test/status/500`,
        status: 500,
        error_thrown: 'Internal Server Error',
        message: m.serverError,
        request_id: await answer.headerValue('x-request-id'),
        user_name: 'admin',
      },
    ]);
    await context.close();
  });

  test('when sending fails the dialog says "Unable to submit..." and stays; Reload and Try again loads the page afresh', async () => {
    const { page, context } = await playground();
    await page.route('**/api/admin/user-error', (route) => route.fulfill({ status: 503, body: '' }));
    await page.click('#to-500');
    const dialog = page.locator('#error-dialog[open]');
    await dialog.getByRole('button', { name: 'Send to IT' }).click();
    await page.locator('#toasts .toast-error', { hasText: 'Unable to submit...' }).waitFor();
    assert.equal(await dialog.count(), 1, 'the dialog stays open');
    assert.equal(await dialog.getByRole('button', { name: 'Send to IT' }).isEnabled(), true, 'and may be sent again');

    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Reload and Try again' }).click()]);
    assert.equal(await isSameDocument(page), false);
    assert.match(page.url(), /\/test\/status\/500$/);
    assert.equal(await page.textContent('main#main h1'), 'Error 500');
    await context.close();
  });

  test('a report the server did not take is kept in the tab and sent once the server answers, from the next page too', async () => {
    await env.t.db.pool.query('delete from user_errors');
    const { page, context } = await playground();
    // The server answers as it does while its database is down.
    await page.route('**/api/admin/user-error', (route) => route.fulfill({ status: 503, body: '' }));
    await page.click('#to-500');
    const dialog = page.locator('#error-dialog[open]');
    await dialog.getByRole('button', { name: 'Send to IT' }).click();
    await page.locator('#toasts .toast-error', { hasText: `${m.sendToITFailed} ${m.sendToITKept}` }).waitFor();
    assert.equal((await env.t.db.pool.query('select count(*)::int as n from user_errors')).rows[0].n, 0);

    await page.unroute('**/api/admin/user-error');
    const stored = page.waitForResponse((r) => r.url().endsWith('/api/admin/user-error') && r.status() === 201);
    await dialog.getByRole('button', { name: 'Reload and Try again' }).click();
    await stored;
    const rows = await env.t.db.pool.query(`select e.status, e.message, u.user_name from user_errors e join users u using (user_id)`);
    assert.deepEqual(rows.rows, [{ status: 500, message: m.serverError, user_name: 'admin' }]);
    assert.equal(await page.evaluate(() => sessionStorage.getItem('backroom.keptErrorReports')), null, 'nothing is kept once sent');
    await context.close();
  });
});

describe('the language file', { skip }, () => {
  const env = useBrowserEnv({ languageUrl: '/test/language.json' }, { blankPages: true });

  test('when a language URL is configured, its strings replace the default messages', async () => {
    const { page, context } = await env.newPage('admin');
    await page.goto('/test/playground');
    await page.waitForSelector('html[data-language="loaded"]', { state: 'attached' });
    await page.click('#to-403');
    await page.locator('#toasts .toast', { hasText: testLanguage.forbidden }).waitFor();
    assert.notEqual(testLanguage.forbidden, m.forbidden);
    await context.close();
  });
});
