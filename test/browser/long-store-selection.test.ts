// A selection too long for a URL in real Chromium. Over a chain of 5,000 stores: chosen in the header's
// dialog, thousands of stores are registered with the server and travel by their reference, so the table,
// its CSV export and the summaries show the chosen stores and no request URL grows past a safe length
// (every request the pages make is recorded); a selection kept by an earlier version (the ids alone) is
// registered as the page loads, and the page's data follows. Over 700 stores (all but one is already too
// long a list), where axe-core runs in seconds rather than most of a minute: the table with such a
// selection, and the dialog opened again saying why when the server refuses the registration, have no
// violation at 1280 and 375 px.
import { before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Download, Page } from 'playwright-core';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { axeViolations } from '../support/axe.ts';
import { islandsLive } from '../support/tables.ts';
import { pageErrors } from '../support/navigation.ts';
import { addStoresUpTo } from '../../server/demo/seed-stores.ts';
import { LONGEST_STORES_IN_URL } from '../../common/store-selection.ts';

const skip = browserSkipReason();
const CHAIN = 5000;
/** What any request of the page may measure, whole: well under Node's 16 KB and a proxy's 8 KB for its first line. */
const LONGEST_URL = 4096;
const count = (n: number) => n.toLocaleString('en-US');

const label = (page: Page) => page.textContent('#store-selector-label');

/** Every URL the page requests, from now on. */
function recordUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}

/** The recorded URLs too long, or carrying too long a `stores`; none is what every test expects. */
function tooLong(urls: string[]): string[] {
  return urls.filter((u) => u.length > LONGEST_URL || (new URL(u).searchParams.get('stores') ?? '').length > LONGEST_STORES_IN_URL);
}

async function downloaded(download: Download): Promise<Buffer> {
  return Buffer.concat(await (await download.createReadStream()).toArray());
}

async function openDialog(page: Page): Promise<void> {
  await page.click('#store-selector');
  await page.waitForSelector('#store-dialog[open] #store-list input.store-box');
}

/** Clears a region's box in the open dialog (by its legend: a role query over thousands of boxes takes seconds). */
async function clearRegion(page: Page, region: string): Promise<void> {
  await page
    .locator('#store-list fieldset.store-region > legend label', { hasText: new RegExp(`^${region} \\(`) })
    .locator('input')
    .uncheck();
}

/** Waits until the table says it shows the first 25 of `total` rows. */
async function tableShows(page: Page, total: number): Promise<void> {
  await page.waitForFunction(
    (text) => document.querySelector('.dt-info')?.textContent === text,
    `Showing 1 to 25 of ${count(total)} entries`,
  );
}

const isApi = (url: string, path: string) => new URL(url).pathname === path;
const byReference = (url: string) => /^@[\w-]{43}$/.test(new URL(url).searchParams.get('stores') ?? '');

/** Applies the dialog's choice; the registration's answer and the table's first list call by reference. */
async function apply(page: Page) {
  const [registered, listed] = await Promise.all([
    page.waitForResponse((r) => isApi(r.url(), '/api/common/store-selections')),
    page.waitForResponse((r) => isApi(r.url(), '/api/stores') && byReference(r.url())),
    page.click('#store-apply'),
  ]);
  assert.equal(registered.status(), 200);
  assert.equal(listed.status(), 200);
}

describe('a selection of thousands of stores in a browser', { skip }, () => {
  const env = useBrowserEnv();
  let chosen = 0;
  before(async () => {
    await addStoresUpTo(env.t.db.pool, CHAIN);
    const { rows } = await env.t.db.pool.query(`select count(*)::int as n from stores join groups using (group_id) where code <> 'NE'`);
    chosen = rows[0].n;
  });
  const chosenLabel = () => `${count(chosen)} of ${count(CHAIN)} stores`;

  test('is chosen in the dialog, and the table, its CSV export and the summaries follow it by reference', async () => {
    const { page, context } = await env.newPage('admin');
    const urls = recordUrls(page);
    const errors = pageErrors(page);
    await page.goto('/stores');
    await islandsLive(page);
    assert.equal(await label(page), `All stores (${count(CHAIN)})`);

    await openDialog(page);
    await clearRegion(page, 'Northeast');
    await apply(page);
    await tableShows(page, chosen);
    assert.equal(await label(page), chosenLabel());

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV', exact: true }).click()]);
    const lines = (await downloaded(csv)).subarray(2).toString('utf16le').trimEnd().split('\r\n');
    assert.equal(lines.length, chosen + 1, 'a header and a line per chosen store');

    const [totals] = await Promise.all([
      page.waitForResponse((r) => isApi(r.url(), '/api/summaries/totals') && byReference(r.url())),
      page.click('#sidebar a[href="/summaries"]'),
    ]);
    assert.equal(totals.status(), 200);

    // A new page load keeps the selection and its reference, which it registers again.
    const [again] = await Promise.all([page.waitForResponse((r) => isApi(r.url(), '/api/common/store-selections')), page.goto('/stores')]);
    assert.equal((await again.json()).created, false);
    assert.equal(await label(page), chosenLabel());
    await islandsLive(page);
    await tableShows(page, chosen);

    assert.deepEqual(tooLong(urls), []);
    assert.ok(urls.some(byReference), 'requests named the selection by its reference');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test("a selection kept by an earlier version is registered as the page loads, and the page's data follows", async () => {
    const { page, context } = await env.newPage('admin');
    const urls = recordUrls(page);
    const ids = (await env.t.db.pool.query(`select store_id from stores join groups using (group_id) where code <> 'NE'`)).rows.map(
      (r) => r.store_id as number,
    );
    await page.evaluate((list) => {
      const user = document.querySelector<HTMLMetaElement>('meta[name="user-id"]')!.content;
      localStorage.setItem(`backroom.selectedStores.${user}`, JSON.stringify(list));
    }, ids);
    await page.goto('/stores');
    await page.waitForFunction((text) => document.getElementById('store-selector-label')?.textContent === text, chosenLabel());
    await islandsLive(page);
    await tableShows(page, chosen);
    const kept = await page.evaluate(() => {
      const user = document.querySelector<HTMLMetaElement>('meta[name="user-id"]')!.content;
      return JSON.parse(localStorage.getItem(`backroom.selectedStores.${user}`) ?? 'null') as { reference?: string };
    });
    assert.match(kept.reference ?? '', /^@[\w-]{43}$/, 'kept with its reference');
    assert.deepEqual(tooLong(urls), []);
    await context.close();
  });
});

describe('a selection too long for a URL, for axe-core', { skip }, () => {
  const env = useBrowserEnv();
  before(async () => {
    // 700 stores: all but one is a list of some 2,700 characters.
    await addStoresUpTo(env.t.db.pool, 700);
  });

  test('the table with it has no violation at 1280 px', async () => {
    const { page, context } = await env.newPage('admin');
    const all = (await env.t.db.pool.query('select count(*)::int as n from stores')).rows[0].n as number;
    await page.goto('/stores');
    await openDialog(page);
    await page.locator('#store-list input.store-box').first().uncheck();
    await apply(page);
    await tableShows(page, all - 1);
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });

  test('a registration the server refuses opens the dialog again, saying why, and applies nothing (375 px)', async () => {
    const { page, context } = await env.newPage('admin', { viewport: { width: 375, height: 740 } });
    const all = (await env.t.db.pool.query('select count(*)::int as n from stores')).rows[0].n as number;
    const refusal = 'At most 100 new store selections can be kept a day.';
    await page.route('**/api/common/store-selections', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: refusal }) }),
    );
    await page.goto('/stores');
    await openDialog(page);
    await page.locator('#store-list input.store-box').first().uncheck();
    await page.click('#store-apply');
    await page.waitForFunction(
      (text) =>
        (document.getElementById('store-dialog') as HTMLDialogElement).open &&
        document.querySelector('#store-dialog .store-dialog-warning')?.textContent === text,
      refusal,
    );
    assert.equal(await label(page), `All stores (${all})`);
    assert.equal(await page.locator('#store-list input.store-box').first().isChecked(), false, 'the boxes as they were');
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 0);
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });
});
