// A table's import in real Chromium (issue 36), on the States screen as an administrator, from choosing the
// file to the refused rows' download: the example file, the columns matched by header (one left out, one
// changed and put back), the preview's counts, refused rows by line with their messages and changes as
// "field: old → new", all or nothing holding the import back until the valid rows are chosen, the progress
// to its end, the table told, the database changed, and the refused rows downloaded as CSV and Excel. At
// 1280 px by mouse, at 375 px by keyboard; axe-core finds nothing and nothing is wider than the screen at
// each step. Whoever may not add or edit sees no Import.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import type { Download, Locator, Page } from 'playwright-core';
import { defaultMessages as m, fill } from '../../server/messages.ts';
import { axeViolations } from '../support/axe.ts';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { pageErrors } from '../support/navigation.ts';
import { assertFits, screenshot } from '../support/screen.ts';
import { openTable } from '../support/tables.ts';

const skip = browserSkipReason();

/** A download's bytes, read through its stream (the run's browser may be another process's). */
async function downloaded(download: Download): Promise<Buffer> {
  return Buffer.concat(await (await download.createReadStream()).toArray());
}

/** Nothing in the page or the dialog scrolls sideways, and axe finds nothing; then a screenshot. */
async function stepChecked(page: Page, dialog: Locator, name: string): Promise<void> {
  assert.deepEqual(await axeViolations(page), [], name);
  await assertFits(page, name);
  const wide = await dialog.evaluate((d) => d.scrollWidth - d.clientWidth);
  assert.ok(wide <= 0, `${name}: the dialog's content is ${wide} px wider than it`);
  await screenshot(page, name);
}

/** Presses `key` on `target` as a keyboard user would, once focus is on it. */
async function press(target: Locator, key = 'Enter'): Promise<void> {
  await target.focus();
  await target.press(key);
}

describe('importing a file into a table', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });
  const state = async (code: string) =>
    (await env.t.db.pool.query<{ name: string; region: string }>('select name, region from states where code = $1', [code])).rows[0];

  // Each width imports its own rows: a changed name, an unchanged state, a new one, and a code the rules refuse.
  const cases = [
    { width: 1280, by: 'mouse', changed: ['VT', 'Vermont', 'Vermont State'], added: ['PR', 'Puerto Rico'], refused: 'P1' },
    { width: 375, by: 'keyboard', changed: ['ME', 'Maine', 'Maine State'], added: ['GU', 'Guam'], refused: 'G1' },
  ] as const;

  for (const { width, by, changed, added, refused } of cases)
    test(`at ${width} px by ${by}: choose a file, match, preview, import the valid rows, download the refused`, async () => {
      const { page, context } = await env.newPage('admin', { viewport: { width, height: 800 } });
      const errors = pageErrors(page);
      const keyboard = by === 'keyboard';
      const act = (target: Locator) => (keyboard ? press(target) : target.click());
      await openTable(page, '/states');

      await act(page.getByRole('toolbar').getByRole('button', { name: m.tableImport, exact: true }));
      const dialog = page.getByRole('dialog', { name: fill(m.importDialogTitle, ['States']) });
      await dialog.waitFor();
      const fileInput = dialog.getByLabel(m.importDialogFileLabel);
      assert.ok(await fileInput.evaluate((el) => el === document.activeElement), 'focus starts on the file');
      await stepChecked(page, dialog, `import-file-${width}`);

      // The example file: the table's headers and one row.
      const [example] = await Promise.all([page.waitForEvent('download'), act(dialog.getByRole('link', { name: m.importDialogExample }))]);
      const exampleLines = (await downloaded(example))
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      assert.equal(exampleLines.length, 2, exampleLines.join(' | '));
      assert.match(exampleLines[0]!, /Code/);

      const file = [
        'Code,Name,Region,Notes',
        `${changed[0]},${changed[2]},NE,renamed`,
        'NH,New Hampshire,NE,',
        `${added[0]},${added[1]},SE,new`,
        `${refused},Nowhere,NE,a bad code`,
      ].join('\r\n');
      const upload = { name: 'states.csv', mimeType: 'text/csv', buffer: Buffer.from(file) };
      if (keyboard) {
        // Back from the example link to the file, whose picker opens with Space.
        await page.keyboard.press('Shift+Tab');
        assert.ok(await fileInput.evaluate((el) => el === document.activeElement), 'Shift+Tab goes back to the file');
        // Pressed on the field itself: the example's download may still be settling, and must not take the key.
        const [chooser] = await Promise.all([page.waitForEvent('filechooser'), fileInput.press('Space')]);
        await chooser.setFiles(upload);
      } else {
        await fileInput.setInputFiles(upload);
      }

      // The columns as the server matched them by header; Notes is left out.
      const heading = dialog.getByRole('heading', { name: fill(m.importDialogChosenFile, ['states.csv']) });
      await heading.waitFor();
      assert.ok(await heading.evaluate((el) => el === document.activeElement), 'focus moves to the matched file');
      const column = (header: string) => dialog.getByRole('combobox', { name: header, exact: true });
      for (const header of ['Code', 'Name', 'Region']) assert.equal(await column(header).inputValue(), header);
      assert.equal(await column('Notes').inputValue(), '');
      if (keyboard) {
        await page.keyboard.press('Tab');
        assert.ok(await column('Code').evaluate((el) => el === document.activeElement), 'Tab reaches the first column');
      }
      // A field chosen twice stops the check until it is put back.
      const check = dialog.getByRole('button', { name: m.importDialogCheck });
      await column('Notes').selectOption('Name');
      await dialog.getByText(fill(m.importDialogMatchTwice, ['Name'])).waitFor();
      assert.equal(await check.isDisabled(), true);
      await column('Notes').selectOption('');
      assert.equal(await check.isDisabled(), false);
      assert.equal(await dialog.getByRole('radio', { name: m.importDialogModeAddUpdate }).isChecked(), true);
      await stepChecked(page, dialog, `import-match-${width}`);

      // The preview: what would be written, and nothing written yet.
      await act(check);
      await dialog.getByRole('heading', { name: m.importDialogPreviewTitle }).waitFor();
      const count = async (word: string) =>
        (await dialog.locator('.import-counts div', { hasText: word }).locator('dd').textContent())?.trim();
      assert.equal(await count(m.importDialogCountAdd), '1');
      assert.equal(await count(m.importDialogCountChange), '1');
      assert.equal(await count(m.importDialogCountUnchanged), '1');
      assert.equal(await count(m.importDialogCountRefused), '1');
      const refusedLine = dialog.locator('.import-lines li', { hasText: fill(m.importDialogLine, [5]) });
      assert.ok(((await refusedLine.textContent()) ?? '').length > fill(m.importDialogLine, [5]).length, 'the refused row says why');
      await dialog.getByText(fill(m.importDialogChange, ['Name', changed[1], changed[2]])).waitFor();
      assert.equal((await state(changed[0]))?.name, changed[1], 'the preview writes nothing');
      assert.equal(await state(added[0]), undefined);
      // All or nothing holds the import back while a row is refused.
      const run = dialog.getByRole('button', { name: m.importDialogRun, exact: true });
      assert.equal(await run.isDisabled(), true);
      await dialog.getByText(fill(m.importDialogBlocked, ['1'])).waitFor();
      await stepChecked(page, dialog, `import-preview-${width}`);
      if (keyboard) await press(dialog.getByRole('radio', { name: m.importDialogAllOrNothing }), 'ArrowDown');
      else await dialog.getByRole('radio', { name: m.importDialogValidOnly }).check();
      assert.equal(await dialog.getByRole('radio', { name: m.importDialogValidOnly }).isChecked(), true);

      // The import, followed to its end; the table says what was done.
      await act(run);
      await dialog.getByRole('heading', { name: m.importDialogDoneTitle }).waitFor();
      const done = fill(m.importDialogDone, ['1', '1', '1', '1']);
      await dialog.getByRole('status').getByText(done).waitFor();
      await page.locator('.dt-notice', { hasText: done }).waitFor();
      assert.equal((await state(changed[0]))?.name, changed[2]);
      assert.deepEqual(await state(added[0]), { name: added[1], region: 'SE' });
      assert.equal(await state(refused), undefined);
      await stepChecked(page, dialog, `import-done-${width}`);

      // The refused rows, as the file had them, with their line and messages: CSV, then Excel.
      const [csv] = await Promise.all([page.waitForEvent('download'), act(dialog.getByRole('link', { name: m.importDialogRefusedCsv }))]);
      const csvText = (await downloaded(csv)).toString('utf8').replace(/^\uFEFF/, '');
      const [csvHeader, ...csvRows] = csvText.trim().split(/\r?\n/);
      assert.match(csvHeader!, /^Code,Name,Region,Notes,Line,Messages$/);
      assert.equal(csvRows.length, 1);
      assert.match(csvRows[0]!, new RegExp(`^${refused},Nowhere,NE,a bad code,5,`));
      const [xlsx] = await Promise.all([
        page.waitForEvent('download'),
        act(dialog.getByRole('link', { name: m.importDialogRefusedExcel })),
      ]);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await downloaded(xlsx)) as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      assert.equal(sheet.getRow(2).getCell(1).text, refused);
      assert.equal(String(sheet.getRow(2).getCell(5).value), '5');

      // Closing gives focus back to Import.
      await act(dialog.getByRole('button', { name: m.importDialogClose }));
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), m.tableImport);
      assert.deepEqual(errors, []);
      await context.close();
    });

  test('a file that is neither CSV nor Excel is refused on the file field, in words, and another can be chosen', async () => {
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/states');
    await page.getByRole('toolbar').getByRole('button', { name: m.tableImport, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: fill(m.importDialogTitle, ['States']) });
    const fileInput = dialog.getByLabel(m.importDialogFileLabel);
    await fileInput.setInputFiles({ name: 'states.csv', mimeType: 'text/csv', buffer: Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n') });
    await dialog.getByText(m.importNotTable).waitFor();
    assert.equal(await fileInput.getAttribute('aria-invalid'), 'true');
    assert.deepEqual(await axeViolations(page), []);
    await fileInput.setInputFiles({
      name: 'states.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Code,Name,Region\r\nNH,New Hampshire,NE\r\n'),
    });
    await dialog.getByRole('heading', { name: fill(m.importDialogChosenFile, ['states.csv']) }).waitFor();
    await context.close();
  });

  test("Daily sales' example file, chosen as it is, has every column matched and checks as one row", async () => {
    const { page, context } = await env.newPage('manager');
    await openTable(page, '/sales');
    await page.getByRole('toolbar').getByRole('button', { name: m.tableImport, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: fill(m.importDialogTitle, ['Daily sales']) });
    const [example] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('link', { name: m.importDialogExample }).click()]);
    const bytes = await downloaded(example);
    await dialog.getByLabel(m.importDialogFileLabel).setInputFiles({ name: 'example.csv', mimeType: 'text/csv', buffer: bytes });
    await dialog.getByRole('heading', { name: fill(m.importDialogChosenFile, ['example.csv']) }).waitFor();
    const matched = await dialog.getByRole('combobox').evaluateAll((selects) => selects.map((s) => (s as HTMLSelectElement).value));
    assert.ok(matched.length >= 4 && matched.every(Boolean), matched.join(', '));
    await dialog.getByText(fill(m.importDialogModeHint, ['Store # + Date'])).waitFor();
    await dialog.getByRole('button', { name: m.importDialogCheck }).click();
    await dialog.getByRole('heading', { name: m.importDialogPreviewTitle }).waitFor();
    await dialog.getByText(fill(m.importDialogPreviewOf, ['1'])).waitFor();
    await context.close();
  });

  test("the table's own CSV export, chosen as it is, previews as all unchanged with nothing to import", async () => {
    const { page, context } = await env.newPage('admin');
    const errors = pageErrors(page);
    await openTable(page, '/states');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: m.tableCsv, exact: true }).click()]);
    const bytes = await downloaded(csv);
    // Our CSV is UTF-16 with a byte-order mark (what Excel opens as it is): its lines less the header.
    const exported = bytes.toString('utf16le').trim().split(/\r?\n/).length - 1;
    await page.getByRole('toolbar').getByRole('button', { name: m.tableImport, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: fill(m.importDialogTitle, ['States']) });
    await dialog.getByLabel(m.importDialogFileLabel).setInputFiles({ name: 'states.csv', mimeType: 'text/csv', buffer: bytes });
    await dialog.getByRole('heading', { name: fill(m.importDialogChosenFile, ['states.csv']) }).waitFor();
    await dialog.getByRole('button', { name: m.importDialogCheck }).click();
    await dialog.getByRole('heading', { name: m.importDialogPreviewTitle }).waitFor();
    const count = async (word: string) =>
      (await dialog.locator('.import-counts div', { hasText: word }).locator('dd').textContent())?.trim();
    assert.equal(await count(m.importDialogCountUnchanged), String(exported), 'every exported row is unchanged');
    for (const word of [m.importDialogCountAdd, m.importDialogCountChange, m.importDialogCountRefused])
      assert.equal(await count(word), '0', word);
    // The reason is said beside the Import button, which stays off and names it.
    const run = dialog.getByRole('button', { name: m.importDialogRun, exact: true });
    assert.equal(await run.isDisabled(), true);
    assert.equal(await run.getAttribute('aria-describedby'), await dialog.getByText(m.importDialogNothingToDo).getAttribute('id'));
    await stepChecked(page, dialog, 'import-nothing-to-do-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await stepChecked(page, dialog, 'import-nothing-to-do-375');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a user who may only read the table sees no Import', async () => {
    const { page, context } = await env.newPage('clerk');
    await openTable(page, '/states');
    await page.getByRole('toolbar').getByRole('button', { name: m.tableRefresh, exact: true }).waitFor();
    assert.equal(await page.getByRole('toolbar').getByRole('button', { name: m.tableImport, exact: true }).count(), 0);
    await context.close();
  });
});
