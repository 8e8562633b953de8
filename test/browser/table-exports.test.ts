// The table's exports in real Chromium on the Stores screen: PDF opens the PDF stream's URL in a new tab with
// the list's search and grouping; CSV and Excel download every filtered row (as the list API filters them);
// Copy puts the selected rows on the clipboard, tab-separated under a header line, as the table shows them;
// and each says why it did nothing: an empty table, nothing selected, a clipboard that refuses.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import type { BrowserContext, Download, Page } from 'playwright-core';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { islandsLive } from '../support/tables.ts';
import { pageErrors } from '../support/navigation.ts';
import { defaultMessages as m } from '../../server/messages.ts';

const skip = browserSkipReason();

const rows = (page: Page) => page.locator('table.dt-table tbody tr:not(.dt-empty)');
const notice = (page: Page) => page.locator('.dt-notice');

/** Types a search and waits for the table to show `count` rows. */
async function search(page: Page, text: string, count: number): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search:' }).fill(text);
  await page.waitForFunction(
    ([n, t]) =>
      document.querySelectorAll('table.dt-table tbody tr:not(.dt-empty)').length === n &&
      !document.querySelector('table.dt-table[aria-busy]') &&
      (n > 0 || document.querySelector('table.dt-table tbody tr.dt-empty')?.textContent === t),
    [count, m.zeroRecords] as const,
  );
}

/** A download's bytes, read through its stream: the run's browser is connected to, so the file has no local path. */
async function downloaded(download: Download): Promise<Buffer> {
  return Buffer.concat(await (await download.createReadStream()).toArray());
}

describe('table exports on the Stores screen', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  /** The clerk's stores matching `text`, as the list API filters them (every row), by store number. */
  async function listed(context: BrowserContext, text: string): Promise<string[]> {
    const answer = await context.request.get(
      `/api/stores?${new URLSearchParams({ draw: '1', start: '0', length: '-1', 'search[value]': text })}`,
    );
    return ((await answer.json()) as { data: Array<{ StoreNumber: number }> }).data.map((r) => String(r.StoreNumber));
  }

  /** A word of a West store's city: a search that matches some of the clerk's stores, not all. */
  async function aCity(): Promise<string> {
    const [row] = (
      await env.t.db.pool.query<{ city: string }>(
        `select s.city from stores s join groups g using (group_id) where g.code = 'WE' group by s.city order by count(*) desc, s.city limit 1`,
      )
    ).rows;
    return row!.city;
  }

  test('PDF opens the PDF stream in a new tab, with the search and the grouping', async () => {
    const { page, context } = await env.newPage('clerk');
    const opened: string[] = [];
    await context.route('**/api/common/report?**', (route) => {
      opened.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/plain', body: 'the PDF' });
    });
    const city = await aCity();
    // A page first: a user's first page in a tab clears what another user saved there (shared browsers).
    await page.goto('/reports');
    // The table's saved state, there before its script reads it: a search and a main and sub grouping.
    await page.addInitScript(
      (text) =>
        sessionStorage.setItem(
          'backroom.tableState:/stores',
          JSON.stringify({ search: text, mainGroup: 'StateCode', subGroup: 'GroupName', saveState: true }),
        ),
      city,
    );
    await page.goto('/stores');
    await islandsLive(page);
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'PDF', exact: true }).click()]);
    await tab.waitForLoadState();
    const url = new URL(tab.url());
    assert.equal(url.pathname, '/api/common/report');
    assert.deepEqual([...url.searchParams.keys()].slice(0, 5), ['filename', 'stream', 'format', 'maingroup', 'subgroup']);
    assert.equal(url.searchParams.get('filename'), 'stores');
    assert.equal(url.searchParams.get('stream'), 'true');
    assert.equal(url.searchParams.get('format'), 'pdf');
    assert.equal(url.searchParams.get('maingroup'), 'StateCode');
    assert.equal(url.searchParams.get('subgroup'), 'GroupName');
    assert.equal(url.searchParams.get('search[value]'), city);
    assert.equal(url.searchParams.get('columns[0][data]'), 'StoreNumber');
    assert.equal(url.searchParams.get('start'), null, 'every filtered row, not a page');
    assert.deepEqual(opened, [tab.url()]);
    await context.close();
  });

  test('CSV and Excel download every filtered row, in the shown columns', async () => {
    const { page, context } = await env.newPage('clerk');
    const errors = pageErrors(page);
    await page.goto('/stores');
    await islandsLive(page);
    const city = await aCity();
    const expected = await listed(context, city);
    const all = await listed(context, '');
    assert.ok(expected.length > 0 && expected.length < all.length, `${expected.length} of ${all.length}`);
    await search(page, city, Math.min(expected.length, 25));

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV', exact: true }).click()]);
    assert.equal(csv.suggestedFilename(), 'stores.csv');
    const bytes = await downloaded(csv);
    assert.deepEqual([...bytes.subarray(0, 2)], [0xff, 0xfe]);
    const lines = bytes.subarray(2).toString('utf16le').trimEnd().split('\r\n');
    assert.equal(lines[0], 'Store #,Name,City,State,Group,Opened,Active');
    assert.deepEqual(
      lines.slice(1).map((l) => l.split(',')[0]),
      expected,
    );

    const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Excel', exact: true }).click()]);
    assert.equal(xlsx.suggestedFilename(), 'stores.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await downloaded(xlsx)) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const values: string[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1).map((v) => String(v))));
    assert.deepEqual(values[0], ['Store #', 'Name', 'City', 'State', 'Group', 'Opened', 'Active']);
    assert.deepEqual(
      values.slice(1).map((v) => v[0]),
      expected,
    );
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('an empty table downloads nothing and says there is no data', async () => {
    const { page, context } = await env.newPage('clerk');
    await page.goto('/stores');
    await islandsLive(page);
    await search(page, 'no store is called this', 0);
    let downloads = 0;
    page.on('download', () => downloads++);
    await page.getByRole('button', { name: 'CSV', exact: true }).click();
    await notice(page).filter({ hasText: m.noDataToDownload }).waitFor();
    // Another notice between the two, so the second one is the Excel button's own.
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await notice(page).filter({ hasText: m.selectToCopy }).waitFor();
    await page.getByRole('button', { name: 'Excel', exact: true }).click();
    await notice(page).filter({ hasText: m.noDataToDownload }).waitFor();
    assert.equal(downloads, 0);
    await context.close();
  });

  test('an export the server refuses is told in the notice, not saved as the file', async () => {
    const { page, context } = await env.newPage('clerk');
    await page.goto('/stores');
    await islandsLive(page);
    let downloads = 0;
    page.on('download', () => downloads++);
    // The session ends (as after two idle hours): the export's check is refused with 401.
    await context.clearCookies();
    await page.getByRole('button', { name: 'CSV', exact: true }).click();
    await notice(page).filter({ hasText: m.unauthenticated }).waitFor();
    assert.equal(downloads, 0);
    await context.close();
  });

  test('Copy puts the selected rows on the clipboard under a header line, tab-separated, as the table shows them', async () => {
    const { page, context } = await env.newPage('clerk');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/stores');
    await islandsLive(page);
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await notice(page).filter({ hasText: m.selectToCopy }).waitFor();

    for (const i of [0, 2]) await rows(page).nth(i).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await notice(page).filter({ hasText: '2 Record(s) copied' }).waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const header = await page
      .locator('table.dt-table thead tr')
      .first()
      .locator('th')
      .evaluateAll((cells) => cells.slice(1).map((c) => c.textContent?.trim() ?? ''));
    const cellsOf = (i: number) =>
      rows(page)
        .nth(i)
        .locator('td')
        .evaluateAll((cells) => cells.slice(1).map((c) => c.textContent ?? ''));
    const expected = [header, await cellsOf(0), await cellsOf(2)].map((cells) => cells.join('\t')).join('\n');
    assert.equal(copied, expected);
    assert.match(copied, /^Store #\tName\tCity\tState\tGroup\tOpened\tActive\n\d+\t/);
    await context.close();
  });

  test('a clipboard that refuses is told as "Failed to Copy records!"', async () => {
    const { page, context } = await env.newPage('clerk');
    await page.addInitScript(() => {
      Clipboard.prototype.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
    });
    await page.goto('/stores');
    await islandsLive(page);
    await rows(page).first().getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Copy', exact: true }).click();
    await notice(page).filter({ hasText: m.copyFailed }).waitFor();
    await context.close();
  });
});
