// The table screens' toolbar and header as a person sees them, at 1280 and 375 px in real Chromium: Settings
// a button like the others, no empty notice bar above the table, no Add, Edit or Delete where the user may
// never use them (read-only tables; Users, which adds through its own form), the footer's count in words,
// only the person's columns in Settings, and a click anywhere in a sortable header cell sorts.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { openTable } from '../support/tables.ts';

const skip = browserSkipReason();

const toolbarButton = (page: Page, name: string) => page.getByRole('toolbar').getByRole('button', { name, exact: true });

describe('the table toolbar and header', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  for (const width of [1280, 375]) {
    const viewport = { viewport: { width, height: 800 } };

    test(`at ${width} px Settings is as wide as its word and no empty bar lies between the controls and the table`, async () => {
      const { page, context } = await env.newPage('admin', viewport);
      await openTable(page, '/sales');
      const settings = (await toolbarButton(page, 'Settings').boundingBox())!;
      const refresh = (await toolbarButton(page, 'Refresh').boundingBox())!;
      assert.ok(settings.width < refresh.width * 2, `Settings is ${settings.width} px wide, Refresh ${refresh.width} px`);
      // The notices are empty: the table follows the controls (the filters' row last) at the column's one gap.
      const gap = await page.evaluate(() => {
        const controls = document.querySelector('.dt-filters')!.getBoundingClientRect();
        const table = document.querySelector('.dt-scroll')!.getBoundingClientRect();
        return {
          between: table.top - controls.bottom,
          gap: Number.parseFloat(getComputedStyle(document.querySelector('.data-table')!).rowGap),
        };
      });
      assert.ok(Math.abs(gap.between - gap.gap) < 1, `${gap.between} px between the controls and the table, the gap is ${gap.gap} px`);
      await context.close();
    });

    test(`at ${width} px read-only tables offer no Add, Edit or Delete (client errors only Edit), and Users has its one Add`, async () => {
      const { page, context } = await env.newPage('admin', viewport);
      // Client errors are read-only but for IT's Handled mark: Edit and nothing else.
      for (const [path, offered] of [
        ['/admin/audit', []],
        ['/admin/user-errors', ['Edit']],
      ] as const) {
        await openTable(page, path);
        for (const name of ['Add', 'Edit', 'Delete']) {
          assert.equal(await toolbarButton(page, name).count(), (offered as readonly string[]).includes(name) ? 1 : 0, `${path}: ${name}`);
        }
        assert.equal(await toolbarButton(page, 'Refresh').count(), 1, `${path}: the toolbar is there`);
      }
      await openTable(page, '/admin/users');
      const adds = page
        .locator('main')
        .getByRole('button', { name: /^Add/ })
        .or(page.locator('main').getByRole('link', { name: /^Add/ }));
      assert.deepEqual(await adds.allTextContents(), ['Add user']);
      assert.equal(await toolbarButton(page, 'Edit').count(), 1, 'an administrator edits users');
      await context.close();
    });

    test(`at ${width} px the footer's count says what it counts`, async () => {
      const { page, context } = await env.newPage('admin', viewport);
      await openTable(page, '/sales');
      const total = await page.evaluate(
        async () => ((await (await fetch('/api/sales?length=1')).json()) as { recordsTotal: number }).recordsTotal,
      );
      const count = page.locator('.dt-table tfoot td[data-column="SaleDate"]');
      assert.equal(await count.textContent(), `${total.toLocaleString('en-US')} Record(s)`);
      await context.close();
    });

    test(`at ${width} px Settings offers the person's columns only, not keys and versions`, async () => {
      const { page, context } = await env.newPage('admin', viewport);
      await openTable(page, '/stores');
      await toolbarButton(page, 'Settings').click();
      const dialog = page.getByRole('dialog', { name: 'Table settings' });
      await dialog.waitFor();
      // Each column's label, without the note on those a phone leaves to the rows' details (phone-tables.test.ts).
      const columns = (await dialog.locator('.dt-settings-columns li label').allTextContents()).map((t) =>
        t.replace(/ \(on a phone, .*\)$/, ''),
      );
      assert.deepEqual(columns, ['Store #', 'Name', 'City', 'State', 'Group', 'Opened', 'Active']);
      const groupable = await dialog.getByLabel('Main grouping').locator('option').allTextContents();
      assert.ok(!groupable.some((o) => /\bID\b|Version/.test(o)), groupable.join(', '));
      // Moving a column passes over the hidden keys: Name goes up one place among the columns shown.
      await dialog.getByRole('button', { name: 'Move Name up' }).click();
      assert.deepEqual((await dialog.locator('.dt-settings-columns li label').allTextContents()).slice(0, 2), ['Name', 'Store #']);
      await context.close();
    });

    test(`at ${width} px a click anywhere in a sortable header cell sorts, and Enter on its button does too`, async () => {
      const { page, context } = await env.newPage('admin', viewport);
      await openTable(page, '/stores');
      const header = page.locator('.dt-table thead th', { has: page.locator('button', { hasText: /^Name$/ }) });
      const cell = (await header.boundingBox())!;
      const label = (await header.locator('button.dt-sort').boundingBox())!;
      // Below the label, inside the cell: not on the button.
      const at = { x: label.x + 2, y: Math.min(cell.y + cell.height - 3, label.y + label.height + 3) };
      assert.ok(at.y > label.y + label.height, 'the point is off the label');
      await page.mouse.click(at.x, at.y);
      await page.waitForSelector('th[aria-sort=ascending]:has(button:text-is("Name"))');
      await page.mouse.click(cell.x + cell.width - 12, cell.y + 4);
      await page.waitForSelector('th[aria-sort=descending]:has(button:text-is("Name"))');

      await page.locator('.dt-table thead th button', { hasText: /^Store #$/ }).focus();
      await page.keyboard.press('Enter');
      await page.waitForSelector('th[aria-sort]:has(button:text-is("Store #"))');
      assert.equal(await page.locator('th[aria-sort]').count(), 1, 'one column sorted, once per press');
      await context.close();
    });
  }
});
