// Keyboard shortcuts on table screens (issue 39) in real Chromium at 1280 and 375 px: `/` to the search box
// (on a screen whose table still waits for use, too), `n` Add, `e` Edit the selection, Delete the selection,
// `?` the list of them (axe-clean in both themes), which the toolbar's Shortcuts button also opens; none
// while typing in a field (the
// search box, a select, an editable text) or while a dialog is open; none the user may not use (an analyst
// deletes no sales; the audit log is read-only), and the list says only those the user has. Every dialog the
// page opens is recorded, so a key that should have done nothing is seen to have opened nothing.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { axeViolations } from '../support/axe.ts';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { pageErrors } from '../support/navigation.ts';
import { assertFits, screenshot } from '../support/screen.ts';
import { openTable } from '../support/tables.ts';

const skip = browserSkipReason();

declare global {
  interface Window {
    __dialogs: string[];
  }
}

/** From now on, the title of every dialog the page opens, in order (window.__dialogs). */
async function recordDialogs(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__dialogs = [];
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          for (const dialog of [node, ...node.querySelectorAll('dialog')].filter((d) => d.matches('dialog')))
            window.__dialogs.push(dialog.querySelector('h2')?.textContent ?? '?');
        }
    }).observe(document.body, { childList: true, subtree: true });
  });
}
const dialogsOpened = (page: Page) => page.evaluate(() => window.__dialogs);

/** The open dialog named `name`: waited for. */
async function dialogNamed(page: Page, name: string | RegExp) {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  return dialog;
}

/** Presses Escape and waits until no dialog is open. */
async function closeDialog(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('dialog[open]'));
}

/** The list's lines: each key as its keycap shows it, and what it does. */
const listed = async (page: Page) =>
  page
    .locator('.dt-shortcuts > div')
    .evaluateAll((lines) => lines.map((l) => [l.querySelector('kbd')?.textContent, l.querySelector('dd')?.textContent]));

const everyShortcut = [
  ['/', 'Go to the search box'],
  ['n', 'Add a record'],
  ['e', 'Edit the selected record(s)'],
  ['Delete', 'Delete the selected record(s)'],
  ['?', 'Show this list'],
];

const search = (page: Page) => page.locator('.data-table input[type="search"]');
const firstRowBox = (page: Page) => page.locator('.dt-table tbody tr').first().getByRole('checkbox');

describe('keyboard shortcuts on table screens', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  for (const width of [1280, 375]) {
    const viewport = { viewport: { width, height: 800 } };

    test(`at ${width} px each shortcut does what its button does, and none while typing or with a dialog open`, async () => {
      const { page, context } = await env.newPage('admin', viewport);
      const errors = pageErrors(page);
      // The table still waits for use: the first key wakes it and is answered once it is live.
      await page.goto('/stores');
      await page.waitForLoadState('networkidle');
      await recordDialogs(page);
      assert.equal(await page.locator('[data-island="data-table"][data-island-live]').count(), 0, 'the table waits for use');
      await page.keyboard.press('/');
      await page.waitForFunction(() => document.activeElement?.matches('.data-table input[type="search"]'));

      // Typed into the search box, the keys are its text.
      await page.keyboard.type('ne?/');
      await page.keyboard.press('Delete');
      assert.equal(await search(page).inputValue(), 'ne?/');
      await search(page).fill('');
      // ...and in a select, and in text being edited.
      await page.locator('.dt-length select').focus();
      for (const key of ['n', '?', 'e', 'Delete']) await page.keyboard.press(key);
      await page.evaluate(() => {
        const note = document.createElement('div');
        note.contentEditable = 'true';
        note.id = 'note';
        note.textContent = 'A note';
        document.querySelector('main')!.append(note);
        note.focus();
      });
      await page.keyboard.press('n');
      await page.keyboard.press('?');
      assert.equal(await page.locator('#note').textContent(), 'n?A note');
      await page.locator('#note').evaluate((note) => note.remove());

      // n: Add. With its dialog open, keys pressed on its buttons do nothing more.
      await page.getByRole('toolbar').getByRole('button', { name: 'Refresh' }).focus();
      await page.keyboard.press('n');
      const add = await dialogNamed(page, 'Add to Stores');
      await add.getByRole('button', { name: 'Cancel' }).focus();
      for (const key of ['?', 'e', 'n', '/']) await page.keyboard.press(key);
      await closeDialog(page);

      // e and Delete act on the selection, from the row's checkbox that chose it.
      await firstRowBox(page).check();
      await page.keyboard.press('e');
      await dialogNamed(page, /^Edit .+ in Stores$/);
      await closeDialog(page);
      await page.keyboard.press('Delete');
      const remove = await dialogNamed(page, 'Delete from Stores');
      assert.match((await remove.textContent()) ?? '', /Are you sure you want to delete 1 record\(s\)\?/);
      await closeDialog(page);

      // ?: the list, by key and by the toolbar's button; closing it gives the focus back.
      await page.keyboard.press('?');
      await dialogNamed(page, 'Keyboard shortcuts');
      assert.deepEqual(await listed(page), everyShortcut);
      assert.deepEqual(await axeViolations(page), [], 'the list open');
      await assertFits(page, 'the list open');
      await screenshot(page, `table-shortcuts-${width}`);
      await page.emulateMedia({ colorScheme: 'dark' });
      assert.deepEqual(await axeViolations(page), [], 'the list open, in the dark theme');
      await screenshot(page, `table-shortcuts-dark-${width}`);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await page.waitForFunction(() => !document.querySelector('dialog[open]'));
      assert.ok(await firstRowBox(page).evaluate((box) => box === document.activeElement), 'the focus is back on the checkbox');
      await page.getByRole('toolbar').getByRole('button', { name: 'Shortcuts' }).click();
      await dialogNamed(page, 'Keyboard shortcuts');
      await closeDialog(page);

      const opened = await dialogsOpened(page);
      assert.equal(opened.length, 5, opened.join(', '));
      assert.deepEqual(
        opened.filter((d) => !d.startsWith('Edit ')),
        ['Add to Stores', 'Delete from Stores', 'Keyboard shortcuts', 'Keyboard shortcuts'],
      );
      assert.deepEqual(errors, []);
      await context.close();
    });

    test(`at ${width} px a shortcut the user may not use does nothing, and the list leaves it out`, async () => {
      const { page, context } = await env.newPage('analyst', viewport);
      const errors = pageErrors(page);
      await openTable(page, '/sales');
      await recordDialogs(page);
      // An analyst edits sales but deletes none: Delete does nothing, then e opens the edit.
      await firstRowBox(page).check();
      await page.keyboard.press('Delete');
      await page.keyboard.press('e');
      await dialogNamed(page, /^Edit .+ in Daily sales$/);
      await closeDialog(page);
      await page.keyboard.press('?');
      await dialogNamed(page, 'Keyboard shortcuts');
      assert.deepEqual(
        await listed(page),
        everyShortcut.filter(([key]) => key !== 'Delete'),
      );
      await closeDialog(page);
      const opened = await dialogsOpened(page);
      assert.equal(opened.length, 2, opened.join(', '));
      assert.equal(opened[1], 'Keyboard shortcuts');
      assert.deepEqual(errors, []);
      await context.close();

      // The audit log is read-only: n, e and Delete do nothing; the list has / and ? alone.
      const admin = await env.newPage('admin', viewport);
      await openTable(admin.page, '/admin/audit');
      await recordDialogs(admin.page);
      await admin.page.locator('.dt-table tbody tr').first().click();
      for (const key of ['n', 'e', 'Delete', '?']) await admin.page.keyboard.press(key);
      await dialogNamed(admin.page, 'Keyboard shortcuts');
      assert.deepEqual(
        await listed(admin.page),
        everyShortcut.filter(([key]) => key === '/' || key === '?'),
      );
      assert.deepEqual(await dialogsOpened(admin.page), ['Keyboard shortcuts']);
      await admin.context.close();
    });
  }
});
