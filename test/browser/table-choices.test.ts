// Choosing from fixed lists and the PDF's notices in real Chromium, at 1280 and 375 px with axe: the add
// dialogs of Cycles, Messages and States offer Kind, Severity and Region as selects, worked by keyboard alone,
// and the row is stored with the value chosen; a sale dated after today is refused in the dialog before
// anything is sent, one dated before its store opened by the server, on the Date field. PDF tells before any tab opens: past the rows a PDF holds (the daily sales), an empty
// table; and on a server without Chromium its button is disabled and says so.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { defaultMessages as m } from '../../server/messages.ts';
import { assertFits, screenshot } from '../support/screen.ts';
import { axeViolations } from '../support/axe.ts';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { pageErrors } from '../support/navigation.ts';
import { openTable } from '../support/tables.ts';
import { iconNames } from '../../common/icons.ts';

const skip = browserSkipReason();
const widths = [1280, 375] as const;

const toolbarButton = (page: Page, name: string) => page.getByRole('toolbar').getByRole('button', { name, exact: true });
const notice = (page: Page, text: string) => page.locator('.dt-notice', { hasText: text });

/** Opens the screen's Add dialog from the keyboard (focus on Add, Enter) and waits for it. */
async function addByKeyboard(page: Page, title: string) {
  await toolbarButton(page, 'Add').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Add to ${title}` });
  await dialog.waitFor();
  return dialog;
}

/** Tabs until the field named `name` has focus (at most 30 presses), as a keyboard user moves through a dialog. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 30; i++) {
    if ((await page.evaluate(() => document.activeElement?.getAttribute('name'))) === name) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`no field ${name} reached by Tab`);
}

describe('fixed lists in the add dialogs', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });
  const query = async <T>(text: string, params: unknown[] = []): Promise<T[]> => (await env.t.db.pool.query(text, params)).rows as T[];

  for (const width of widths) {
    test(`at ${width} px: Region is a select of the regions by name, chosen by keyboard, stored as its code`, async () => {
      const { page, context } = await env.newPage('admin', { viewport: { width, height: 800 } });
      const errors = pageErrors(page);
      await openTable(page, '/states');
      const dialog = await addByKeyboard(page, 'States');
      const region = dialog.getByRole('combobox', { name: 'Region' });
      assert.deepEqual(await region.locator('option').allTextContents(), ['', 'Northeast', 'Southeast', 'Midwest', 'Southwest', 'West']);
      const code = `Q${width === 1280 ? 'A' : 'B'}`;
      await dialog.getByRole('textbox', { name: 'Code' }).fill(code);
      await dialog.getByRole('textbox', { name: 'Name' }).fill(`Region test ${width}`);
      await tabTo(page, 'Region');
      // A closed select takes a letter as a person types it: "W" goes straight to West.
      await page.keyboard.press('w');
      assert.equal(await region.inputValue(), 'WE');
      assert.deepEqual(await axeViolations(page), []);
      await assertFits(page);
      await screenshot(page, `states-add-region-${width}`);
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Save');
      await page.keyboard.press('Enter');
      await notice(page, '1 Record(s) Inserted Successfully').waitFor();
      assert.deepEqual(await query(`select region from states where code = $1`, [code]), [{ region: 'WE' }]);
      // The table shows a region by its name, as the dialog does, not by its code.
      const regionCells = await page
        .locator('tbody tr')
        .evaluateAll((trs) => trs.flatMap((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
      assert.ok(regionCells.includes('West'), 'a region read by name');
      assert.ok(!regionCells.some((text) => ['NE', 'SE', 'MW', 'SW', 'WE'].includes(text)), 'no region code in the table');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }

  for (const width of widths) {
    test(`at ${width} px: Kind, Severity and Icon are selects of their words; a value is required where the field is`, async () => {
      const { page, context } = await env.newPage('admin', { viewport: { width, height: 800 } });
      await openTable(page, '/cycles');
      let dialog = await addByKeyboard(page, 'Cycles');
      const kind = dialog.getByRole('combobox', { name: 'Kind' });
      assert.deepEqual(await kind.locator('option').allTextContents(), ['', 'Weekly', 'Monthly']);
      await dialog.getByRole('button', { name: 'Save' }).click();
      assert.equal(await dialog.locator('.field-select .field-message').first().textContent(), m.required);
      await kind.focus();
      await page.keyboard.press('m');
      assert.equal(await kind.inputValue(), 'monthly');
      assert.deepEqual(await axeViolations(page), []);
      await assertFits(page);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await openTable(page, '/messages');
      dialog = await addByKeyboard(page, 'Messages');
      const severity = dialog.getByRole('combobox', { name: 'Severity' });
      // Severity falls back to info: no blank to choose, info chosen from the start.
      assert.deepEqual(await severity.locator('option').allTextContents(), ['Information', 'Success', 'Warning', 'Error']);
      assert.equal(await severity.inputValue(), 'info');
      await severity.focus();
      await page.keyboard.press('ArrowDown');
      assert.equal(await severity.inputValue(), 'success');
      assert.deepEqual(await axeViolations(page), []);
      await assertFits(page);
      await screenshot(page, `messages-add-severity-${width}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await openTable(page, '/admin/menus');
      dialog = await addByKeyboard(page, 'Menus');
      // Not required: blank (no icon) comes first. Who sees an entry is its page's rule, not a field here.
      assert.equal(await dialog.getByRole('combobox', { name: 'Role' }).count(), 0);
      const icon = dialog.getByRole('combobox', { name: 'Icon' });
      assert.equal(await icon.locator('option').count(), iconNames.length + 1, 'none, then every icon');
      assert.equal(await icon.locator('option').nth(1).textContent(), 'Home');
      assert.deepEqual(await axeViolations(page), []);
      await assertFits(page);
      await context.close();
    });
  }

  for (const width of widths) {
    test(`at ${width} px: a sale dated after today is refused in the dialog, nothing sent`, async () => {
      const { page, context } = await env.newPage('manager', { viewport: { width, height: 800 } });
      let sent = 0;
      page.on('request', (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/sales' && sent++);
      await openTable(page, '/sales');
      const dialog = await addByKeyboard(page, 'Daily sales');
      const date = dialog.getByRole('textbox', { name: 'Date', exact: true });
      await date.fill('01/01/2030');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.locator('.field-date .field-message', { hasText: m.notAfterToday }).waitFor();
      assert.equal(await date.getAttribute('aria-invalid'), 'true');
      assert.deepEqual(await axeViolations(page), []);
      await assertFits(page);
      await screenshot(page, `sales-add-future-${width}`);
      assert.equal(sent, 0, 'nothing was sent');
      await context.close();
    });
  }

  test('a sale dated before its store opened is refused by the server on the Date field, naming the opening day', async () => {
    const { page, context } = await env.newPage('manager');
    const [store] = (
      await env.t.db.pool.query<{ store_id: number; day_before: string; opened: string }>(
        `select store_id, to_char(open_date - 1, 'DD/MM/YYYY') as day_before, to_char(open_date, 'DD/MM/YYYY') as opened
         from stores where open_date > '2020-01-01' and open_date <= current_date order by store_id limit 1`,
      )
    ).rows;
    await openTable(page, '/sales');
    const dialog = await addByKeyboard(page, 'Daily sales');
    const storeSelect = dialog.getByRole('combobox', { name: 'Store', exact: true });
    await storeSelect.locator(`option[value="${store!.store_id}"]`).waitFor({ state: 'attached' });
    await storeSelect.selectOption(String(store!.store_id));
    await dialog.getByRole('textbox', { name: 'Date', exact: true }).fill(store!.day_before);
    await dialog.getByRole('textbox', { name: 'Sales', exact: true }).fill('100.00');
    await dialog.getByRole('textbox', { name: 'Transactions', exact: true }).fill('3');
    await dialog.getByRole('textbox', { name: 'Margin (%)', exact: true }).fill('20');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.locator('.field-date .field-message', { hasText: `this store opened on ${store!.opened}` }).waitFor();
    assert.equal(await dialog.getByRole('textbox', { name: 'Date', exact: true }).getAttribute('aria-invalid'), 'true');
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });
});

describe("the PDF's notices before a tab", { skip }, () => {
  // The tests' daily sales are 2,400 rows: a PDF here holds at most 1,000 (REPORT_MAX_ROWS, 5,000 by default).
  const env = useBrowserEnv({ limits: { reports: { maxRows: 1000 } } }, { blankPages: true });

  for (const width of widths) {
    test(`at ${width} px: past the rows a PDF holds, it names the limit and suggests a filter, Excel or CSV; no tab opens`, async () => {
      const { page, context } = await env.newPage('manager', { viewport: { width, height: 800 } });
      let reports = 0;
      await context.route('**/api/common/report?**', (route) => {
        reports++;
        return route.fulfill({ status: 200, contentType: 'text/plain', body: 'the PDF' });
      });
      await openTable(page, '/sales');
      await toolbarButton(page, 'PDF').click();
      const text = await notice(page, '1,000').textContent();
      assert.match(text ?? '', /at most 1,000 rows, and this table has 2,400/);
      assert.match(text ?? '', /filter/);
      assert.match(text ?? '', /Excel or CSV/);
      assert.equal(context.pages().length, 1, 'no tab opened');
      assert.equal(reports, 0);
      assert.deepEqual(await axeViolations(page), []);
      await assertFits(page);
      await screenshot(page, `sales-pdf-too-many-${width}`);
      await context.close();
    });
  }

  test("an empty table says 'No data to download!' and opens nothing", async () => {
    const { page, context } = await env.newPage('clerk');
    await openTable(page, '/stores');
    await page.getByRole('searchbox', { name: 'Search:' }).fill('no store is called this');
    await page.locator('table.dt-table tbody tr.dt-empty', { hasText: m.zeroRecords }).waitFor();
    await toolbarButton(page, 'PDF').click();
    await notice(page, 'No data to download!').waitFor();
    assert.equal(context.pages().length, 1, 'no tab opened');
    await context.close();
  });
});

describe('PDF on a server without Chromium', { skip }, () => {
  const env = useBrowserEnv({ chromiumPath: '/nonexistent/chromium' }, { blankPages: true });

  for (const width of widths) {
    test(`at ${width} px: the PDF button is disabled and says 'Download as PDF is not available'`, async () => {
      const { page, context } = await env.newPage('manager', { viewport: { width, height: 800 } });
      await openTable(page, '/stores');
      const pdf = toolbarButton(page, 'PDF');
      assert.equal(await pdf.getAttribute('aria-disabled'), 'true');
      assert.equal(await pdf.getAttribute('title'), 'Download as PDF is not available');
      // Reached and pressed by keyboard, it says why rather than doing nothing.
      await pdf.focus();
      await page.keyboard.press('Enter');
      await notice(page, 'Download as PDF is not available').waitFor();
      assert.equal(context.pages().length, 1, 'no tab opened');
      assert.deepEqual(await axeViolations(page), []);
      await assertFits(page);
      await screenshot(page, `stores-pdf-unavailable-${width}`);
      await context.close();
    });
  }
});
