// A person groups Daily sales by state (issue 26, "Grouping at scale"), at 1280 and 375 px: one line per
// state with its row count (checked against the database), paged through the states with the pager; a
// state opened from the keyboard shows its rows a page at a time ("More rows", which keeps the focus); a second grouping column
// puts the state's stores inside it, each opening to its own rows, read again by Refresh; axe-core finds
// nothing throughout. With infinite scroll the groups load page after page, each once. Grouped by a time, each
// group opens with the value the server sent for it (issue 34).
// SCREENSHOTS_DIR=<dir> saves what the test sees at each width, for a person to look at.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { formatNumber } from '../../common/format.ts';
import { assertFits, screenshot } from '../support/screen.ts';
import { axeViolations } from '../support/axe.ts';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { openTable } from '../support/tables.ts';

const skip = browserSkipReason();

async function settings(page: Page, change: (dialog: ReturnType<Page['getByRole']>) => Promise<unknown>) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Table settings' });
  await dialog.waitFor();
  await change(dialog);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The group header rows shown at `depth`: label, whether open, and count. */
const groupRows = (page: Page, depth: 1 | 2) =>
  page.$$eval(`.dt-group-row.dt-group-depth-${depth}`, (rows) =>
    rows.map((tr) => ({
      label: tr.querySelector('.dt-group-toggle')!.textContent!.trim(),
      open: tr.querySelector('.dt-group-toggle')!.getAttribute('aria-expanded') === 'true',
      count: tr.querySelector('.dt-group-count')?.textContent?.trim() ?? '',
    })),
  );

/** The data rows shown (not group headers, nor the line under a group). */
const dataRows = (page: Page) => page.locator('.dt-table tbody tr:not(.dt-group-row):not(.dt-group-status):not(.dt-empty)');

describe('grouping Daily sales at scale', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });
  const sql = async <T>(text: string, params: unknown[] = []) => (await env.t.db.pool.query(text, params)).rows as T[];

  for (const width of [1280, 375])
    test(`at ${width} px: one line per state with its count, paged; a state opened by keyboard, its rows page by page; its stores inside it`, async () => {
      const { page, context } = await env.newPage('admin', { viewport: { width, height: 900 } });
      const states = await sql<{ code: string; n: number }>(
        `select s.state_code as code, count(*)::int as n from sales sa join stores s using (store_id) group by 1 order by 1`,
      );
      assert.ok(states.length > 25, 'more states than a page');
      await openTable(page, '/sales');
      await settings(page, (dialog) => dialog.getByLabel('Main grouping').selectOption({ label: 'State' }));
      await page.waitForSelector('.dt-group-row');

      // One line per state, closed, with its count over all of its rows; the info line counts groups.
      const first = await groupRows(page, 1);
      assert.deepEqual(
        first.map((g) => [g.label, g.count, g.open]),
        states.slice(0, 25).map((s) => [`State: ${s.code}`, `${formatNumber(s.n)} Record(s)`, false]),
      );
      assert.equal(await dataRows(page).count(), 0, 'no rows until a group is opened');
      assert.equal(await page.locator('.dt-info').textContent(), `Showing 1 to 25 of ${states.length} groups`);
      assert.deepEqual(await axeViolations(page), [], 'axe-core with the groups shown');
      await screenshot(page, `grouping-${width}-states`);

      // The pager pages through the states.
      await page.getByRole('button', { name: 'Page 2' }).click();
      await page.getByRole('button', { name: `State: ${states[25]!.code}` }).waitFor();
      assert.deepEqual(
        (await groupRows(page, 1)).map((g) => g.label),
        states.slice(25, 50).map((s) => `State: ${s.code}`),
      );
      await page.getByRole('button', { name: 'Page 1' }).click();

      // A state opened from the keyboard: its first page of rows, then the next under it.
      // The page's state with the most rows: more than two pages of them.
      const state = states.slice(0, 25).reduce((a, b) => (b.n > a.n ? b : a));
      assert.ok(state.n > 50, `${state.code} has more than two pages of rows`);
      const toggle = page.getByRole('button', { name: `State: ${state.code}` });
      await toggle.focus();
      await page.keyboard.press('Enter');
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      const more = page.getByRole('button', { name: `More rows (25 of ${formatNumber(state.n)} shown)` });
      await more.waitFor();
      assert.equal(await dataRows(page).count(), 25);
      assert.deepEqual(await axeViolations(page), [], 'axe-core with a group open');
      await screenshot(page, `grouping-${width}-open`);
      await more.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: `More rows (50 of ${formatNumber(state.n)} shown)` }).waitFor();
      assert.equal(await dataRows(page).count(), 50);
      // The focus stays on the button page after page; once the last page is in, it goes to the state's button.
      const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
      assert.match(await focused(), /^More rows/);
      while ((await dataRows(page).count()) < state.n) {
        const before = await dataRows(page).count();
        await page.keyboard.press('Enter');
        await page.waitForFunction(
          (n) => document.querySelectorAll('.dt-table tbody tr:not(.dt-group-row):not(.dt-group-status)').length > n,
          before,
        );
      }
      assert.equal(await page.locator('.dt-group-more').count(), 0, 'no more to read');
      await page.waitForFunction((label) => document.activeElement?.textContent === label, `State: ${state.code}`);
      // Closed again from the keyboard: its rows go.
      await toggle.focus();
      await page.keyboard.press('Space');
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      assert.equal(await dataRows(page).count(), 0);

      // Grouped by store within state: the state opens to its stores, each with its count; a store to its rows.
      await settings(page, (dialog) => dialog.getByLabel('Sub grouping').selectOption({ label: 'Store #' }));
      await toggle.waitFor();
      await toggle.focus();
      await page.keyboard.press('Enter');
      const stores = await sql<{ number: number; n: number }>(
        `select s.store_number as number, count(*)::int as n from sales sa join stores s using (store_id)
         where s.state_code = $1 group by 1 order by 1`,
        [state.code],
      );
      await page.waitForSelector('.dt-group-depth-2');
      assert.deepEqual(
        (await groupRows(page, 2)).map((g) => [g.label, g.count]),
        stores.slice(0, 25).map((s) => [`Store #: ${s.number}`, `${formatNumber(s.n)} Record(s)`]),
      );
      const store = page.getByRole('button', { name: `Store #: ${stores[0]!.number}` });
      await store.focus();
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.querySelectorAll('.dt-table tbody tr:not(.dt-group-row):not(.dt-group-status)').length > 0);
      assert.equal(await dataRows(page).count(), Math.min(25, stores[0]!.n));
      assert.deepEqual(await axeViolations(page), [], 'axe-core with sub groups open');
      // Refresh reads the open groups again: the store's rows stay, read afresh.
      const edited = await sql<{ sale_id: number }>(
        `update sales set transactions = 4321 where sale_id = (select sa.sale_id from sales sa join stores s using (store_id)
           where s.store_number = $1 and s.state_code = $2 order by sa.sale_date desc, sa.sale_id desc limit 1) returning sale_id`,
        [stores[0]!.number, state.code],
      );
      assert.equal(edited.length, 1);
      await page.getByRole('button', { name: 'Refresh', exact: true }).click();
      await page.locator('.dt-table tbody td', { hasText: '4,321' }).waitFor({ state: 'attached' });
      assert.equal(await dataRows(page).count(), Math.min(25, stores[0]!.n));
      assert.equal(await store.getAttribute('aria-expanded'), 'true');
      // Nothing is wider than the screen (the table scrolls in its own region).
      await assertFits(page);
      await screenshot(page, `grouping-${width}-sub`);
      await context.close();
    });

  test('with infinite scroll, the groups load page after page as the table nears its bottom, each once, in order', async () => {
    const { page, context } = await env.newPage('admin', { viewport: { width: 1280, height: 700 } });
    const states = await sql<{ code: string }>(
      `select distinct s.state_code as code from sales sa join stores s using (store_id) order by 1`,
    );
    await openTable(page, '/sales');
    await page.getByRole('combobox', { name: /Show/ }).selectOption('10');
    await settings(page, async (dialog) => {
      await dialog.getByLabel('Main grouping').selectOption({ label: 'State' });
      await dialog.getByLabel(/Infinite scroll/).check();
    });
    await page.waitForSelector('.dt-group-row');
    const region = page.locator('.dt-scroll');
    // Scrolled to the bottom until every state is in.
    await page.waitForFunction((total) => {
      const r = document.querySelector('.dt-scroll')!;
      r.scrollTop = r.scrollHeight;
      return document.querySelectorAll('.dt-group-row').length === total;
    }, states.length);
    assert.deepEqual(
      (await groupRows(page, 1)).map((g) => g.label),
      states.map((s) => `State: ${s.code}`),
    );
    assert.equal(await page.locator('.dt-info').textContent(), `Showing 1 to ${states.length} of ${states.length} groups`);
    // A group opened far down reads its rows there, a page (10) at a time.
    await region.evaluate((r) => r.scrollTo({ top: r.scrollHeight }));
    const last = page.getByRole('button', { name: `State: ${states.at(-1)!.code}` });
    await last.click();
    await page.getByRole('button', { name: /^More rows \(10 of / }).waitFor();
    assert.equal(await dataRows(page).count(), 10);
    await context.close();
  });

  test('grouped by a time (users by when they were created), each group the server sent opens to its own rows', async () => {
    const { page, context } = await env.newPage('admin', { viewport: { width: 1280, height: 900 } });
    const users = await sql<{ n: number }>(`select count(*)::int as n from users`);
    await openTable(page, '/admin/users');
    await settings(page, (dialog) => dialog.getByLabel('Main grouping').selectOption({ label: 'Created' }));
    await page.waitForSelector('.dt-group-row');
    const groups = await groupRows(page, 1);
    const counts = groups.map((g) => Number(g.count.replace(/\D/g, '')));
    assert.equal(
      counts.reduce((a, b) => a + b, 0),
      users[0]!.n,
      'every user is in a group',
    );
    // Each time opened reads its rows back from the server with the value it sent (issue 34: no refusal, no error).
    for (const [i, group] of groups.entries()) {
      const toggle = page.locator('.dt-group-row.dt-group-depth-1 .dt-group-toggle').nth(i);
      await toggle.click();
      await page.waitForFunction(
        (n) => document.querySelectorAll('.dt-table tbody tr:not(.dt-group-row):not(.dt-group-status):not(.dt-empty)').length === n,
        counts[i],
      );
      assert.equal(
        await page
          .locator('.dt-group-status')
          .filter({ hasText: /refused|not a time|went wrong/i })
          .count(),
        0,
        group.label,
      );
      await toggle.click();
      await page.waitForFunction(
        () => document.querySelectorAll('.dt-table tbody tr:not(.dt-group-row):not(.dt-group-status):not(.dt-empty)').length === 0,
      );
    }
    await context.close();
  });
});
