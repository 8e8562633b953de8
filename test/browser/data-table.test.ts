// The data-table island on real table screens with the demo data, in real Chromium: hydration with the
// server's first page (no second call for it), sorting (aria-sort, ascending then descending, shift for a
// multi-column sort), paging and page sizes up to All, the server-side search, the selection and what it
// enables, the ticking time stamp, footer totals (asked beside the rows, which never wait for them; kept
// while only the page or sort changes; a grouped table's count of groups kept; SCREENSHOTS_DIR=<dir> saves
// the footer waiting and filled at 1280 and 375 px), a failed or unreadable list call, the session's cache and
// Refresh, mobile columns, saved state across a swap and a reload, and the store selection (axe-core on every
// table screen: table-screens-axe.test.ts).
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page, Request } from 'playwright-core';
import { formatValue } from '../../common/format.ts';
import { salesDef } from '../../server/resources/sales.ts';
import type { Column } from '../../common/resources/types.ts';
import { axeViolations } from '../support/axe.ts';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { menuPages } from '../support/menu-pages.ts';
import { pageErrors, waitForTitle } from '../support/navigation.ts';
import { screenshot } from '../support/screen.ts';
import { openTable } from '../support/tables.ts';
import { until } from '../support/until.ts';

const skip = browserSkipReason();

/** Whether a list call reads rows: not the footer totals' call a table asks beside them (rows=false). */
const readsRows = (url: URL) => url.searchParams.get('rows') !== 'false';

/** Notes every list call the page makes to `/api/<resource>` (not its exports or choices), for rows or totals. */
function listCalls(page: Page, resource: string): URL[] {
  const calls: URL[] = [];
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname === `/api/${resource}`) calls.push(url);
  });
  return calls;
}

/** Runs `action` and waits for the answer with rows it causes. */
async function listAfter(page: Page, resource: string, action: () => Promise<unknown>): Promise<URL> {
  const rowsAnswer = (address: string) => {
    const url = new URL(address);
    return url.pathname === `/api/${resource}` && readsRows(url);
  };
  const [res] = await Promise.all([page.waitForResponse((r) => rowsAnswer(r.url())), action()]);
  await res.finished();
  // The answer is drawn once the info line has caught up with it.
  const body = (await res.json()) as { data: unknown[]; groups: unknown[] | null; recordsFiltered: number };
  const start = Number(new URL(res.url()).searchParams.get('start') ?? 0);
  // A grouped table's answer is a page of groups.
  const shown = (body.groups ?? body.data).length ? `Showing ${(start + 1).toLocaleString('en-US')} to` : 'Showing 0 to 0';
  if (res.ok()) await page.waitForFunction((s) => document.querySelector('.dt-info')?.textContent?.startsWith(s), shown);
  return new URL(res.url());
}

/**
 * Holds the footer totals' calls (rows=false) to `/api/<resource>` that `which` picks, until the returned
 * function is called; every other call goes through.
 */
async function holdTotals(page: Page, resource: string, which: (url: URL) => boolean = () => true): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/api/${resource}?*`, async (route) => {
    const url = new URL(route.request().url());
    if (!readsRows(url) && which(url)) await held;
    // The page may have dropped the call meanwhile (newer filters): nothing is left to send it to.
    await route.continue().catch(() => undefined);
  });
  return release;
}

/** A column's cell texts, by its header's label. */
async function columnTexts(page: Page, label: string): Promise<string[]> {
  return page.evaluate((l) => {
    const heads = [...document.querySelectorAll('.dt-table thead th')];
    const i = heads.findIndex((th) => th.textContent?.replace(/\d+$/, '') === l);
    return [...document.querySelectorAll('.dt-table tbody tr')].map((tr) => tr.children[i]?.textContent ?? '');
  }, label);
}

/** What `read` gives once it equals `expected`, or after 10 s whatever it gives then (for the assertion's diff). */
async function settled<T>(read: () => Promise<T>, expected: T): Promise<T> {
  let value = await read();
  await until(async () => JSON.stringify((value = await read())) === JSON.stringify(expected), 'the expected value').catch(() => undefined);
  return value;
}

const ariaSort = (page: Page, label: string) => page.getAttribute(`.dt-table th:has(button:text-is("${label}"))`, 'aria-sort');
const info = (page: Page) => page.textContent('.dt-info');
const bodyRows = (page: Page) => page.locator('.dt-table tbody tr').count();
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const searchFor = (page: Page, text: string) => page.getByRole('searchbox', { name: 'Search:' }).fill(text);
const foot = (page: Page) => page.locator('.dt-table tfoot');
/** The footer's total cells' texts, those with one. */
const footTexts = (page: Page) => page.$$eval('.dt-table tfoot td', (tds) => tds.map((td) => td.textContent).filter(Boolean));
const footSettled = (page: Page) =>
  page.waitForFunction(() => document.querySelector('.dt-table tfoot')?.hasAttribute('aria-busy') === false);

describe('the data-table island', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  async function sql<T>(text: string): Promise<T[]> {
    return (await env.t.db.pool.query(text)).rows as T[];
  }

  test('hydrates with the rows the server drew, without asking for them again, and without errors', async () => {
    const { page, context } = await env.newPage('admin');
    const errors = pageErrors(page);
    const calls = listCalls(page, 'stores');
    await openTable(page, '/stores');
    assert.equal(await bodyRows(page), 25);
    // Something that does need the server: the only list call is for it.
    await listAfter(page, 'stores', () => button(page, 'Name').click());
    assert.equal(calls.length, 1);
    assert.deepEqual(errors, []);

    // Without any script, the same rows are there.
    await page.route('**/static/build/**/*.js', (route) => route.abort());
    await page.goto('/stores');
    assert.equal(await bodyRows(page), 25);
    assert.equal(await page.locator('[data-island-live]').count(), 0);
    await context.close();
  });

  test("dates and times show in the reader's time zone, not the server's, and hydrate without errors", async () => {
    const zone = 'Pacific/Auckland';
    const { page, context } = await env.newPage('admin', { timezoneId: zone });
    const errors = pageErrors(page);
    await openTable(page, '/messages');
    const cell = page.locator('.dt-table tbody time').first();
    const iso = (await cell.getAttribute('datetime'))!;
    const part = (type: string) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(iso))
        .find((p) => p.type === type)!.value;
    const expected = `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
    await page.waitForFunction((text) => document.querySelector('.dt-table tbody time')?.textContent === text, expected);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a sortable header sorts ascending, then descending, with aria-sort; shift-click adds a column', async () => {
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/stores');
    assert.equal(await ariaSort(page, 'Store #'), 'ascending', 'the default sort');
    assert.equal(await ariaSort(page, 'Name'), null);
    const [first] = await sql<{ name: string }>(`select name from stores order by name asc, store_id limit 1`);
    const [last] = await sql<{ name: string }>(`select name from stores order by name desc, store_id limit 1`);

    // From the keyboard: the header's button.
    await button(page, 'Name').focus();
    let url = await listAfter(page, 'stores', () => page.keyboard.press('Enter'));
    assert.equal(await ariaSort(page, 'Name'), 'ascending');
    assert.equal(await ariaSort(page, 'Store #'), null, 'a plain click sorts by that column alone');
    assert.equal((await columnTexts(page, 'Name'))[0], first!.name);
    assert.equal(url.searchParams.get('order[0][dir]'), 'asc');

    url = await listAfter(page, 'stores', () => button(page, 'Name').click());
    assert.equal(await ariaSort(page, 'Name'), 'descending');
    assert.equal((await columnTexts(page, 'Name'))[0], last!.name);

    // Back to ascending: an answer this session already has, so no call (its rows are drawn a frame after the header).
    await button(page, 'Name').click();
    await page.waitForSelector('th[aria-sort=ascending]:has(button:text-is("Name"))');
    await page.waitForFunction(
      (name) => {
        const heads = [...document.querySelectorAll('.dt-table thead th')];
        const i = heads.findIndex((th) => th.textContent?.replace(/\d+$/, '') === 'Name');
        return document.querySelector('.dt-table tbody tr')?.children[i]?.textContent === name;
      },
      first!.name,
      { timeout: 5000 },
    );
    assert.equal((await columnTexts(page, 'Name'))[0], first!.name);

    url = await listAfter(page, 'stores', () => button(page, 'State').click({ modifiers: ['Shift'] }));
    assert.equal(await ariaSort(page, 'Name'), 'ascending');
    assert.equal(await ariaSort(page, 'State'), 'ascending');
    const named = (i: number) => url.searchParams.get(`columns[${url.searchParams.get(`order[${i}][column]`)}][data]`);
    assert.deepEqual([named(0), named(1)], ['Name', 'StateCode']);
    assert.equal(await page.getAttribute('th[aria-sort] button:has-text("State")', 'class'), 'dt-sort dt-sort-asc');
    await context.close();
  });

  test("Next and Previous read on by the shown page's cursor, and show the rows its offset holds", async () => {
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/sales');
    const rowsAt = (url: URL) =>
      page.evaluate(async (u) => {
        const plain = new URL(u);
        plain.searchParams.delete('after');
        plain.searchParams.delete('before');
        const res = await fetch(plain, { headers: { accept: 'application/json' } });
        const rows = ((await res.json()) as { data: Array<{ StoreNumber: number; SaleDate: string }> }).data;
        return rows.map((r) => `${r.StoreNumber} ${r.SaleDate.split('-').reverse().join('/')}`);
      }, url.toString());
    const shownIds = async () => {
      const [numbers, days] = [await columnTexts(page, 'Store #'), await columnTexts(page, 'Date')];
      return numbers.map((n, i) => `${n} ${days[i]}`);
    };

    let url = await listAfter(page, 'sales', () => button(page, 'Next').click());
    assert.equal(url.searchParams.get('start'), '25');
    assert.ok(url.searchParams.get('after'), "Next sends the first page's cursor");
    assert.deepEqual(await shownIds(), await rowsAt(url), 'the rows the offset holds');

    url = await listAfter(page, 'sales', () => button(page, 'Page 4').click());
    assert.equal(url.searchParams.get('after'), null, 'a jump has no cursor to read on from');
    assert.equal(url.searchParams.get('before'), null);

    url = await listAfter(page, 'sales', () => button(page, 'Previous').click());
    assert.equal(url.searchParams.get('start'), '50');
    assert.ok(url.searchParams.get('before'), "Previous sends the shown page's cursor");
    assert.deepEqual(await shownIds(), await rowsAt(url));
    await context.close();
  });

  test('pages by number, First, Previous, Next and Last, and shows 10, 25, 50, 100 or All rows', async () => {
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/stores');
    const [{ n }] = (await sql<{ n: number }>(`select count(*)::int as n from stores`)) as [{ n: number }];
    assert.equal(await info(page), `Showing 1 to 25 of ${n} entries`);
    assert.deepEqual(await page.$$eval('.dt-length option', (os) => os.map((o) => o.textContent)), ['10', '25', '50', '100', 'All']);
    assert.equal(await button(page, 'Previous').isDisabled(), true);

    await listAfter(page, 'stores', () => button(page, 'Page 2').click());
    assert.equal(await info(page), `Showing 26 to 50 of ${n} entries`);
    assert.equal(await page.getAttribute('button[aria-current=page]', 'aria-label'), 'Page 2');
    await listAfter(page, 'stores', () => button(page, 'Last').click());
    assert.equal(await info(page), `Showing ${Math.floor((n - 1) / 25) * 25 + 1} to ${n} of ${n} entries`);
    assert.equal(await button(page, 'Next').isDisabled(), true);

    const url = await listAfter(page, 'stores', () => page.selectOption('.dt-length select', '10'));
    assert.equal(url.searchParams.get('length'), '10');
    assert.equal(await info(page), `Showing 1 to 10 of ${n} entries`, 'a new page size starts at the first page');
    assert.equal(await bodyRows(page), 10);
    // Five page buttons at most, around the current page.
    await listAfter(page, 'stores', () => button(page, 'Page 3').click());
    assert.deepEqual(await page.$$eval('.dt-page-number', (bs) => bs.map((b) => b.textContent)), ['1', '2', '3', '4', '5']);
    const pages = Math.ceil(n / 10);
    await listAfter(page, 'stores', () => button(page, 'Last').click());
    const last = Array.from({ length: Math.min(5, pages) }, (_, i) => String(Math.max(1, pages - 4) + i));
    assert.deepEqual(await page.$$eval('.dt-page-number', (bs) => bs.map((b) => b.textContent)), last);

    const all = await listAfter(page, 'stores', () => page.selectOption('.dt-length select', { label: 'All' }));
    assert.equal(all.searchParams.get('length'), '-1');
    assert.equal(await bodyRows(page), n);
    assert.deepEqual(await page.$$eval('.dt-page-number', (bs) => bs.map((b) => b.textContent)), ['1']);
    await context.close();
  });

  test('the search asks the server once typing pauses, says what it filtered, and when nothing matches', async () => {
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/stores');
    const searchBox = page.getByRole('searchbox', { name: 'Search:' });
    assert.equal(await searchBox.getAttribute('type'), 'search');
    const [{ n: total }] = (await sql<{ n: number }>(`select count(*)::int as n from stores`)) as [{ n: number }];
    // A city of a few stores.
    const [{ city }] = (await sql<{ city: string }>(`select city from stores group by city order by count(*), city limit 1`)) as [
      { city: string },
    ];
    const n = await page.evaluate(
      async (q) =>
        ((await (await fetch(`/api/stores?length=1&search[value]=${encodeURIComponent(q)}`)).json()) as { recordsFiltered: number })
          .recordsFiltered,
      city,
    );
    assert.ok(n > 0 && n < 25);
    const url = await listAfter(page, 'stores', () => searchBox.pressSequentially(city));
    assert.equal(url.searchParams.get('search[value]'), city, 'one call for the whole text');
    assert.equal(await info(page), `Showing 1 to ${n} of ${n} entries (filtered from ${total} total entries)`);
    assert.equal(await bodyRows(page), n);

    await listAfter(page, 'stores', () => searchBox.fill('zzzqqq'));
    assert.equal(await page.textContent('.dt-empty td'), 'No matching records found');
    assert.equal(await info(page), `Showing 0 to 0 of 0 entries (filtered from ${total} total entries)`);
    await context.close();
  });

  test('row checkboxes select and highlight rows; the header box is indeterminate; the counter and Edit/Delete follow', async () => {
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/stores');
    const header = page.getByRole('checkbox', { name: 'Select every row on this page' });
    const rowBox = (i: number) => page.locator('.dt-table tbody tr').nth(i).getByRole('checkbox');
    const indeterminate = () => header.evaluate((b) => (b as HTMLInputElement).indeterminate);
    assert.equal(await button(page, 'Select All').isVisible(), true);
    assert.equal(await button(page, 'Edit').isDisabled(), true);
    assert.equal(await button(page, 'Delete').isDisabled(), true);

    await rowBox(0).check();
    assert.equal(await button(page, '1 Record(s) Selected').isVisible(), true);
    assert.match((await page.locator('.dt-table tbody tr').nth(0).getAttribute('class')) ?? '', /dt-selected/);
    assert.equal(await indeterminate(), true);
    assert.equal(await button(page, 'Edit').isEnabled(), true);
    assert.equal(await button(page, 'Delete').isEnabled(), true);

    // From the keyboard: Space on the next row's box.
    await rowBox(1).focus();
    await page.keyboard.press('Space');
    assert.equal(await button(page, '2 Record(s) Selected').isVisible(), true);
    assert.equal(await button(page, 'Edit').isEnabled(), true, 'Edit of several rows is the bulk edit');
    assert.equal(await button(page, 'Delete').isEnabled(), true);

    await header.check();
    assert.equal(await indeterminate(), false);
    assert.equal(await button(page, '25 Record(s) Selected').isVisible(), true);
    await button(page, '25 Record(s) Selected').click();
    assert.equal(await button(page, 'Select All').isVisible(), true, 'the counter clears the selection');
    await button(page, 'Select All').click();
    assert.equal(await header.isChecked(), true, 'and selects the page');
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });

  test('the toolbar offers what the user may do: a clerk may not delete stores, nobody adds client errors', async () => {
    const { page, context } = await env.newPage('clerk');
    await openTable(page, '/stores');
    for (const name of ['Add', 'Edit', 'Refresh', 'Settings', 'PDF', 'Excel', 'CSV', 'Copy'])
      assert.equal(await button(page, name).count(), 1, name);
    assert.equal(await button(page, 'Delete').count(), 0, 'a button the clerk may never use is not shown');
    assert.equal(await button(page, 'Add').isEnabled(), true);
    await page.locator('.dt-table tbody tr').nth(0).getByRole('checkbox').check();
    assert.equal(await button(page, 'Edit').isEnabled(), true);
    await context.close();

    const it = await env.newPage('itdesk');
    await openTable(it.page, '/admin/user-errors');
    assert.equal(await button(it.page, 'Add').count(), 0);
    await it.context.close();
  });

  test('the toolbar buttons load their modules on first use and hand them the table', async () => {
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/stores');
    await page.locator('.dt-table tbody tr').nth(0).getByRole('checkbox').check();
    await button(page, 'Edit').click();
    // The row dialogs' own tests are test/browser/row-dialogs.test.ts.
    await page.getByRole('dialog', { name: /^Edit .+ in Stores$/ }).waitFor();
    assert.equal(await page.getAttribute('.dt-notice', 'role'), 'status');
    await context.close();
  });

  test('the time stamp says when the rows were read, and keeps counting', async () => {
    const { page, context } = await env.newPage('admin');
    await page.clock.install();
    await openTable(page, '/states');
    await page.waitForFunction(() => document.querySelector('.dt-updated')?.textContent?.startsWith('last updated'));
    await page.clock.fastForward('03:00');
    await page.waitForFunction(() => document.querySelector('.dt-updated')?.textContent === 'last updated 3 minutes ago');
    await page.clock.fastForward('02:00:00');
    await page.waitForFunction(() => document.querySelector('.dt-updated')?.textContent === 'last updated 2 hours ago');
    await context.close();
  });

  test("the footer shows the server's totals over every filtered row, formatted like their columns, a count in words", async () => {
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/sales');
    const totals = await page.evaluate(
      async () => ((await (await fetch('/api/sales?length=1')).json()) as { totals: Record<string, unknown> }).totals,
    );
    const columns: ReadonlyArray<Column> = salesDef.browserHalf.columns;
    for (const c of columns.filter((c) => c.total)) {
      const text = await page.textContent(`.dt-table tfoot td[data-column="${c.name}"]`);
      const expected = c.total === 'count' ? `${formatValue(totals[c.name], 'integer')} Record(s)` : formatValue(totals[c.name], c.format);
      assert.equal(text, expected, c.name);
      assert.ok(expected !== '', c.name);
    }
    assert.match((await page.textContent('.dt-table tfoot td[data-column="Sales"]')) ?? '', /^\$[\d,]+\.\d\d$/);
    await context.close();
  });

  for (const width of [1280, 375])
    test(`at ${width} px a new search's rows show without waiting for its footer totals, the footer busy at its height until they come`, async () => {
      const { page, context } = await env.newPage('admin', { viewport: { width, height: 900 } });
      await openTable(page, '/sales');
      const height = async () => (await foot(page).boundingBox())!.height;
      const before = await height();
      const release = await holdTotals(page, 'sales');
      const url = await listAfter(page, 'sales', () => searchFor(page, 'TX'));
      assert.equal(url.searchParams.get('totals'), 'false', 'the rows are asked without their totals');
      assert.ok((await bodyRows(page)) > 1, 'the rows are shown');
      assert.equal(await foot(page).getAttribute('aria-busy'), 'true', 'the footer waits for its totals');
      // Each total a blank bar, hidden from screen readers: no total of the filters before is shown.
      const cells = await page.$$eval('.dt-table tfoot td', (tds) =>
        tds.filter((td) => td.textContent).map((td) => td.querySelector('.dt-wait')?.getAttribute('aria-hidden') ?? td.textContent),
      );
      assert.ok(cells.length > 1, 'the totals wait');
      assert.deepEqual(new Set(cells), new Set(['true']), 'every total waits, hidden');
      assert.equal(await height(), before, 'the footer keeps its height while it waits');
      await screenshot(page, `footer-totals-${width}-pending`);

      const totals = await page.evaluate(
        async () => ((await (await fetch('/api/sales?length=1&search[value]=TX')).json()) as { totals: Record<string, unknown> }).totals,
      );
      release();
      await footSettled(page);
      assert.equal(await page.textContent('.dt-table tfoot td[data-column="Sales"]'), formatValue(totals.Sales, 'currency'));
      assert.equal(
        await page.textContent('.dt-table tfoot td[data-column="SaleDate"]'),
        `${formatValue(totals.SaleDate, 'integer')} Record(s)`,
      );
      await screenshot(page, `footer-totals-${width}-done`);
      assert.deepEqual(await axeViolations(page), []);
      await context.close();
    });

  test('a page or a sort alone makes one call, for the rows, and keeps the footer totals; a search asks its own once', async () => {
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/sales');
    const calls = listCalls(page, 'sales');
    const totals = await footTexts(page);
    await listAfter(page, 'sales', () => button(page, 'Page 2').click());
    await listAfter(page, 'sales', () => page.click('.dt-table th button:text-is("Sales")'));
    assert.deepEqual(
      calls.map((c) => [c.searchParams.get('totals'), c.searchParams.get('rows')]),
      [
        ['false', null],
        ['false', null],
      ],
    );
    assert.deepEqual(await footTexts(page), totals, 'the same totals');
    assert.equal(await foot(page).getAttribute('aria-busy'), null);

    await listAfter(page, 'sales', () => searchFor(page, 'TX'));
    await footSettled(page);
    const searched = await footTexts(page);
    assert.notDeepEqual(searched, totals);
    assert.deepEqual(calls.slice(2).filter(readsRows).length, 1);
    assert.equal(calls.length, 4, "the search's rows and its totals");
    await listAfter(page, 'sales', () => button(page, 'Page 2').click());
    assert.equal(calls.length, 5);
    assert.deepEqual(await footTexts(page), searched);
    await context.close();
  });

  test("a newer search's totals are shown, never an older one's, even when the older come last", async () => {
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/sales');
    const release = await holdTotals(page, 'sales', (url) => url.searchParams.get('search[value]') === 'TX');
    const dropped = page.waitForEvent('requestfailed', (r) => new URL(r.url()).searchParams.get('search[value]') === 'TX');
    const expected = await page.evaluate(
      async () => ((await (await fetch('/api/sales?length=1&search[value]=CA')).json()) as { totals: { Sales: number } }).totals.Sales,
    );
    await listAfter(page, 'sales', () => searchFor(page, 'TX'));
    assert.equal(await foot(page).getAttribute('aria-busy'), 'true');
    await listAfter(page, 'sales', () => searchFor(page, 'CA'));
    await footSettled(page);
    const sales = () => page.textContent('.dt-table tfoot td[data-column="Sales"]');
    assert.equal(await sales(), formatValue(expected, 'currency'));
    // The older search's call for its totals was dropped as the newer search was asked: its answer cannot come.
    assert.equal((await dropped).failure()?.errorText, 'net::ERR_ABORTED');
    assert.equal(readsRows(new URL((await dropped).url())), false);
    release();
    assert.equal(await sales(), formatValue(expected, 'currency'));
    assert.equal(await foot(page).getAttribute('aria-busy'), null);
    await context.close();
  });

  test('grouped, a search shows the count of its groups, not of its rows, before and after its totals come and on Refresh', async () => {
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/sales');
    await button(page, 'Settings').click();
    const dialog = page.getByRole('dialog', { name: 'Table settings' });
    await dialog.getByLabel('Main grouping').selectOption({ label: 'State' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.waitForSelector('.dt-group-row');
    const groups = await page.evaluate(
      async () =>
        ((await (await fetch('/api/sales?length=25&maingroup=StateCode&search[value]=T')).json()) as { recordsFiltered: number })
          .recordsFiltered,
    );
    const rows = await page.evaluate(
      async () => ((await (await fetch('/api/sales?length=1&search[value]=T')).json()) as { recordsFiltered: number }).recordsFiltered,
    );
    assert.ok(groups > 1 && rows > groups, `${groups} groups of ${rows} rows`);
    const counted = `Showing 1 to ${Math.min(groups, 25)} of ${groups} groups`;
    const release = await holdTotals(page, 'sales');
    await searchFor(page, 'T');
    // The groups are shown, their totals still to come.
    await page.waitForSelector('.dt-table tfoot[aria-busy=true]');
    assert.equal(await info(page), counted);
    release();
    await footSettled(page);
    assert.equal(await info(page), counted);
    await listAfter(page, 'sales', () => button(page, 'Refresh').click());
    await footSettled(page);
    assert.equal(await info(page), counted);
    await context.close();
  });

  test('a failed list call clears the table and says why in red; an unreadable answer says it could not be parsed', async () => {
    const { page, context } = await env.newPage('admin');
    const warnings: string[] = [];
    page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await openTable(page, '/stores');
    await page.route('**/api/stores?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"data":[],"error":"The server broke."}' }),
    );
    await button(page, 'Name').click();
    await page.waitForSelector('.dt-empty td.dt-error');
    assert.equal(await page.textContent('.dt-empty td'), 'The server broke.');
    assert.equal(await bodyRows(page), 1);
    assert.equal(await page.$eval('.dt-empty td', (td) => getComputedStyle(td).color), 'rgb(198, 40, 40)');
    assert.ok(
      warnings.some((w) => w.includes('The server broke.')),
      'the server error is logged as a warning',
    );

    await page.unroute('**/api/stores?*');
    await page.route('**/api/stores?*', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '<html>oops' }));
    await button(page, 'Name').click();
    await page.waitForFunction(() => document.querySelector('.dt-empty td')?.textContent === 'JSON data from server could not be parsed');
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });

  test('answers are kept for the session: a page seen again comes from the cache, Refresh asks the server', async () => {
    const { page, context } = await env.newPage('admin');
    const calls = listCalls(page, 'stores');
    await openTable(page, '/stores');
    await listAfter(page, 'stores', () => button(page, 'Page 2').click());
    assert.equal(calls.length, 1);
    await button(page, 'Page 1').click();
    await page.waitForFunction(() => document.querySelector('.dt-info')?.textContent?.startsWith('Showing 1 to'));
    await button(page, 'Page 2').click();
    await page.waitForFunction(() => document.querySelector('.dt-info')?.textContent?.startsWith('Showing 26 to'));
    assert.equal(calls.length, 1, 'both pages came from the cache');
    await listAfter(page, 'stores', () => button(page, 'Refresh').click());
    // The rows again, and their totals beside them: a refresh reads what may have changed.
    const rows = calls.filter(readsRows);
    assert.deepEqual([rows.length, calls.length], [2, 3]);
    assert.equal(rows[1]!.searchParams.get('start'), '25');
    await context.close();
  });

  test('under 780 px the columns marked for it are hidden, and no table screen is wider than a 375 px screen', async () => {
    const { page, context } = await env.newPage('admin', { viewport: { width: 375, height: 740 } });
    await openTable(page, '/stores');
    assert.equal(await page.isVisible('.dt-table th:has-text("City")'), false);
    assert.equal(await page.isVisible('.dt-table th:has-text("Name")'), true);
    assert.equal(await page.isVisible('.dt-table tbody td.dt-mobile-hidden'), false);
    const screens = (await menuPages(page)).filter(
      (p) => p !== '/' && !p.startsWith('/reports') && !p.startsWith('/summaries') && !p.startsWith('/charts'),
    );
    assert.ok(screens.includes('/sales') && screens.includes('/admin/users'));
    const tooWide: string[] = [];
    for (const path of screens) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) tooWide.push(`${path}: ${overflow}px`);
    }
    assert.deepEqual(tooWide, []);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openTable(page, '/stores');
    assert.equal(await page.isVisible('.dt-table th:has-text("City")'), true);
    await context.close();
  });

  test('the table state is kept for the page path across a swap, back and a reload', async () => {
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/stores');
    await listAfter(page, 'stores', () => page.selectOption('.dt-length select', '10'));
    await listAfter(page, 'stores', () => button(page, 'Name').click());
    await listAfter(page, 'stores', () => button(page, 'Name').click());
    await listAfter(page, 'stores', () => button(page, 'Page 2').click());
    const expected = { size: '10', sort: 'descending', page: 'Page 2', info: await info(page), names: await columnTexts(page, 'Name') };
    const seen = async () => ({
      size: await page.inputValue('.dt-length select'),
      sort: await ariaSort(page, 'Name'),
      page: await page.getAttribute('button[aria-current=page]', 'aria-label'),
      info: await info(page),
      names: await columnTexts(page, 'Name'),
    });

    // A page restored from the history cache is the browser's snapshot until the island mounts again and
    // draws its state (the snapshot keeps a <select>'s first value): wait for the state, not for one line.
    // A partial swap away and back through the menu.
    await page.click('#sidebar a[href="/states"]');
    await waitForTitle(page, 'States');
    await page.click('#sidebar a[href="/stores"]');
    await waitForTitle(page, 'Stores');
    assert.deepEqual(await settled(seen, expected), expected);

    await page.goBack();
    await waitForTitle(page, 'States');
    await page.goForward();
    await waitForTitle(page, 'Stores');
    assert.deepEqual(await settled(seen, expected), expected);

    await page.reload();
    assert.deepEqual(await settled(seen, expected), expected);
    await context.close();
  });

  test("the list follows the header's store selection", async () => {
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/stores');
    const some = (await sql<{ store_id: number }>(`select store_id from stores order by store_id limit 3`)).map((r) => r.store_id);
    const url = await listAfter(page, 'stores', () =>
      page.evaluate((ids) => {
        const id = document.querySelector<HTMLMetaElement>('meta[name="user-id"]')!.content;
        localStorage.setItem(`backroom.selectedStores.${id}`, JSON.stringify(ids));
        document.dispatchEvent(new CustomEvent('stores:changed'));
      }, some),
    );
    assert.equal(url.searchParams.get('stores'), some.join(','));
    assert.equal(await bodyRows(page), 3);
    await context.close();
  });
});
