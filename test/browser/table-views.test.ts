// Saved views (issue 39) in real Chromium, as a person goes, at 1280 and 375 px: the table changed, then kept
// as a view from the toolbar's Views (by the keyboard alone); the view chosen again, named in the address;
// its link opened in another browser by a colleague; renamed, replaced once the table changed, made the
// table's default (which opens the table in a browser that kept nothing), and deleted. axe-core finds nothing
// with the dialog open and after, nothing is wider than the screen, and the database holds what the screen
// says. Then a link to a view that cannot be opened: the table's own state, a notice, the address cleaned.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { axeViolations } from '../support/axe.ts';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { pageErrors } from '../support/navigation.ts';
import { assertFits, screenshot } from '../support/screen.ts';
import { openTable } from '../support/tables.ts';
import { subDays } from 'date-fns/subDays';
import { formatDate } from '../../common/format.ts';

const skip = browserSkipReason();

describe('saved views', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  const query = async <T>(text: string, params: unknown[] = []): Promise<T[]> => (await env.t.db.pool.query(text, params)).rows as T[];
  const viewsOf = (owner: string) =>
    query<{ view_id: number; name: string; shared: boolean; state: Record<string, unknown> }>(
      `select view_id, name, shared, state from table_views where owner_id = (select user_id from users where user_name = $1) order by view_id`,
      [owner],
    );

  /** A user of `group` with the clerk's role (stores), signing in with the demo password. */
  async function colleague(name: string, group: string): Promise<void> {
    await query(
      `insert into users (user_name, first_name, last_name, password_hash, group_id)
       select $1, 'Sam', 'Colleague', password_hash, (select group_id from groups where code = $2) from users where user_name = 'clerk'`,
      [name, group],
    );
    await query(
      `insert into user_roles (user_id, role_id) select u.user_id, r.role_id from users u, roles r where u.user_name = $1 and r.code = 'stores'`,
      [name],
    );
  }

  const viewsButton = (page: Page) => page.getByRole('toolbar').locator('.dt-action-views');
  const dialog = (page: Page) => page.getByRole('dialog', { name: 'Views of Stores' });
  const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search:' });
  const viewInAddress = (page: Page) => new URL(page.url()).searchParams.get('view');
  const notice = (page: Page, text: string) => page.locator('.dt-notice', { hasText: text });

  async function looksRight(page: Page, name: string): Promise<void> {
    assert.deepEqual(await axeViolations(page), [], name);
    await assertFits(page, name);
    await screenshot(page, name);
  }

  async function openViews(page: Page): Promise<void> {
    await viewsButton(page).click();
    await dialog(page).getByRole('heading', { name: 'Your views' }).waitFor();
  }

  for (const [i, width] of [1280, 375].entries()) {
    test(`at ${width} px: a view is saved, chosen, linked, renamed, replaced, made the default and deleted`, async () => {
      const owner = `viewer${i}`;
      const other = `viewmate${i}`;
      // Each width's people are a group of their own: the two tests run side by side.
      const group = ['WE', 'MW'][i]!;
      await colleague(owner, group);
      await colleague(other, group);
      const viewport = { width, height: 800 };
      const { page, context } = await env.newPage(owner, { viewport });
      const errors = pageErrors(page);
      await openTable(page, '/stores');
      assert.equal(await viewsButton(page).textContent(), 'Views');

      // The table as the person wants it: stores whose city has "Port", ten a page.
      await searchBox(page).fill('Port');
      await page.selectOption('.dt-length select', '10');
      await page.waitForFunction(() => document.querySelector('.dt-info')?.textContent?.includes('filtered'));

      // Kept as a view, from the keyboard alone: Views, then Tab to the name, Enter to save.
      await viewsButton(page).focus();
      await page.keyboard.press('Enter');
      await dialog(page).getByText('You have no saved views of this table yet.').waitFor();
      await looksRight(page, `views-empty-${width}`);
      const name = dialog(page).getByRole('textbox', { name: 'Name' });
      // An empty name is refused in place, before anything is sent.
      await dialog(page).getByRole('button', { name: 'Save view' }).click();
      await dialog(page).getByText('this field is required.').waitFor();
      assert.equal(await name.evaluate((el) => el === document.activeElement), true, 'focus on the field at fault');
      await page.keyboard.type('Port stores');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      assert.equal(await dialog(page).getByRole('checkbox', { name: 'Share with my group' }).isChecked(), true);
      await name.focus();
      await page.keyboard.press('Enter');
      await notice(page, 'View "Port stores" saved.').waitFor();
      await dialog(page).waitFor({ state: 'detached' });
      const [kept] = await viewsOf(owner);
      assert.deepEqual([kept!.name, kept!.shared, kept!.state.search, kept!.state.pageSize], ['Port stores', true, 'Port', 10]);
      assert.equal(await viewsButton(page).textContent(), 'View: Port stores');
      assert.equal(viewInAddress(page), String(kept!.view_id), 'the view is in the address');
      assert.equal(await viewsButton(page).evaluate((el) => el === document.activeElement), true, 'focus back on Views');
      await looksRight(page, `views-saved-${width}`);

      // Back to the table's own state, then the view chosen again.
      await openViews(page);
      await dialog(page).getByRole('button', { name: 'Show the table without a view' }).click();
      await notice(page, 'Showing the table without a view.').waitFor();
      // The search box is emptied as the table redraws, which may follow the notice (CI once read 'Port').
      await page.waitForFunction(() => document.querySelector<HTMLInputElement>('.dt-search input')?.value === '');
      assert.equal(await searchBox(page).inputValue(), '');
      assert.equal(viewInAddress(page), null);
      await openViews(page);
      await dialog(page).getByRole('button', { name: 'Port stores', exact: true }).click();
      await notice(page, 'Showing the view "Port stores".').waitFor();
      // The search box takes the view's text as the table redraws, which may follow the notice.
      await page.waitForFunction(() => document.querySelector<HTMLInputElement>('.dt-search input')?.value === 'Port');
      assert.equal(await searchBox(page).inputValue(), 'Port');
      assert.equal(await page.inputValue('.dt-length select'), '10');
      assert.equal(viewInAddress(page), String(kept!.view_id));

      // Its link, in a colleague's browser: the same view, their own table.
      const link = page.url();
      const mate = await env.newPage(other, { viewport });
      await mate.page.goto(link);
      await mate.page.waitForSelector('[data-island="data-table"][data-island-live]', { state: 'attached' });
      await mate.page.waitForFunction(() => document.querySelector('.dt-action-views')?.textContent === 'View: Port stores');
      // As above: the search box takes the view's text as the table redraws, which may follow the label.
      await mate.page.waitForFunction(() => document.querySelector<HTMLInputElement>('.dt-search input')?.value === 'Port');
      assert.equal(await searchBox(mate.page).inputValue(), 'Port');
      assert.equal(viewInAddress(mate.page), String(kept!.view_id));
      // Listed for the colleague, shared by its maker, and not theirs to change.
      await openViews(mate.page);
      const theirs = dialog(mate.page).getByRole('listitem').filter({ hasText: 'Port stores' });
      await theirs.getByText('shared by Sam Colleague').waitFor();
      assert.equal(await theirs.getByRole('button', { name: 'Rename Port stores' }).count(), 0);
      await looksRight(mate.page, `views-shared-${width}`);
      await mate.context.close();

      // Renamed in place.
      await openViews(page);
      const item = () => dialog(page).getByRole('listitem').first();
      await item().getByRole('button', { name: 'Rename Port stores' }).click();
      const rename = item().getByRole('textbox', { name: 'Name' });
      await rename.fill('Port cities');
      await looksRight(page, `views-rename-${width}`);
      await item().getByRole('button', { name: 'Save', exact: true }).click();
      await dialog(page).getByRole('status').getByText('View "Port stores" saved as "Port cities".').waitFor();
      assert.equal(
        await item()
          .getByRole('button', { name: 'Rename Port cities' })
          .evaluate((el) => el === document.activeElement),
        true,
      );
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'detached' });
      assert.equal(await viewsButton(page).textContent(), 'View: Port cities');

      // The table changed since: Views says so; Replace keeps the table as it is now.
      await page.selectOption('.dt-length select', '25');
      await page.waitForFunction(() => document.querySelector('.dt-action-views')?.textContent === 'View: Port cities (changed)');
      await openViews(page);
      await item().getByText('shown now, changed since').waitFor();
      await item().getByRole('button', { name: 'Replace Port cities with the table as it is now' }).click();
      await item().getByText('Replace "Port cities" with the table as it is now?').waitFor();
      await looksRight(page, `views-replace-${width}`);
      await item().getByRole('button', { name: 'Replace', exact: true }).click();
      await dialog(page).getByRole('status').getByText('View "Port cities" now keeps the table as it is.').waitFor();
      assert.equal((await viewsOf(owner))[0]!.state.pageSize, 25);

      // Made the table's default: a browser that kept nothing opens the table with it.
      await item().getByRole('button', { name: 'Open by default: Port cities' }).click();
      await dialog(page).getByRole('status').getByText('This table now opens with "Port cities".').waitFor();
      assert.equal(await item().getByRole('button', { name: 'Open by default: Port cities' }).getAttribute('aria-pressed'), 'true');
      await dialog(page).getByRole('button', { name: 'Close' }).click();
      assert.equal(await viewsButton(page).textContent(), 'View: Port cities');
      const fresh = await env.newPage(owner, { viewport });
      await fresh.page.goto('/stores');
      await fresh.page.waitForFunction(() => document.querySelector('.dt-action-views')?.textContent === 'View: Port cities');
      assert.equal(await searchBox(fresh.page).inputValue(), 'Port');
      assert.equal(viewInAddress(fresh.page), String(kept!.view_id));
      await fresh.context.close();

      // Deleted, after its question (Esc first takes the question back, not the dialog).
      await openViews(page);
      await item().getByRole('button', { name: 'Delete Port cities' }).click();
      await item().getByText('Delete the view "Port cities"? It is shared: it goes for everyone.').waitFor();
      assert.equal(
        await item()
          .getByRole('button', { name: 'Cancel' })
          .evaluate((el) => el === document.activeElement),
        true,
      );
      await page.keyboard.press('Escape');
      await item().getByRole('button', { name: 'Delete Port cities' }).waitFor();
      assert.equal(await dialog(page).isVisible(), true, 'the dialog stays');
      await item().getByRole('button', { name: 'Delete Port cities' }).click();
      await item().getByRole('button', { name: 'Delete', exact: true }).click();
      await dialog(page).getByRole('status').getByText('View "Port cities" deleted.').waitFor();
      await dialog(page).getByText('You have no saved views of this table yet.').waitFor();
      await looksRight(page, `views-deleted-${width}`);
      await page.keyboard.press('Escape');
      assert.equal(await viewsButton(page).textContent(), 'Views');
      assert.equal(viewInAddress(page), null);
      assert.deepEqual(await viewsOf(owner), []);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  test("a link to a view that cannot be opened shows the table's own state with a notice, and leaves the address", async () => {
    const { page, context } = await env.newPage('clerk', { viewport: { width: 375, height: 800 } });
    const errors = pageErrors(page);
    await page.goto('/stores?view=987654');
    await page
      .getByRole('status')
      .getByText('The view in this link does not exist any more, or is not shared with you: the table shows its own settings.')
      .waitFor();
    await page.waitForSelector('[data-island="data-table"][data-island-live]', { state: 'attached' });
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('view'));
    assert.equal(await viewsButton(page).textContent(), 'Views');
    await looksRight(page, 'views-missing-375');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a long name of one word is cut short on the toolbar of a phone, its whole name in the title', async () => {
    const name = 'Northeast'.repeat(6).slice(0, 60);
    const [{ view_id: id }] = (await query<{ view_id: number }>(
      `insert into table_views (table_name, owner_id, name, state) select 'stores', user_id, $1, '{"pageSize":50}' from users where user_name = 'clerk'
       returning view_id`,
      [name],
    )) as [{ view_id: number }];
    const { page, context } = await env.newPage('clerk', { viewport: { width: 375, height: 800 } });
    await page.goto(`/stores?view=${id}`);
    await page.waitForFunction(() => document.querySelector('.dt-action-views')?.textContent?.startsWith('View: Northeast'));
    assert.equal(await viewsButton(page).textContent(), `View: ${name.slice(0, 27)}…`);
    assert.equal(await viewsButton(page).getAttribute('title'), name);
    await looksRight(page, 'views-long-name-375');
    await context.close();
  });

  test('a view of "Last 7 days" saved last week opens with the last 7 days of today', async () => {
    const { page, context } = await env.newPage('manager', { viewport: { width: 1280, height: 900 } });
    await openTable(page, '/sales');
    await page.locator('.dt-filter-toggle').click();
    const column = page.getByLabel('Column', { exact: true });
    await column.selectOption({ label: 'Date' });
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    const week = (from: Date) => `${formatDate(subDays(from, 7))} to ${formatDate(subDays(from, 1))}`;
    const chip = page.locator('.dt-filter-chip > span');
    await chip.filter({ hasText: `Date: Last 7 days, ${week(new Date())}` }).waitFor();
    await viewsButton(page).click();
    await page.getByRole('dialog', { name: 'Views of Daily sales' }).getByRole('textbox', { name: 'Name' }).fill('Last week');
    await page.getByRole('button', { name: 'Save view' }).click();
    await notice(page, 'View "Last week" saved.').waitFor();
    const [kept] = await viewsOf('manager');
    assert.deepEqual(kept!.state.dayFilters, { SaleDate: 'last7Days' });

    // As if kept a week ago: its days are last week's.
    const weekAgo = subDays(new Date(), 7);
    await query(`update table_views set state = jsonb_set(state, '{filters,SaleDate}', to_jsonb($2::text)) where view_id = $1`, [
      kept!.view_id,
      `${formatDate(subDays(weekAgo, 7))}~${formatDate(subDays(weekAgo, 1))}`,
    ]);
    const again = await env.newPage('manager', { viewport: { width: 1280, height: 900 } });
    await again.page.goto(`/sales?view=${kept!.view_id}`);
    await again.page
      .locator('.dt-filter-chip > span')
      .filter({ hasText: `Date: Last 7 days, ${week(new Date())}` })
      .waitFor();
    assert.equal(await viewsButton(again.page).textContent(), 'View: Last week', 'unchanged since it opened');
    await again.context.close();
    await context.close();
  });

  test('a view deleted in another tab is no longer shown once the views are read', async () => {
    const [{ view_id: id }] = (await query<{ view_id: number }>(
      `insert into table_views (table_name, owner_id, name, state) select 'stores', user_id, 'Going', '{"pageSize":10}' from users where user_name = 'clerk'
       returning view_id`,
    )) as [{ view_id: number }];
    const { page, context } = await env.newPage('clerk', { viewport: { width: 1280, height: 800 } });
    await page.goto(`/stores?view=${id}`);
    await page.waitForFunction(() => document.querySelector('.dt-action-views')?.textContent === 'View: Going');
    await query('delete from table_views where view_id = $1', [id]);
    await openViews(page);
    await page.waitForFunction(() => document.querySelector('.dt-action-views')?.textContent === 'Views');
    assert.equal(await dialog(page).getByRole('button', { name: 'Going', exact: true }).count(), 0);
    assert.equal(await dialog(page).getByRole('button', { name: 'Show the table without a view' }).count(), 0);
    await page.waitForFunction(() => !new URL(location.href).searchParams.has('view'));
    await context.close();
  });
});
