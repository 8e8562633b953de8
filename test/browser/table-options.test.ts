// The data table's options on the real Stores and Daily sales screens with the demo data, in Chromium: the
// Settings dialog (columns shown and their order, grouping, one group open at a time, infinite scroll,
// save state), group header rows with their totals over all of a group's rows (checked against sums the
// database makes), opening and closing groups, resizing columns by their 5 px edge and from the keyboard,
// reordering them by dragging a header, infinite scroll, the empty table's 94 px, and axe-core throughout.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { formatCurrency, formatNumber } from '../../common/format.ts';
import { axeViolations } from '../support/axe.ts';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { openTable } from '../support/tables.ts';

const skip = browserSkipReason();

const headers = (page: Page) => page.$$eval('.dt-table thead th', (ths) => ths.map((th) => th.textContent?.trim() ?? ''));

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Table settings' });
  await dialog.waitFor();
  return dialog;
}

async function closeSettings(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/** Groups by `main` (a column label) through the Settings dialog. */
async function groupBy(page: Page, main: string, options: { oneOpen?: boolean } = {}) {
  const dialog = await openSettings(page);
  await dialog.getByLabel('Main grouping').selectOption({ label: main });
  if (options.oneOpen) await dialog.getByLabel('Only one group open at a time').check();
  await closeSettings(page);
  await page.waitForSelector('.dt-group-row');
}

/** The group header rows shown: their button's text, whether open, and the count and totals text. */
const groupRows = (page: Page) =>
  page.$$eval('.dt-group-row', (rows) =>
    rows.map((tr) => ({
      label: tr.querySelector('.dt-group-toggle')!.textContent!.trim(),
      open: tr.querySelector('.dt-group-toggle')!.getAttribute('aria-expanded') === 'true',
      count: tr.querySelector('.dt-group-count')?.textContent?.trim() ?? '',
      cells: [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim()),
    })),
  );

const dataRowCount = (page: Page) =>
  page.$$eval('.dt-table tbody tr:not(.dt-group-row):not(.dt-group-status):not(.dt-empty)', (rows) => rows.length);

describe('data table settings, grouping and columns', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });
  const sql = async <T>(text: string, params: unknown[] = []) => (await env.t.db.pool.query(text, params)).rows as T[];

  test('Settings opens from the keyboard as a labelled dialog, hides and shows a column, and gives the focus back', async () => {
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/stores');
    assert.ok((await headers(page)).includes('City'));
    await page.getByRole('button', { name: 'Settings', exact: true }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Table settings' });
    await dialog.waitFor();
    assert.equal(await page.evaluate(() => !!document.activeElement?.closest('dialog')), true, 'the focus is in the dialog');
    assert.deepEqual(await axeViolations(page), [], 'axe-core finds nothing with the settings open');

    await dialog.getByRole('checkbox', { name: 'City' }).uncheck();
    assert.equal((await headers(page)).includes('City'), false, 'the table behind follows at once');
    await dialog.getByRole('checkbox', { name: 'City' }).check();
    assert.ok((await headers(page)).includes('City'));

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Settings');
    await context.close();
  });

  test('on a 375 px phone the Settings dialog fits the screen and axe-core finds nothing', async () => {
    const { page, context } = await env.newPage('admin', { viewport: { width: 375, height: 740 } });
    await openTable(page, '/sales');
    const dialog = await openSettings(page);
    const fits = await dialog.evaluate((d) => ({
      page: document.documentElement.scrollWidth <= window.innerWidth,
      dialog: d.getBoundingClientRect().right <= window.innerWidth && d.scrollWidth <= d.clientWidth,
    }));
    assert.deepEqual(fits, { page: true, dialog: true });
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });

  test('grouping Stores by state shows each state once with its count over all its stores, paged through the states', async () => {
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/stores');
    await groupBy(page, 'State');
    const counts = new Map(
      (
        await sql<{ code: string; n: number }>(
          `select st.code, count(*)::int as n from stores s join states st using (state_id) group by st.code`,
        )
      ).map((r) => [r.code, r.n]),
    );
    const check = async () => {
      const groups = await groupRows(page);
      assert.ok(groups.length > 0);
      for (const g of groups) {
        const code = g.label.replace(/^State: /, '');
        assert.equal(g.count, `${formatNumber(counts.get(code)!)} Record(s)`, g.label);
      }
      return groups;
    };
    const first = await check();
    assert.ok(
      first.every((g) => !g.open),
      'groups start closed',
    );
    assert.equal(await dataRowCount(page), 0);
    assert.deepEqual(await axeViolations(page), [], 'axe-core finds nothing with groups shown');

    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForFunction((label) => document.querySelector('.dt-group-toggle')?.textContent !== label, first[0]!.label);
    const second = await check();
    // Page 2 goes on with the next states: none is on both pages.
    assert.ok(second.every((g) => !first.some((f) => f.label === g.label)));
    assert.ok(second[0]!.label > first.at(-1)!.label, 'in order');
    await context.close();
  });

  test('grouping Daily sales by store shows each store with its sales total over all its days, formatted as currency', async () => {
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/sales');
    await groupBy(page, 'Store #');
    const groups = await groupRows(page);
    assert.ok(groups.length > 0);
    const columns = await headers(page);
    for (const g of groups) {
      const number = Number(g.label.replace(/^Store #: /, '').replaceAll(',', ''));
      const [expected] = await sql<{ n: number; sales: string }>(
        `select count(*)::int as n, sum(sa.sales)::text as sales from sales sa join stores s using (store_id) where s.store_number = $1`,
        [number],
      );
      assert.equal(g.count, `${formatNumber(expected!.n)} Record(s)`);
      // The totals stand under their columns: Sales under Sales.
      const salesCell = g.cells[columns.indexOf('Sales') - (columns.length - g.cells.length)];
      assert.equal(salesCell, formatCurrency(expected!.sales));
    }
    // Open, with its rows under it and its totals as a row header's cells.
    await page.locator('.dt-group-toggle').first().click();
    await page.waitForFunction(() => document.querySelector('.dt-table tbody tr:not(.dt-group-row):not(.dt-group-status)'));
    assert.deepEqual(await axeViolations(page), []);

    // Sub grouped by date: the open store shows a header per day, each with that day's sales.
    const dialog = await openSettings(page);
    await dialog.getByLabel('Sub grouping').selectOption({ label: 'Date' });
    await closeSettings(page);
    await page.waitForSelector('.dt-group-row');
    await page.locator('.dt-group-depth-1 .dt-group-toggle').first().click();
    await page.waitForSelector('.dt-group-depth-2');
    const subs = await page.$$eval('.dt-group-depth-2', (rows) =>
      rows.map((tr) => ({
        label: tr.querySelector('.dt-group-toggle')!.textContent!,
        count: tr.querySelector('.dt-group-count')!.textContent,
      })),
    );
    assert.ok(subs.length > 0);
    const store = Number(groups[0]!.label.replace(/^Store #: /, '').replaceAll(',', ''));
    for (const sub of subs.slice(0, 3)) {
      const [d, m, y] = sub.label.replace(/^Date: /, '').split('/');
      const [expected] = await sql<{ n: number }>(
        `select count(*)::int as n from sales sa join stores s using (store_id) where s.store_number = $1 and sa.sale_date = $2::date`,
        [store, `${y}-${m}-${d}`],
      );
      assert.equal(sub.count, `${formatNumber(expected!.n)} Record(s)`, sub.label);
    }
    await context.close();
  });

  test('rows without a value are grouped under (no name)', async () => {
    await sql(`update users set group_id = null where user_name = 'trainee'`);
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/admin/users');
    await groupBy(page, 'Group');
    await page.getByRole('combobox', { name: /Show/ }).selectOption('100');
    await page.getByRole('button', { name: 'Group: (no name)' }).waitFor();
    await context.close();
  });

  test('a group opens and closes by its button, one at a time when asked, scrolled 100 px below the top', async () => {
    const { page, context } = await env.newPage('admin', { viewport: { width: 1280, height: 600 } });
    await openTable(page, '/stores');
    await page.getByRole('combobox', { name: /Show/ }).selectOption('100');
    await groupBy(page, 'State');
    const toggles = page.locator('.dt-group-toggle');
    const rowsBefore = await dataRowCount(page);
    await toggles.nth(0).click();
    assert.equal(await toggles.nth(0).getAttribute('aria-expanded'), 'true');
    // Its rows are read when it opens.
    await page.waitForFunction(
      (before) => document.querySelectorAll('.dt-table tbody tr:not(.dt-group-row):not(.dt-group-status)').length > before,
      rowsBefore,
    );
    const firstOpen = await dataRowCount(page);
    await toggles.nth(1).click();
    assert.equal(await toggles.nth(0).getAttribute('aria-expanded'), 'true', 'both open');
    await toggles.nth(1).click();
    assert.equal(await toggles.nth(1).getAttribute('aria-expanded'), 'false');
    assert.equal(await dataRowCount(page), firstOpen);

    // Only one open at a time: opening a group far down closes the first, and scrolls it 100 px below the top.
    const dialog = await openSettings(page);
    await dialog.getByLabel('Only one group open at a time').check();
    await closeSettings(page);
    const far = toggles.nth(8);
    await far.press('Enter');
    await page.waitForFunction(() => Math.abs(document.querySelectorAll('.dt-group-toggle')[8]!.getBoundingClientRect().top - 100) < 25);
    assert.equal(await toggles.nth(0).getAttribute('aria-expanded'), 'false');
    assert.equal(await far.getAttribute('aria-expanded'), 'true');
    const top = await far.evaluate((b) => b.closest('tr')!.getBoundingClientRect().top);
    assert.ok(Math.abs(top - 100) <= 1, `the opened group's row is 100 px below the top (${top})`);
    await context.close();
  });

  test('a column resizes by dragging its 5 px edge and from the keyboard', async () => {
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/stores');
    const th = page.locator('.dt-table thead th', { hasText: 'City' });
    const edge = th.getByRole('separator', { name: 'Width of City' });
    const box = (await edge.boundingBox())!;
    assert.equal(box.width, 5);
    const before = (await th.boundingBox())!.width;
    await page.mouse.move(box.x + 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 2 + 80, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    const wider = (await th.boundingBox())!.width;
    assert.ok(Math.abs(wider - (before + 80)) <= 2, `${before} + 80 = ${wider}`);
    assert.equal(await edge.getAttribute('aria-valuenow'), String(Math.round(before + 80)));

    await edge.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    const narrower = (await th.boundingBox())!.width;
    assert.ok(Math.abs(narrower - (wider - 20)) <= 2, `${wider} - 20 = ${narrower}`);
    // Narrower than its text: the column clips its cells to the width set.
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowLeft');
    const narrowest = (await th.boundingBox())!.width;
    assert.ok(Math.abs(narrowest - 40) <= 2, `${narrowest} is 40`);
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });

  test("a footer total clips to its column's width as the body cells do, when the column is narrowed from the keyboard", async () => {
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/sales');
    const th = page.locator('.dt-table thead th', { hasText: 'Sales' });
    const total = page.locator('.dt-table tfoot td[data-column="Sales"]');
    await total.waitFor();
    const text = (await total.textContent()) ?? '';
    assert.match(text, /^\$[\d,]+\.\d\d$/, 'the total is shown whole at first');
    await th.getByRole('separator', { name: 'Width of Sales' }).focus();
    for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowLeft');
    const header = (await th.boundingBox())!.width;
    assert.ok(Math.abs(header - 40) <= 2, `the header is ${header} px, not 40`);
    const cell = await total.evaluate((td) => ({
      width: td.getBoundingClientRect().width,
      clipped: td.scrollWidth > td.clientWidth,
      ellipsis: getComputedStyle(td).textOverflow,
    }));
    assert.ok(Math.abs(cell.width - header) <= 1, `the total's cell is ${cell.width} px under a ${header} px header`);
    assert.deepEqual([cell.clipped, cell.ellipsis], [true, 'ellipsis']);
    assert.equal(await total.textContent(), text, 'the whole text stays in the cell');
    await context.close();
  });

  test('a column moves by dragging its header onto another, and from the keyboard in Settings', async () => {
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/stores');
    const order = async () => (await headers(page)).filter(Boolean);
    const start = await order();
    assert.ok(start.indexOf('City') > start.indexOf('Name'));
    await page.locator('.dt-table thead th', { hasText: 'City' }).dragTo(page.locator('.dt-table thead th', { hasText: 'Name' }));
    const dragged = await order();
    assert.equal(dragged.indexOf('City'), start.indexOf('Name'), 'City takes the place of Name');
    assert.equal(dragged.indexOf('Name'), start.indexOf('Name') + 1);
    // The rows follow their headers.
    const firstRow = await page.$$eval('.dt-table tbody tr:first-child td', (tds) => tds.map((td) => td.textContent));
    const [store] = await sql<{ city: string }>(`select city from stores order by store_number, store_id limit 1`);
    assert.equal(firstRow[dragged.indexOf('City') + 1], store!.city);

    const dialog = await openSettings(page);
    await dialog.getByRole('button', { name: 'Move City down' }).focus();
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'Move City down', 'the focus stays');
    await closeSettings(page);
    assert.deepEqual(await order(), start, 'back where it was');
    await context.close();
  });

  test('infinite scroll loads the next page when the rows come within 100 px of the bottom', async () => {
    const { page, context } = await env.newPage('admin', { viewport: { width: 1280, height: 700 } });
    await openTable(page, '/sales');
    const dialog = await openSettings(page);
    await dialog.getByLabel(/Infinite scroll/).check();
    await closeSettings(page);
    assert.equal(await page.locator('.dt-pager').count(), 0, 'no pager');
    const region = page.locator('.dt-scroll');
    await page.waitForFunction(() => {
      const r = document.querySelector('.dt-scroll')!;
      return r.scrollHeight > r.clientHeight + 100;
    });
    const loaded = await dataRowCount(page);
    // 99 px from the bottom is within the gap (at 101 px nothing loads: test/unit/near-bottom.test.ts).
    await region.evaluate((r) => r.scrollTo({ top: r.scrollHeight - r.clientHeight - 99 }));
    await page.waitForFunction((n) => document.querySelectorAll('.dt-table tbody tr').length >= n + 25, loaded);
    assert.match((await page.locator('.dt-info').textContent()) ?? '', new RegExp(`^Showing 1 to ${loaded + 25} of`));

    // No rows: the region keeps 94 px.
    await page.getByRole('searchbox', { name: 'Search:' }).fill('no store is called this');
    await page.waitForSelector('.dt-empty');
    assert.ok((await region.boundingBox())!.height >= 94);
    await context.close();
  });

  test('with infinite scroll, Refresh reads every page shown again: a change to a row of the first page shows, and the pages loaded stay', async () => {
    const { page, context } = await env.newPage('admin', { viewport: { width: 1280, height: 700 } });
    await openTable(page, '/sales');
    const dialog = await openSettings(page);
    await dialog.getByLabel(/Infinite scroll/).check();
    await closeSettings(page);
    await page.locator('.dt-scroll').evaluate((r) => r.scrollTo({ top: r.scrollHeight }));
    await page.waitForFunction(() => document.querySelectorAll('.dt-table tbody tr').length >= 50);
    const loaded = await dataRowCount(page);
    const salesAt = (await headers(page)).indexOf('Sales');
    const firstRowSales = () => page.$eval('.dt-table tbody tr', (tr, i) => tr.children[i]!.textContent, salesAt);
    // The first row shown (the newest sale), changed on the server since its page was read.
    const [newest] = await sql<{ sale_id: string }>(`select sale_id from sales order by sale_date desc, sale_id desc limit 1`);
    await sql(`update sales set sales = 987654.32 where sale_id = $1`, [newest!.sale_id]);
    assert.notEqual(await firstRowSales(), '$987,654.32');

    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await page.waitForFunction((i) => document.querySelector('.dt-table tbody tr')!.children[i]!.textContent === '$987,654.32', salesAt);
    assert.equal(await dataRowCount(page), loaded, 'the rows loaded are all still shown');
    await context.close();
  });

  test('with save state the settings survive a reload; without it the table starts afresh', async () => {
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/stores');
    let dialog = await openSettings(page);
    await dialog.getByRole('checkbox', { name: 'City' }).uncheck();
    await dialog.getByLabel('Main grouping').selectOption({ label: 'State' });
    await dialog.getByRole('button', { name: 'Move Name up' }).click();
    await closeSettings(page);
    await page.locator('.dt-group-toggle').first().click();
    const shown = await headers(page);

    await page.reload();
    await page.waitForSelector('[data-island-live] .dt-group-row');
    assert.deepEqual(await headers(page), shown);
    assert.equal(shown.includes('City'), false);
    assert.equal(await page.locator('.dt-group-toggle').first().getAttribute('aria-expanded'), 'true');
    dialog = await openSettings(page);
    assert.equal(await dialog.getByLabel('Main grouping').inputValue(), 'StateCode');
    await dialog.getByRole('checkbox', { name: 'Save state' }).uncheck();
    await closeSettings(page);

    // Nothing saved: the table waits for its first use again, and starts from the defaults.
    await page.reload();
    await page.locator('.dt-table').hover();
    await page.waitForSelector('[data-island-live] .dt-table');
    assert.ok((await headers(page)).includes('City'));
    assert.equal(await page.locator('.dt-group-row').count(), 0);
    await context.close();
  });
});
