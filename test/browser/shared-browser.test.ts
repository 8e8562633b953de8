// A browser shared by several staff (an office PC) shows nothing of one user to the next: the admin opens
// Users and Stores and signs out; the clerk signs in on the same tab, opens Stores and presses Back three
// times, through the admin's pages: none of the admin's pages (their welcome, the users' names and emails,
// the stores of other regions) is ever shown from the history cache, and no store of the admin's is left.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { DEMO_PASSWORD } from '../support/app.ts';
import { waitForTitle } from '../support/navigation.ts';

const skip = browserSkipReason();

declare global {
  interface Window {
    backSettled?: boolean;
  }
}

/** Back one page, settled: restored from the cache or fetched and swapped in, or loaded as a new document. */
async function back(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.backSettled = false;
    const settled = () => {
      window.backSettled = true;
    };
    for (const name of ['htmx:history:cache:after:restore', 'htmx:after:settle']) document.addEventListener(name, settled, { once: true });
  });
  await page.goBack();
  // A new document has no flag: its load is the settling.
  await page.waitForFunction(() => window.backSettled !== false && document.readyState === 'complete');
}

describe('a browser shared by two users', { skip }, () => {
  const env = useBrowserEnv();

  test("Back after another user's sign-in never shows the earlier user's pages", async () => {
    const pool = env.t.db.pool;
    const others = (await pool.query<{ email: string }>(`select email from users where user_name <> 'clerk' and email <> ''`)).rows;
    const outsideWest = (
      await pool.query<{ name: string }>(
        `select s.name from stores s join groups g using (group_id) where g.code <> 'WE' and not exists
         (select 1 from stores w join groups wg using (group_id) where wg.code = 'WE' and w.name = s.name) order by s.store_id limit 5`,
      )
    ).rows.map((r) => r.name);
    const { page, context } = await env.newPage('admin');
    assert.match((await page.textContent('main#main')) ?? '', /Welcome, Avery/);
    await page.click('#sidebar a[href="/admin/users"]');
    await waitForTitle(page, 'Users');
    await page.locator('main#main table tbody tr').first().waitFor();
    const listed = (await page.textContent('main#main')) ?? '';
    assert.ok(
      others.some((u) => listed.includes(u.email)),
      "the admin's Users page lists emails",
    );
    await page.click('#sidebar a[href="/stores"]');
    await waitForTitle(page, 'Stores');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');

    await page.fill('input[name=username]', 'clerk');
    await page.fill('input[name=password]', DEMO_PASSWORD);
    await Promise.all([page.waitForURL((u) => !u.pathname.startsWith('/login')), page.click('button[type=submit]')]);
    await page.click('#sidebar a[href="/stores"]');
    await waitForTitle(page, 'Stores');

    for (let n = 1; n <= 3; n++) {
      await back(page);
      const shown = (await page.textContent('body')) ?? '';
      const where = `after Back ${n} (${page.url()})`;
      assert.doesNotMatch(shown, /Welcome, Avery/, where);
      for (const u of others) assert.ok(!shown.includes(u.email), `${u.email} shown ${where}`);
      for (const name of outsideWest) assert.ok(!shown.includes(name), `${name} shown ${where}`);
      const cached = await page.evaluate(() =>
        Object.keys(sessionStorage)
          .filter((k) => k.startsWith('htmx-history-') && k !== 'htmx-history-index')
          .map((k) => sessionStorage.getItem(k) ?? ''),
      );
      assert.ok(!cached.some((entry) => entry.includes('Welcome, Avery')), `the admin's dashboard is not kept ${where}`);
    }
    await context.close();
  });
});
