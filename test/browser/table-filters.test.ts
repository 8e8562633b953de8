// Column filters in real Chromium, a manager's path on Daily sales: the Filters panel opened and used by
// keyboard, "Yesterday", a range of days, a min and max of Sales, two states; the chips saying each, with the
// count of rows they leave; a chip removed; the filters back after a reload (saved with the table's state);
// the CSV download holding the filtered rows only; and the screen at 1280 and 375 px with the panel open,
// clean under axe-core and no wider than the screen.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Download, Page } from 'playwright-core';
import { subDays } from 'date-fns/subDays';
import { formatDate } from '../../common/format.ts';
import { assertFits, screenshot } from '../support/screen.ts';
import { axeViolations } from '../support/axe.ts';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { pageErrors } from '../support/navigation.ts';
import { islandsLive } from '../support/tables.ts';
import { signIn } from '../support/app.ts';

const skip = browserSkipReason();

const chips = (page: Page) => page.locator('.dt-filter-chip > span');
const filtersButton = (page: Page) => page.locator('.dt-filter-toggle');
const iso = (d: Date) => formatDate(d, 'yyyy-MM-dd');

/** Waits until the table has answered (not busy) and the filter count reads `n` rows. */
async function countIs(page: Page, n: number): Promise<void> {
  const text = `${n.toLocaleString('en-US')} row(s) match`;
  await page.waitForFunction(
    (t) => !document.querySelector('table.dt-table[aria-busy]') && document.querySelector('.dt-filter-count')?.textContent === t,
    text,
  );
}

async function downloaded(download: Download): Promise<Buffer> {
  return Buffer.concat(await (await download.createReadStream()).toArray());
}

/** Chooses a column in the panel's Column select by keyboard (typing its label, as on a closed select). */
async function chooseColumn(page: Page, label: string): Promise<void> {
  const select = page.getByLabel('Column', { exact: true });
  await select.focus();
  await page.keyboard.type(label);
  await page.waitForFunction((l) => {
    const s = document.querySelector<HTMLSelectElement>('.dt-filter-panel select');
    return s?.selectedOptions[0]?.textContent === l;
  }, label);
}

describe('column filters on Daily sales', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  async function salesCount(where: string, params: unknown[] = []): Promise<number> {
    const { rows } = await env.t.db.pool.query<{ n: number }>(
      `select count(*)::int as n from sales sa join stores s on s.store_id = sa.store_id where ${where}`,
      params,
    );
    return rows[0]!.n;
  }

  test('a manager filters by keyboard, reads the chips and the count, removes one, reloads, and downloads the CSV', async () => {
    const { page, context } = await env.newPage('admin');
    const errors = pageErrors(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/sales');
    await islandsLive(page);

    // Open the panel by keyboard: the focus lands on its Column select.
    await page.getByRole('button', { name: 'Filters' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.closest('.dt-filter-panel') !== null);
    assert.equal(await filtersButton(page).getAttribute('aria-expanded'), 'true');

    // Yesterday, by its quick pick.
    await chooseColumn(page, 'Date');
    const yesterday = subDays(new Date(), 1);
    await page.getByRole('button', { name: 'Yesterday' }).focus();
    await page.keyboard.press('Enter');
    // A pick fills From and To and nothing else, as typing would: the focus is on Apply, one Enter away.
    assert.equal(await page.getByRole('textbox', { name: 'From (dd/MM/yyyy)' }).inputValue(), formatDate(yesterday));
    assert.equal(await chips(page).count(), 0);
    await screenshot(page, 'filter-pick-filled-1280');
    await page.waitForFunction(() => document.activeElement?.textContent === 'Apply');
    await page.keyboard.press('Enter');
    await countIs(page, await salesCount('sa.sale_date = $1', [iso(yesterday)]));
    // Kept as the pick, not its day (a saved view opens with the day before its own): the chip says both.
    assert.deepEqual(await chips(page).allTextContents(), [`Date: Yesterday, ${formatDate(yesterday)}`]);

    // This cycle: the one that includes today (the one that started last, when a week and a month both do).
    const { rows: cycles } = await env.t.db.pool.query<{ start_date: string; end_date: string }>(
      `select start_date::text, end_date::text from cycles where start_date <= $1 and end_date >= $1 order by start_date desc limit 1`,
      [iso(new Date())],
    );
    await page.getByRole('button', { name: 'This cycle' }).click();
    if (cycles[0]) {
      const { start_date: first, end_date: last } = cycles[0];
      // The cycle is asked of the server: Apply once its days are in the fields.
      await page.waitForFunction(
        (day) => document.querySelector<HTMLInputElement>('.dt-filter-range input')?.value === day,
        formatDate(first),
      );
      await page.getByRole('button', { name: 'Apply' }).click();
      await countIs(page, await salesCount('sa.sale_date between $1 and $2', [first, last]));
      assert.deepEqual(await chips(page).allTextContents(), [`Date: ${formatDate(first)} to ${formatDate(last)}`]);
    } else await page.getByRole('alert').filter({ hasText: 'No cycle includes today.' }).waitFor();

    // A range of days typed in.
    const [from, to] = [subDays(new Date(), 20), subDays(new Date(), 10)];
    await page.getByRole('textbox', { name: 'From (dd/MM/yyyy)' }).fill(formatDate(from));
    await page.getByRole('textbox', { name: 'To (dd/MM/yyyy)' }).fill(formatDate(to));
    await page.getByRole('textbox', { name: 'To (dd/MM/yyyy)' }).press('Enter');
    const inRange = 'sa.sale_date between $1 and $2';
    await countIs(page, await salesCount(inRange, [iso(from), iso(to)]));
    assert.deepEqual(await chips(page).allTextContents(), [`Date: ${formatDate(from)} to ${formatDate(to)}`]);

    // A mistake is explained, not sent.
    await page.getByRole('textbox', { name: 'From (dd/MM/yyyy)' }).fill('31/02/2026');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('alert').filter({ hasText: 'The filter on "Date" needs a day as dd/MM/yyyy' }).waitFor();
    await page.getByRole('textbox', { name: 'From (dd/MM/yyyy)' }).fill(formatDate(from));
    await page.getByRole('button', { name: 'Apply' }).click();

    // Sales from 1,000 to 5,000.
    await chooseColumn(page, 'Sales');
    await page.getByLabel('At least').fill('1,000');
    await page.getByLabel('At most').fill('5000');
    await page.keyboard.press('Enter');
    const withSales = `${inRange} and sa.sales between 1000 and 5000`;
    await countIs(page, await salesCount(withSales, [iso(from), iso(to)]));

    // Two states, ticked by keyboard.
    const { rows } = await env.t.db.pool.query<{ code: string }>(
      'select state_code as code from stores group by 1 order by count(*) desc, 1 limit 2',
    );
    const [one, two] = rows.map((r) => r.code) as [string, string];
    await chooseColumn(page, 'State');
    for (const code of [one, two]) {
      await page.getByRole('checkbox', { name: code, exact: true }).focus();
      await page.keyboard.press('Space');
    }
    await page.getByRole('button', { name: 'Apply' }).press('Enter');
    const withStates = `${withSales} and s.state_code in ($3, $4)`;
    const all = await salesCount(withStates, [iso(from), iso(to), one, two]);
    await countIs(page, all);
    const [first, second] = [one, two].sort();
    assert.deepEqual(await chips(page).allTextContents(), [
      `Date: ${formatDate(from)} to ${formatDate(to)}`,
      'Sales: $1,000.00 to $5,000.00',
      `State: ${first}, ${second}`,
    ]);
    assert.equal(await filtersButton(page).textContent(), 'Filters (3)');

    // The screen with the panel open: no axe violation, nothing wider than the screen, at 1280 and 375 px.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      assert.deepEqual(await axeViolations(page), [], `${width} px`);
      await assertFits(page, `${width} px: the page`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Esc closes the panel, the focus back on the Filters button.
    await page.getByRole('button', { name: 'Apply' }).focus();
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.activeElement?.classList.contains('dt-filter-toggle'));
    assert.equal(await filtersButton(page).getAttribute('aria-expanded'), 'false');

    // Remove the Sales chip by keyboard: the focus goes back to the Filters button.
    await page.getByRole('button', { name: 'Remove the filter Sales: $1,000.00 to $5,000.00' }).focus();
    await page.keyboard.press('Enter');
    const withoutSales = await salesCount(`${inRange} and s.state_code in ($3, $4)`, [iso(from), iso(to), one, two]);
    await countIs(page, withoutSales);
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Filters (2)');

    // Reloaded: the filters are restored with the table's state.
    await page.reload();
    await islandsLive(page);
    await countIs(page, withoutSales);
    assert.deepEqual(await chips(page).allTextContents(), [`Date: ${formatDate(from)} to ${formatDate(to)}`, `State: ${first}, ${second}`]);

    // The CSV holds the filtered rows only.
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV', exact: true }).click()]);
    const lines = (await downloaded(csv)).subarray(2).toString('utf16le').trimEnd().split('\r\n');
    assert.equal(lines.length - 1, withoutSales);
    assert.ok(lines.slice(1).every((l) => l.includes(`,${one},`) || l.includes(`,${two},`)));
    assert.deepEqual(errors, []);
    await context.close();
  });
  test('Last 7 days ends yesterday, Store # is one number, and an open range says At least as its field does', async () => {
    const { page, context } = await env.newPage('admin');
    const errors = pageErrors(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/sales');
    await islandsLive(page);
    await filtersButton(page).click();

    // The seven whole days before today: today's sales are not in yet.
    await chooseColumn(page, 'Date');
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    const [first, last] = [subDays(new Date(), 7), subDays(new Date(), 1)];
    await countIs(page, await salesCount('sa.sale_date between $1 and $2', [iso(first), iso(last)]));
    // Kept as the pick, not its days (a saved view opens with the last 7 days of its own day): the chip says both.
    assert.deepEqual(await chips(page).allTextContents(), [`Date: Last 7 days, ${formatDate(first)} to ${formatDate(last)}`]);

    // A store's number is typed once.
    const { rows } = await env.t.db.pool.query<{ n: number }>('select store_number as n from stores order by store_id limit 1');
    const store = rows[0]!.n;
    await chooseColumn(page, 'Store #');
    assert.equal(await page.getByLabel('At least').count(), 0, 'no range of store numbers to fill twice');
    await page.getByLabel('Equals').fill(String(store));
    await page.keyboard.press('Enter');
    await countIs(page, await salesCount('sa.sale_date between $1 and $2 and s.store_number = $3', [iso(first), iso(last), store]));
    assert.deepEqual((await chips(page).allTextContents()).slice(1), [`Store #: ${store}`]);

    // An amount with one end only.
    await chooseColumn(page, 'Sales');
    await page.getByLabel('At least').fill('1000');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.dt-filter-chip > span')].some((c) => c.textContent?.startsWith('Sales')),
    );
    assert.ok((await chips(page).allTextContents()).includes('Sales: at least $1,000.00'));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('an administrator narrows the audit log to one table, one user and today', async () => {
    const { page, context } = await env.newPage('admin');
    const errors = pageErrors(page);
    // Changes of today by admin on cycles and on states, so the log holds more than what is asked for.
    const admin = await signIn(env.t.app, 'admin');
    for (const table of ['cycles', 'states']) {
      const id = `${table.slice(0, -1)}_id`;
      const { rows } = await env.t.db.pool.query<{ id: number; version: number; name: string }>(
        `select ${id} as id, version, name from ${table} order by ${id} limit 1`,
      );
      const key = table === 'cycles' ? 'CycleID' : 'StateID';
      const res = await admin.inject({
        method: 'PATCH',
        url: `/api/${table}`,
        payload: { [key]: rows[0]!.id, Version: rows[0]!.version, Name: `${rows[0]!.name} (audited)` },
      });
      assert.equal(res.statusCode, 200, res.body);
    }
    await page.goto('/admin/audit');
    await islandsLive(page);
    await filtersButton(page).focus();
    await page.keyboard.press('Enter');
    await chooseColumn(page, 'Table');
    // The tables by their titles, as the rows show them.
    await page.getByRole('checkbox', { name: 'Cycles', exact: true }).check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await chooseColumn(page, 'Who');
    await page.getByRole('checkbox', { name: 'admin', exact: true }).check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await chooseColumn(page, 'When');
    await page.getByRole('button', { name: 'Today' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    const { rows } = await env.t.db.pool.query<{ n: number }>(
      `select count(*)::int as n from audit_log where resource = 'cycles' and user_name = 'admin' and at >= current_date and at < current_date + 1`,
    );
    assert.ok(rows[0]!.n > 0);
    await countIs(page, rows[0]!.n);
    assert.deepEqual(await chips(page).allTextContents(), ['Table: Cycles', 'Who: admin', `When: Today, ${formatDate(new Date())}`]);
    const shown = await page.locator('table.dt-table tbody tr:not(.dt-empty)').allTextContents();
    assert.ok(shown.length > 0 && shown.every((t) => t.includes('Cycles') && !t.includes('States')), shown.join(' / '));
    assert.deepEqual(errors, []);
    await context.close();
  });
});
