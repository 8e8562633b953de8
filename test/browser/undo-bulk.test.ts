// Undo, the delete question's rows and the bulk edit (issue 39) in real Chromium, as a person goes: delete
// two stores and Undo (from the keyboard), edit one and Undo, edit three at once with one changed meanwhile
// by someone else; each at 1280 and 375 px, axe-core with the dialog open and with the notice's Undo shown,
// nothing wider than the screen, the database checked.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { axeViolations } from '../support/axe.ts';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { openTable } from '../support/tables.ts';
import { pageErrors } from '../support/navigation.ts';
import { assertFits, screenshot } from '../support/screen.ts';
import { UNDO_SECONDS } from '../../common/undo.ts';

const skip = browserSkipReason();

describe('undo and bulk edit', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  const query = async <T>(text: string, params: unknown[] = []): Promise<T[]> => (await env.t.db.pool.query(text, params)).rows as T[];

  /** Stores numbered `numbers` (first on the Stores screen, which sorts by number), named "<prefix> <number>". */
  async function addStores(numbers: number[], prefix: string): Promise<void> {
    await query(
      `insert into stores (store_number, name, city, state_id, group_id, open_date)
       select n, $2 || ' ' || n, 'Austin', (select state_id from states where code = 'TX'), (select group_id from groups where code = 'WE'), '2024-01-01'
       from unnest($1::int[]) n`,
      [numbers, prefix],
    );
  }
  const stored = async (n: number) =>
    (
      await query<{ store_id: number; city: string; is_active: boolean }>(
        'select store_id, city, is_active from stores where store_number = $1',
        [n],
      )
    )[0];

  const toolbarButton = (page: Page, name: string) => page.getByRole('toolbar').getByRole('button', { name, exact: true });
  const row = (page: Page, n: number) =>
    page.locator('.dt-table tbody tr', { has: page.getByRole('checkbox', { name: `Select row ${n}`, exact: true }) });
  const select = (page: Page, n: number) => page.getByRole('checkbox', { name: `Select row ${n}`, exact: true }).check();
  const notice = (page: Page, text: string) => page.locator('.dt-notice', { hasText: text });
  const undoButton = (page: Page) => page.locator('.data-table').getByRole('button', { name: 'Undo', exact: true });
  const marked = (page: Page, n: number, mark: string) => row(page, n).and(page.locator(`.dt-row-${mark}`));

  /** Axe finds nothing, and nothing is wider than the screen; the screen is kept for a person to look at. */
  async function looksRight(page: Page, name: string): Promise<void> {
    assert.deepEqual(await axeViolations(page), [], name);
    await assertFits(page, name);
    await screenshot(page, name);
  }

  for (const [i, width] of [1280, 375].entries()) {
    test(`at ${width} px: a delete names its rows, and Undo from the keyboard puts them back with their keys`, async () => {
      const numbers = [11 + 2 * i, 12 + 2 * i];
      await addStores(numbers, 'Undo delete');
      const keys = await Promise.all(numbers.map(async (n) => (await stored(n))!.store_id));
      const { page, context } = await env.newPage('admin', { viewport: { width, height: 800 } });
      const errors = pageErrors(page);
      await openTable(page, '/stores');
      for (const n of numbers) await select(page, n);
      await toolbarButton(page, 'Delete').click();
      const dialog = page.getByRole('dialog', { name: 'Delete from Stores' });
      await dialog.waitFor();
      assert.equal(await dialog.getByText('Are you sure you want to delete 2 record(s)?', { exact: true }).count(), 1);
      assert.deepEqual(await dialog.getByRole('listitem').allTextContents(), numbers.map(String), 'the rows named by their naming column');
      await looksRight(page, `undo-delete-dialog-${width}`);

      await dialog.getByRole('button', { name: 'Delete' }).click();
      await notice(page, '2 Record(s) Removed Successfully').waitFor();
      await undoButton(page).waitFor();
      assert.deepEqual(await query('select 1 from stores where store_number = any($1)', [numbers]), []);
      await looksRight(page, `undo-delete-notice-${width}`);

      // From the keyboard: Undo is the next stop after the Filters button above the notice; Enter uses it.
      await page.locator('.data-table').getByRole('button', { name: 'Filters' }).focus();
      await page.keyboard.press('Tab');
      assert.equal(await undoButton(page).evaluate((b) => b === document.activeElement), true, 'Undo is reached by Tab');
      await page.keyboard.press('Enter');
      await notice(page, '2 Record(s) Restored Successfully').waitFor();
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Add', 'focus stays in the table, on its first button');
      for (const n of numbers) await marked(page, n, 'inserted').waitFor();
      assert.deepEqual(await Promise.all(numbers.map(async (n) => (await stored(n))?.store_id)), keys, 'back with their keys');
      assert.equal(await undoButton(page).count(), 0, 'an undo is not undone again');
      await looksRight(page, `undo-delete-restored-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
    });

    test(`at ${width} px: an edit's notice offers Undo, which puts the row back as it was`, async () => {
      const n = 21 + i;
      await addStores([n], 'Undo edit');
      const { page, context } = await env.newPage('admin', { viewport: { width, height: 800 } });
      await openTable(page, '/stores');
      await select(page, n);
      await toolbarButton(page, 'Edit').click();
      const dialog = page.getByRole('dialog', { name: /^Edit .+ in Stores$/ });
      await dialog.getByRole('textbox', { name: 'City', exact: true }).fill('Edited City');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await notice(page, '1 Record(s) Updated Successfully').waitFor();
      assert.equal((await stored(n))!.city, 'Edited City');
      await undoButton(page).waitFor();
      await looksRight(page, `undo-edit-notice-${width}`);
      await undoButton(page).click();
      await notice(page, '1 Record(s) Restored Successfully').waitFor();
      assert.equal((await stored(n))!.city, 'Austin');
      await marked(page, n, 'updated').waitFor();
      // The City column shows on a wide screen (a phone hides it).
      if (width > 780) await row(page, n).getByText('Austin').first().waitFor();
      await context.close();
    });

    test(`at ${width} px: a bulk edit of three rows sets only the field ticked; one changed meanwhile fails alone`, async () => {
      const numbers = [31 + 3 * i, 32 + 3 * i, 33 + 3 * i];
      await addStores(numbers, 'Bulk');
      const { page, context } = await env.newPage('admin', { viewport: { width, height: 800 } });
      const errors = pageErrors(page);
      await page.clock.install();
      await openTable(page, '/stores');
      for (const n of numbers) await select(page, n);
      assert.equal(await toolbarButton(page, 'Edit').isEnabled(), true);
      await toolbarButton(page, 'Edit').click();
      const dialog = page.getByRole('dialog', { name: 'Edit 3 record(s) in Stores' });
      await dialog.waitFor();
      // No field is set until ticked; Save with none ticked says so.
      assert.equal(await dialog.getByRole('textbox').count(), 0);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByRole('alert').getByText('Tick at least one field to set.').waitFor();
      await dialog.getByRole('checkbox', { name: 'Set City', exact: true }).check();
      const city = dialog.getByRole('textbox', { name: 'City', exact: true });
      await city.fill('Bulkton');
      await looksRight(page, `bulk-edit-dialog-${width}`);

      // Someone else changes the middle store after the rows were read.
      await query(`update stores set name = 'Moved meanwhile', version = version + 1 where store_number = $1`, [numbers[1]]);
      // Time stands still from here: the notice's Undo goes when the test moves it on.
      await page.clock.pauseAt(Date.now() + 1000);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await notice(
        page,
        '2 Record(s) Updated Successfully. 1 Record(s) Failed to Update. Information NOT found!. Table Refreshed for changes',
      ).waitFor();
      await dialog.waitFor({ state: 'detached' });
      for (const n of [numbers[0]!, numbers[2]!]) {
        await marked(page, n, 'updated').waitFor();
        const now = await stored(n);
        assert.deepEqual([now!.city, now!.is_active], ['Bulkton', true], 'only the field ticked changed');
      }
      await marked(page, numbers[1]!, 'failed').waitFor();
      assert.equal((await stored(numbers[1]!))!.city, 'Austin');
      await undoButton(page).waitFor();
      await screenshot(page, `bulk-edit-outcome-${width}`);
      // Undo is offered for its time, no longer.
      await page.clock.runFor(UNDO_SECONDS * 1000 - 100);
      assert.equal(await undoButton(page).count(), 1);
      await page.clock.runFor(100);
      await undoButton(page).waitFor({ state: 'detached' });
      // axe-core times its work: with time flowing again (its checks with Undo shown are the tests above).
      await page.clock.resume();
      await looksRight(page, `bulk-edit-after-${width}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
