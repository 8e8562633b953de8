// Managing users and passwords as people do, in real Chromium: an administrator gives a user a role by
// keyboard in the Users table's edit dialog and sets another's temporary password; that user signs in with
// it and can go nowhere but the password form until they have chosen their own; a user changes their own
// password from the header, which signs out their other browser and keeps this one; the Audit log reads as
// words at 1280 and 375 px, and a store's detail page shows its history. axe-core on each screen.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { defaultMessages as m } from '../../server/messages.ts';
import { assertFits, screenshot } from '../support/screen.ts';
import { axeViolations } from '../support/axe.ts';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { DEMO_PASSWORD } from '../support/app.ts';
import { pageErrors } from '../support/navigation.ts';
import { openTable } from '../support/tables.ts';

const skip = browserSkipReason();

describe('users and passwords', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });
  const query = async <T>(text: string, params: unknown[] = []): Promise<T[]> => (await env.t.db.pool.query(text, params)).rows as T[];
  const rolesOf = async (name: string) =>
    (
      await query<{ roles: string[] }>(
        `select array(select r.code from user_roles ur join roles r using (role_id) where ur.user_id = u.user_id order by r.code) as roles
         from users u where user_name = $1`,
        [name],
      )
    )[0]!.roles;

  /** Opens the edit dialog of `user`'s row in the Users table, by keyboard. */
  async function editByKeyboard(page: Page, user: string): Promise<void> {
    await openTable(page, '/admin/users');
    await page.getByRole('checkbox', { name: `Select row ${user}`, exact: true }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('toolbar').getByRole('button', { name: 'Edit', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: /^Edit .+ in Users$/ }).waitFor();
  }

  test("an administrator gives a user a role by keyboard, in the Users table's edit dialog", async () => {
    const { page, context } = await env.newPage('admin');
    assert.deepEqual(await rolesOf('clerk'), ['stores']);
    await page.goto('/');
    assert.ok(await page.getByRole('banner').getByRole('link', { name: m.passwordChangeLink }).isVisible(), "the header's password link");
    await editByKeyboard(page, 'clerk');
    const dialog = page.getByRole('dialog', { name: /^Edit .+ in Users$/ });
    const roles = dialog.getByRole('group', { name: 'Roles' });
    const stores = roles.getByRole('checkbox', { name: 'Store operations' });
    await stores.waitFor();
    assert.equal(await stores.isChecked(), true, 'the dialog starts from the roles held');
    assert.equal(
      await dialog.getByRole('checkbox', { name: 'Super administrator' }).count(),
      1,
      'a super administrator is offered the flag',
    );
    assert.deepEqual(await axeViolations(page), []);
    await screenshot(page, 'users-edit-dialog-1280');
    const sales = roles.getByRole('checkbox', { name: 'Sales' });
    await sales.focus();
    await page.keyboard.press('Space');
    assert.equal(await sales.isChecked(), true);
    await dialog.getByRole('button', { name: 'Save' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.dt-notice', { hasText: '1 Record(s) Updated Successfully' }).waitFor();
    assert.deepEqual(await rolesOf('clerk'), ['sales', 'stores']);
    await context.close();
  });

  test('an administrator who is not super is not offered the super-administrator flag', async () => {
    const { page, context } = await env.newPage('manager');
    await editByKeyboard(page, 'trainee');
    const dialog = page.getByRole('dialog', { name: /^Edit .+ in Users$/ });
    await dialog.getByRole('group', { name: 'Instances' }).getByRole('checkbox').first().waitFor();
    assert.equal(await dialog.getByRole('checkbox', { name: 'Super administrator' }).count(), 0);
    await page.setViewportSize({ width: 375, height: 800 });
    assert.deepEqual(await axeViolations(page), []);
    await screenshot(page, 'users-edit-dialog-375');
    await context.close();
  });

  test('an administrator sets a temporary password; its holder signs in and must choose their own before anything else', async () => {
    const admin = await env.newPage('admin');
    await editByKeyboard(admin.page, 'trainee');
    const dialog = admin.page.getByRole('dialog', { name: /^Edit .+ in Users$/ });
    await dialog.getByRole('textbox', { name: 'Temporary password' }).fill('temporary pass');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await admin.page.locator('.dt-notice', { hasText: '1 Record(s) Updated Successfully' }).waitFor();
    await admin.context.close();

    const { page, context } = await env.newPage(null);
    const errors = pageErrors(page);
    await page.goto('/login');
    await page.fill('input[name=username]', 'trainee');
    await page.fill('input[name=password]', 'temporary pass');
    await Promise.all([page.waitForURL('**/account/password'), page.click('button[type=submit]')]);
    await page.getByRole('heading', { name: m.passwordChangeTitle }).waitFor();
    assert.ok((await page.textContent('body'))?.includes(m.passwordMustChangeIntro));
    await page.goto('/stores');
    assert.equal(new URL(page.url()).pathname, '/account/password', 'every page leads back to the form');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      assert.deepEqual(await axeViolations(page), [], `${width}`);
      await assertFits(page, `${width}`);
      await screenshot(page, `password-required-${width}`);
    }
    // The fields by name: their labels carry a "(required)" marker that screen readers skip and getByLabel reads.
    await page.locator('input[name=CurrentPassword]').fill('temporary pass');
    await page.locator('input[name=NewPassword]').fill('trainee own password');
    await page.locator('input[name=ConfirmPassword]').fill('trainee own password');
    await Promise.all([page.waitForURL((u) => u.pathname === '/'), page.getByRole('button', { name: m.passwordChangeSave }).click()]);
    assert.deepEqual(errors, [], 'the password page raises no error in the browser');
    await page.goto('/messages');
    assert.equal(new URL(page.url()).pathname, '/messages', 'the app opens, without signing in again');
    await context.close();
  });

  test('a user changes their own password from the header: a mismatch and a wrong current one are refused, other browsers are signed out', async () => {
    const elsewhere = await env.newPage('analyst');
    const { page, context } = await env.newPage('analyst');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    // On a phone the header has no room for it: it is the menu's last entry.
    await page.getByRole('button', { name: 'Menu' }).click();
    const link = page.getByRole('link', { name: m.passwordChangeLink });
    await link.waitFor();
    await screenshot(page, 'menu-375');
    await link.click();
    await page.getByRole('heading', { name: m.passwordChangeTitle }).waitFor();
    await page.locator('input[name=CurrentPassword]').fill(DEMO_PASSWORD);
    await page.locator('input[name=NewPassword]').fill('analyst new password');
    await page.locator('input[name=ConfirmPassword]').fill('something else');
    await page.getByRole('button', { name: m.passwordChangeSave }).click();
    await page.getByText('Values must equal', { exact: true }).waitFor();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      assert.deepEqual(await axeViolations(page), [], `${width}`);
      await assertFits(page, `${width}`);
      await screenshot(page, `password-change-${width}`);
    }

    await page.locator('input[name=CurrentPassword]').fill('not my password');
    await page.locator('input[name=ConfirmPassword]').fill('analyst new password');
    await page.getByRole('button', { name: m.passwordChangeSave }).click();
    await page.getByText(m.passwordCurrentWrong).waitFor();

    await page.locator('input[name=CurrentPassword]').fill(DEMO_PASSWORD);
    await page.locator('input[name=NewPassword]').fill('analyst new password');
    await page.locator('input[name=ConfirmPassword]').fill('analyst new password');
    await page.getByRole('button', { name: m.passwordChangeSave }).click();
    await page.getByText(m.passwordChanged).waitFor();
    await openTable(page, '/sales');
    assert.equal(new URL(page.url()).pathname, '/sales', 'this browser stays signed in');

    await elsewhere.page.goto('/sales');
    assert.equal(new URL(elsewhere.page.url()).pathname, '/login', 'the other browser is signed out');
    await elsewhere.context.close();
    await context.close();
  });

  test("a store's detail page shows its history in words, newest first, with a link listing more, at 1280 and 375 px", async () => {
    const { page, context } = await env.newPage('admin');
    const [store] = await query<{ store_id: number; version: number }>('select store_id, version from stores order by store_id limit 1');
    await page.goto('/');
    // Eleven edits through the table API, as the Stores table sends them.
    await page.evaluate(
      async ({ id, version }) => {
        const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
        for (let n = 0; n < 11; n += 1) {
          const res = await fetch('/api/stores', {
            method: 'PATCH',
            headers: { 'content-type': 'application/json', 'x-csrf-token': token },
            body: JSON.stringify({ StoreID: id, Version: version + n, City: `Edited ${n + 1}` }),
          });
          if (!res.ok) throw new Error(await res.text());
        }
      },
      { id: store!.store_id, version: store!.version },
    );
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/stores/${store!.store_id}`);
      const history = page.getByRole('region', { name: 'Recent changes' });
      assert.equal(await history.locator('tbody tr').count(), 10);
      assert.match((await history.locator('tbody tr').first().textContent()) ?? '', /City.*Edited 10.*Edited 11/s);
      assert.deepEqual(await axeViolations(page), [], `${width}`);
      await assertFits(page, `${width}`);
      await screenshot(page, `store-history-${width}`);
    }
    await page.getByRole('link', { name: 'Show more changes' }).click();
    await page.waitForURL((u) => u.search === '?changes=50');
    assert.equal(await page.getByRole('region', { name: 'Recent changes' }).locator('tbody tr').count(), 11);
    await context.close();
  });

  test('the Audit log reads as words, at 1280 and 375 px', async () => {
    const { page, context } = await env.newPage('admin');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await openTable(page, '/admin/audit');
      // The newest entry: the temporary password set above, and the roles before it.
      const changes = page.locator('.dt-table tbody tr').first().locator('td', { hasText: '→' });
      await changes.waitFor();
      const text = (await changes.textContent()) ?? '';
      await assertFits(page, `${width}`);
      assert.match(text, /: .+ → /, 'label: old → new');
      assert.doesNotMatch(text, /[{}]/, 'no JSON');
      const box = (await changes.boundingBox())!;
      assert.ok(box.x + box.width <= width, `the changes are on the screen at ${width} px, not scrolled out of it`);
      assert.deepEqual(await axeViolations(page), [], `${width}`);
      await screenshot(page, `audit-log-${width}`);
    }
    await context.close();
  });
});
