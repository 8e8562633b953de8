// Uncaught script errors and unhandled promise rejections reach IT from real Chromium (spec sections 1
// and 7): posted to /api/admin/user-error with Url, Page, ErrorThrown, StackTrace and Message, the same
// error once per page, at most a few per minute, from signed-in pages and from the sign-in page.
import { beforeEach, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { waitForTitle } from '../support/navigation.ts';
import { MAX_UNCAUGHT_PER_MINUTE } from '../../islands/nav/error-reporting.ts';

const skip = browserSkipReason();

/** Throws `message` outside any handler, as a script error would be (in a microtask: Playwright's clock
 * swallows what its fake timers throw). */
function throwUncaught(page: Page, message: string): Promise<void> {
  return page.evaluate(
    (m) =>
      queueMicrotask(() => {
        throw new Error(m);
      }),
    message,
  );
}

/** The reports this page posts: their messages in order as they are sent, and a wait for all of their answers
 * (a report still in flight when its test ends would be stored after the next test's clean-up). */
function recordReports(page: Page): { sent: string[]; answered(): Promise<void> } {
  const sent: string[] = [];
  const answers: Promise<unknown>[] = [];
  page.on('request', (r) => {
    if (!r.url().endsWith('/api/admin/user-error')) return;
    sent.push((JSON.parse(r.postData() ?? '{}') as { Message: string }).Message);
    answers.push(r.response());
  });
  return { sent, answered: async () => void (await Promise.all(answers)) };
}

function waitForReport(page: Page, text: string) {
  return page.waitForResponse((r) => r.url().endsWith('/api/admin/user-error') && (r.request().postData() ?? '').includes(text));
}

describe('client error reporting', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });
  beforeEach(async () => {
    await env.t.db.pool.query('delete from user_errors');
  });

  test('an uncaught error is stored with Url, Page, ErrorThrown, StackTrace and Message, and the user', async () => {
    const { page, context } = await env.newPage('analyst');
    await page.goto('/test/playground');
    const stored = waitForReport(page, 'first failure');
    await throwUncaught(page, 'first failure');
    assert.equal((await stored).status(), 201);
    const { rows } = await env.t.db.pool.query(
      `select e.page, e.url, e.error_thrown, e.message, e.stack_trace, e.app_version, u.user_name
       from user_errors e join users u using (user_id)`,
    );
    assert.equal(rows.length, 1);
    const row = rows[0];
    assert.equal(row.user_name, 'analyst');
    assert.equal(row.page, '/test/playground');
    assert.equal(row.error_thrown, 'Error');
    assert.equal(row.message, 'Uncaught Error: first failure');
    assert.match(row.stack_trace, /^Error: first failure\n\s+at /);
    assert.ok(row.url.length > 0);
    assert.equal(row.app_version, env.t.app.assets.version);
    await context.close();
  });

  test('the same error is sent once per page; a rejection is sent too; another page sends it again', async () => {
    const { page, context } = await env.newPage('analyst');
    await page.goto('/test/playground');
    const { sent, answered } = recordReports(page);
    await throwUncaught(page, 'repeated');
    await throwUncaught(page, 'repeated');
    await page.evaluate(() => void Promise.reject(new Error('nobody caught this')));
    // Reports go out in order: once the last one is sent, any repeat would have been sent before it.
    let last = waitForReport(page, 'last of the page');
    await throwUncaught(page, 'last of the page');
    await last;
    assert.deepEqual(sent, [
      'Uncaught Error: repeated',
      'Unhandled promise rejection: nobody caught this',
      'Uncaught Error: last of the page',
    ]);
    await page.click('#to-fast');
    await waitForTitle(page, 'Page 1');
    last = waitForReport(page, 'repeated');
    await throwUncaught(page, 'repeated');
    await last;
    assert.equal(sent.length, 4);
    await answered();
    const pages = await env.t.db.pool.query(`select page from user_errors where message = 'Uncaught Error: repeated' order by error_id`);
    assert.deepEqual(
      pages.rows.map((r) => r.page),
      ['/test/playground', '/test/page?n=1'],
    );
    await context.close();
  });

  test(`at most ${MAX_UNCAUGHT_PER_MINUTE} errors a minute are sent; the next minute sends again`, async () => {
    const { page, context } = await env.newPage('analyst');
    await page.clock.install();
    await page.goto('/test/playground');
    const { sent, answered } = recordReports(page);
    for (let i = 1; i <= MAX_UNCAUGHT_PER_MINUTE + 3; i++) await throwUncaught(page, `flood ${i}`);
    await page.clock.fastForward(61_000);
    const after = waitForReport(page, 'a minute later');
    await throwUncaught(page, 'a minute later');
    await after;
    assert.deepEqual(sent, [
      ...Array.from({ length: MAX_UNCAUGHT_PER_MINUTE }, (_, i) => `Uncaught Error: flood ${i + 1}`),
      'Uncaught Error: a minute later',
    ]);
    await answered();
    await context.close();
  });

  test('the sign-in page reports without a session', async () => {
    const { page, context } = await env.newPage(null);
    await page.goto('/login');
    const stored = waitForReport(page, 'before sign-in');
    await throwUncaught(page, 'before sign-in');
    assert.equal((await stored).status(), 201);
    const { rows } = await env.t.db.pool.query(`select user_id, page from user_errors`);
    assert.deepEqual(rows, [{ user_id: null, page: '/login' }]);
    await context.close();
  });
});
