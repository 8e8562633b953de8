// The header's store selector as people use it, in real headless Chromium: it names what the user sees
// ("All West stores (109)"), groups the list by region and state with a box per group, filters it by
// region, state and search, sends the chosen stores with the page's data requests, and shows only on
// pages whose data follows it; at 375 px it fits, and axe-core finds nothing with it open.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { axeViolations } from '../support/axe.ts';

const skip = browserSkipReason();

const label = (page: Page) => page.textContent('#store-selector-label');
const status = (page: Page) => page.textContent('#store-dialog-status');
const selectorShown = (page: Page) => page.isVisible('#store-selector');

async function openDialog(page: Page): Promise<void> {
  await page.click('#store-selector');
  await page.waitForSelector('#store-dialog[open] #store-list input.store-box');
}

/** The ids of the stores whose boxes are shown, or checked. */
const shownIds = (page: Page) =>
  page.$$eval('#store-list li:not([hidden]) input.store-box', (boxes) => boxes.map((b) => Number((b as HTMLInputElement).value)));
const checkedIds = (page: Page) =>
  page.$$eval('#store-list input.store-box:checked', (boxes) =>
    boxes.map((b) => Number((b as HTMLInputElement).value)).sort((a, b) => a - b),
  );

describe('the store selector in a browser', { skip }, () => {
  const env = useBrowserEnv();
  const count = async (sql: string, params: unknown[] = []): Promise<number> =>
    (await env.t.db.pool.query(sql, params)).rows[0].n as number;
  const groupIds = async (code: string): Promise<number[]> =>
    (
      await env.t.db.pool.query(`select store_id from stores join groups using (group_id) where code = $1 order by store_id`, [code])
    ).rows.map((r) => r.store_id as number);

  test("a regional user's selector names their region and its count, and lists only its states", async () => {
    const { page, context } = await env.newPage('clerk');
    const west = (await groupIds('WE')).length;
    assert.equal(await label(page), `All West stores (${west})`);
    await openDialog(page);
    assert.equal(await page.isVisible('#store-region'), false, 'one region: nothing to choose between');
    assert.deepEqual(await page.$$eval('#store-list fieldset.store-region > legend', (ls) => ls.map((l) => l.textContent)), [
      `West (${west})`,
    ]);
    assert.equal((await shownIds(page)).length, west);
    assert.match((await status(page))!, new RegExp(`^Chosen: All West stores \\(${west}\\)\\. Shown: ${west}\\.$`));

    // One state's box clears that state at once; the region's box then says "mixed".
    const state = page.locator('#store-list fieldset.store-state').first();
    const inState = await state.locator('input.store-box').count();
    await state.locator('legend input').uncheck();
    assert.equal((await checkedIds(page)).length, west - inState);
    assert.equal(await page.$eval('fieldset.store-region > legend input', (b) => (b as HTMLInputElement).indeterminate), true);
    await page.click('#store-apply');
    await page.waitForFunction(
      (text) => document.getElementById('store-selector-label')!.textContent === text,
      `${west - inState} of ${west} West stores`,
    );
    await context.close();
  });

  test('a user who sees every store chooses a whole region with its box, and the dashboard fetches its figures for it', async () => {
    const { page, context } = await env.newPage('admin');
    const all = await count('select count(*)::int as n from stores');
    assert.equal(await label(page), `All stores (${all})`);
    await openDialog(page);
    assert.equal(await page.$$eval('#store-list fieldset.store-region', (f) => f.length), 5);
    await page.click('#store-clear-shown');
    assert.equal(await status(page), 'No store is chosen: choose at least one to apply.');
    assert.equal(await page.isDisabled('#store-apply'), true);

    const west = await groupIds('WE');
    await page.getByRole('checkbox', { name: /^West \(/ }).check();
    assert.deepEqual(await checkedIds(page), west);
    const data = page.waitForRequest((r) => new URL(r.url()).searchParams.has('stores'));
    await page.click('#store-apply');
    await page.waitForFunction(
      (text) => document.getElementById('store-selector-label')!.textContent === text,
      `${west.length} of ${all} stores`,
    );
    const sent = new URL((await data).url()).searchParams.get('stores')!.split(',').map(Number);
    assert.deepEqual(
      sent.sort((a, b) => a - b),
      west,
      "the page's data is asked for the chosen stores",
    );
    await context.close();
  });

  test('the region, state and search filters narrow the list, and "Select all shown" and "Clear all shown" touch only what is shown', async () => {
    const { page, context } = await env.newPage('admin');
    await openDialog(page);
    await page.selectOption('#store-region', 'Northeast');
    const northeast = await groupIds('NE');
    assert.deepEqual(
      (await shownIds(page)).sort((a, b) => a - b),
      northeast,
    );
    const states = await page.$$eval('#store-state option', (os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    const neStates = (
      await env.t.db.pool.query(
        `select distinct st.code from stores join states st using (state_id) join groups g using (group_id) where g.code = 'NE'`,
      )
    ).rows.map((r) => r.code as string);
    assert.deepEqual(states.sort(), neStates.sort(), 'the state filter offers the region’s states');

    await page.selectOption('#store-state', 'NY');
    const newYork = await count(`select count(*)::int as n from stores join states using (state_id) where code = 'NY'`);
    assert.equal((await shownIds(page)).length, newYork);

    await page.selectOption('#store-region', '');
    await page.selectOption('#store-state', '');
    await page.fill('#store-filter', '1001');
    const [first] = (await env.t.db.pool.query('select store_id from stores where store_number = 1001')).rows;
    assert.deepEqual(await shownIds(page), [first.store_id]);
    assert.match((await status(page))!, /Shown: 1\.$/);

    await page.click('#store-clear-shown');
    await page.fill('#store-filter', '');
    const all = await count('select count(*)::int as n from stores');
    assert.equal((await checkedIds(page)).length, all - 1, 'clearing what is shown leaves the hidden stores chosen');
    await page.click('#store-clear-shown');
    await page.fill('#store-filter', '1001');
    await page.click('#store-select-shown');
    await page.fill('#store-filter', '');
    assert.deepEqual(await checkedIds(page), [first.store_id], 'selecting what is shown adds only that');
    await page.fill('#store-filter', 'zzz no such store');
    assert.match((await status(page))!, /No store matches the search\.$/);
    await context.close();
  });

  test('the selector shows only on pages whose data follows it, after full loads, swaps and going back', async () => {
    const { page, context } = await env.newPage('admin');
    assert.ok(await selectorShown(page), 'the dashboard');
    await page.click('#sidebar a[href="/states"]');
    await page.waitForFunction(() => document.title.startsWith('States'));
    assert.equal(await selectorShown(page), false, 'a swap to a page it does not apply to');
    await page.click('#sidebar a[href="/summaries"]');
    await page.waitForFunction(() => document.title.startsWith('Summaries'));
    assert.ok(await selectorShown(page), 'a swap to the summaries');
    await page.goBack();
    await page.waitForFunction(() => document.title.startsWith('States'));
    assert.equal(await selectorShown(page), false, 'back to a page it does not apply to');
    for (const path of ['/admin/users', '/admin/user-errors']) {
      await page.goto(path);
      assert.equal(await selectorShown(page), false, path);
    }
    for (const path of ['/charts', '/reports']) {
      await page.goto(path);
      assert.ok(await selectorShown(page), path);
    }
    await context.close();
  });

  test('the keyboard opens the dialog, moves through it and closes it, and focus comes back to the selector', async () => {
    const { page, context } = await env.newPage('clerk');
    await page.focus('#store-selector');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#store-dialog[open] #store-list input.store-box');
    assert.ok(await page.evaluate(() => !!document.activeElement?.closest('#store-dialog')), 'focus is in the dialog');
    await page.focus('#store-filter');
    await page.keyboard.type('zzz');
    await page.keyboard.press('Enter');
    assert.ok(await page.isVisible('#store-dialog'), 'Enter in the search box closes nothing');
    await page.fill('#store-filter', '');
    await page.focus('#store-list fieldset.store-state legend input');
    await page.keyboard.press('Space');
    assert.equal(await page.$eval('fieldset.store-region > legend input', (b) => (b as HTMLInputElement).indeterminate), true);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !(document.getElementById('store-dialog') as HTMLDialogElement).open);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'store-selector');
    assert.match((await label(page))!, /^All West stores/, 'Esc applies nothing');
    await context.close();
  });

  test('at 375 px the open dialog fits the screen with every control in reach, and axe-core finds no violations', async () => {
    const { page, context } = await env.newPage('admin', { viewport: { width: 375, height: 740 } });
    const all = await count('select count(*)::int as n from stores');
    assert.equal(await page.textContent('#store-selector-short'), String(all), 'the top bar shows the short form');
    assert.ok(await page.isVisible('#store-selector-short'));
    assert.equal(
      await page.getByRole('button', { name: `All stores (${all})`, exact: true }).count(),
      1,
      'screen readers still hear the words',
    );
    await openDialog(page);
    await page.selectOption('#store-region', 'West');
    await page.locator('#store-list fieldset.store-state').first().locator('legend input').uncheck();
    const outside = await page.$$eval('#store-dialog button, #store-dialog select, #store-dialog input[type=search]', (els) =>
      els
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return r.left < 0 || r.right > window.innerWidth || r.bottom > window.innerHeight;
        })
        .map((e) => e.id || e.textContent),
    );
    assert.deepEqual(outside, []);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 0);
    assert.equal(await page.$eval('#store-dialog', (d) => d.scrollWidth - d.clientWidth), 0);
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });
});

describe('the store selector with a language file', { skip }, () => {
  const env = useBrowserEnv({ languageUrl: '/test/language.json' });

  test("speaks the language file's words, for every store and for a kept selection alike", async () => {
    const { page, context } = await env.newPage('clerk');
    const west = (await env.t.db.pool.query(`select count(*)::int as n from stores join groups using (group_id) where code = 'WE'`)).rows[0]
      .n as number;
    await page.waitForSelector('html[data-language="loaded"]', { state: 'attached' });
    assert.equal(await label(page), `Alle ${west} Filialen in West`);
    await openDialog(page);
    await page.click('#store-clear-shown');
    await page.locator('#store-list input.store-box').first().check();
    await page.click('#store-apply');
    await page.waitForFunction(
      (text) => document.getElementById('store-selector-label')!.textContent === text,
      `1 von ${west} Filialen in West`,
    );
    await page.reload();
    await page.waitForSelector('html[data-language="loaded"]', { state: 'attached' });
    assert.equal(await label(page), `1 von ${west} Filialen in West`);
    await context.close();
  });
});
