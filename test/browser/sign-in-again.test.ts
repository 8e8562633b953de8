// A session that ends under an open form, in real Chromium: the person signs out in another tab while an
// edit is open in this one. Save asks them to sign in again in a dialog over the page (focus in its password
// field, a wrong password said in words, axe-core clean, fitting at 1280 and 375 px); once they have, the
// change they typed is sent and stored, the page takes the new session's token and its hub connects again.
// Cancelled, the edit stays open with what was typed, and says to sign in. Signed out and in again in the
// other tab, Save goes through with the session's own token, with no question asked. Signed in as someone
// else, the page is loaded afresh as theirs.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { defaultMessages as m } from '../../server/messages.ts';
import { axeViolations } from '../support/axe.ts';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { openTable } from '../support/tables.ts';
import { assertFits, screenshot } from '../support/screen.ts';
import { DEMO_PASSWORD } from '../support/template-db.ts';

describe('signing in again over an open form', { skip: browserSkipReason() }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  const storeName = async (storeNumber: number): Promise<string> =>
    (await env.t.db.pool.query<{ name: string }>('select name from stores where store_number = $1', [storeNumber])).rows[0]!.name;

  /**
   * As manager, the edit dialog of a store on /stores with `typed` added to its name, not yet saved; then a
   * sign-out in another tab of the same browser ends the session and closes this tab's hub.
   */
  async function editThenSignOutElsewhere(storeNumber: number, typed: string, viewport = { width: 1280, height: 800 }) {
    const { page, context } = await env.newPage('manager', { viewport });
    const before = await storeName(storeNumber);
    await openTable(page, '/stores');
    await page.waitForSelector('html[data-hub="connected"]');
    await page.getByRole('checkbox', { name: `Select row ${storeNumber}`, exact: true }).check();
    await page.getByRole('toolbar').getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: /^Edit .+ in Stores$/ });
    await edit.getByRole('textbox', { name: 'Name', exact: true }).fill(`${before} ${typed}`);

    const other = await context.newPage();
    await other.goto('/');
    await other.getByRole('button', { name: m.signOut, exact: true }).click();
    await other.waitForURL(/\/login/);
    await other.close();
    await page.waitForSelector('html[data-hub="ended"]');
    return { page, context, before, edit, signIn: page.getByRole('dialog', { name: m.sessionEnded }) };
  }

  for (const [width, storeNumber] of [
    [1280, 1006],
    [375, 1007],
  ] as const)
    test(`at ${width} px: Save after the session ended signs in again over the edit, then stores the change`, async () => {
      const { page, context, before, edit, signIn } = await editThenSignOutElsewhere(storeNumber, 'Kept', { width, height: 800 });
      await edit.getByRole('button', { name: 'Save' }).click();
      await signIn.waitFor();
      const password = signIn.getByLabel(m.passwordLabel, { exact: true });
      assert.equal(await signIn.getByRole('textbox', { name: m.userNameLabel, exact: true }).inputValue(), 'manager');
      assert.ok(await password.evaluate((el) => el === document.activeElement), 'focus starts in the password field');
      assert.deepEqual(await axeViolations(page), []);
      await assertFits(page, 'the page with the sign-in dialog');
      const box = (await signIn.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= width, `the dialog spans ${box.x} to ${box.x + box.width} px`);
      await screenshot(page, `sign-in-again-${width}`);

      // A wrong password is said in words, and nothing is stored.
      await password.fill('not the password');
      await password.press('Enter');
      await signIn.getByRole('alert').filter({ hasText: m.signInFailed }).waitFor();
      assert.equal(await storeName(storeNumber), before);
      assert.ok(await password.evaluate((el) => el === document.activeElement && (el as HTMLInputElement).value === ''));

      // The right one: the change typed before is sent and stored, and the page goes on under the new session.
      await password.fill(DEMO_PASSWORD);
      await signIn.getByRole('button', { name: m.signIn, exact: true }).click();
      await page.locator('.dt-notice', { hasText: '1 Record(s) Updated Successfully' }).waitFor();
      await signIn.waitFor({ state: 'detached' });
      await edit.waitFor({ state: 'detached' });
      assert.equal(await storeName(storeNumber), `${before} Kept`);
      await page.waitForSelector('html[data-hub="connected"]');
      const token = await page.evaluate(() => document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content);
      assert.equal(await page.locator('form.signout input[name="_csrf"]').inputValue(), token);
      await context.close();
    });

  test('signed out and in again in another tab, Save reads the new session’s token and stores the change', async () => {
    const { page, context, before, edit, signIn } = await editThenSignOutElsewhere(1009, 'Again');
    const other = await context.newPage();
    await other.goto('/login');
    await other.getByLabel(m.userNameLabel, { exact: true }).fill('manager');
    await other.getByLabel(m.passwordLabel, { exact: true }).fill(DEMO_PASSWORD);
    await other.getByRole('button', { name: m.signIn, exact: true }).click();
    await other.waitForURL((url) => url.pathname === '/');
    await other.close();
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.locator('.dt-notice', { hasText: '1 Record(s) Updated Successfully' }).waitFor();
    assert.equal(await signIn.count(), 0);
    assert.equal(await storeName(1009), `${before} Again`);
    await page.waitForSelector('html[data-hub="connected"]');
    await context.close();
  });

  test('signed in as someone else, the page is loaded afresh as theirs, and the change is not sent', async () => {
    const { page, context, before, edit, signIn } = await editThenSignOutElsewhere(1010, 'Theirs');
    await edit.getByRole('button', { name: 'Save' }).click();
    await signIn.getByRole('textbox', { name: m.userNameLabel, exact: true }).fill('analyst');
    await signIn.getByLabel(m.passwordLabel, { exact: true }).fill(DEMO_PASSWORD);
    await Promise.all([page.waitForEvent('load'), signIn.getByRole('button', { name: m.signIn, exact: true }).click()]);
    assert.equal(await page.locator('meta[name="user-name"]').getAttribute('content'), 'analyst');
    assert.equal(await storeName(1010), before);
    await context.close();
  });

  test('cancelled, the edit stays open with what was typed and says to sign in; nothing is stored', async () => {
    const { page, context, before, edit, signIn } = await editThenSignOutElsewhere(1008, 'Typed');
    await edit.getByRole('button', { name: 'Save' }).click();
    await signIn.waitFor();
    await page.keyboard.press('Escape');
    await signIn.waitFor({ state: 'detached' });
    await edit.getByRole('alert').filter({ hasText: m.unauthenticated }).waitFor();
    assert.equal(await edit.getByRole('textbox', { name: 'Name', exact: true }).inputValue(), `${before} Typed`);
    assert.equal(await storeName(1008), before);
    await context.close();
  });
});
