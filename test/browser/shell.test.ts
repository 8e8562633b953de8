// A person signs in, sees their name and the menu, moves between pages, uses the small-screen menu
// and the store selector, and signs out; the next person on the same browser sees nothing of theirs: in
// real headless Chromium.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSkipReason, signInThroughForm, useBrowserEnv } from '../support/browser.ts';
import { isStoreListKey, storeListKeys } from '../../common/store-selection.ts';

const skip = browserSkipReason();

/** The store list keys in the page's localStorage, sorted. */
const storeLists = (page: Page): Promise<string[]> =>
  page.evaluate(() => Object.keys(localStorage)).then((keys) => keys.filter(isStoreListKey).sort());

/** Chooses the first `count` stores in the selector and applies the choice; their ids. */
async function chooseStores(page: Page, count: number): Promise<number[]> {
  await page.click('#store-selector');
  await page.waitForSelector('#store-list input.store-box');
  await page.click('#store-clear-shown');
  const boxes = page.locator('#store-list input.store-box');
  for (let i = 0; i < count; i++) await boxes.nth(i).check();
  await page.click('#store-apply');
  // The dialog's close event (which applies the choice) is dispatched as a task after the click.
  await page.waitForFunction((n) => document.getElementById('store-selector-label')!.textContent!.startsWith(`${n} of `), count);
  return Promise.all(Array.from({ length: count }, (_, i) => boxes.nth(i).getAttribute('value').then(Number)));
}

/** How many stores a group (by code) holds. */
async function groupSize(env: { t: { db: { pool: import('pg').Pool } } }, code: string): Promise<number> {
  const r = await env.t.db.pool.query(`select count(*)::int as n from stores join groups using (group_id) where code = $1`, [code]);
  return r.rows[0].n as number;
}

describe('the shell in a browser', { skip }, () => {
  const env = useBrowserEnv();
  const userId = async (name: string): Promise<number> =>
    (await env.t.db.pool.query('select user_id from users where user_name = $1', [name])).rows[0].user_id as number;

  test('signing in shows the user name and the menu; navigating and signing out work', async () => {
    const { page, context } = await env.newPage(null);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // The wrong-password attempt below answers 401 on purpose; any other failed load or script error counts.
    page.on('console', (m) => m.type() === 'error' && !m.text().includes('status of 401') && errors.push(m.text()));
    await page.goto('/sales');
    assert.match(page.url(), /\/login\?next=%2Fsales$/);
    await page.fill('input[name=username]', 'admin');
    await page.fill('input[name=password]', 'wrong password');
    await page.click('button[type=submit]');
    assert.equal(await page.textContent('.form-error'), 'The user name or password is not correct.');
    const { ADMIN_PASSWORD } = await import('../support/app.ts');
    await page.fill('input[name=password]', ADMIN_PASSWORD);
    await Promise.all([page.waitForURL('**/sales'), page.click('button[type=submit]')]);
    assert.equal(await page.textContent('#user-full-name'), 'Avery Administrator');
    assert.equal(await page.title(), 'Daily sales · Backroom');
    assert.ok(await page.isVisible('#sidebar a[href="/admin/users"]'));
    assert.equal(await page.getAttribute('#sidebar a[href="/sales"]', 'aria-current'), 'page');

    await page.click('#sidebar a[href="/states"]');
    await page.waitForFunction(() => document.title.startsWith('States'));
    assert.match(page.url(), /\/states$/);
    assert.equal(await page.textContent('main#main h1'), 'States');

    await Promise.all([page.waitForURL('**/login'), page.click('.signout button')]);
    await page.goto('/');
    assert.match(page.url(), /\/login/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a staff user sees only the menu entries of their role', async () => {
    const { page, context } = await env.newPage('clerk');
    assert.ok(await page.isVisible('#sidebar a[href="/stores"]'));
    assert.equal(await page.locator('#sidebar a[href="/sales"]').count(), 0);
    assert.equal(await page.locator('#sidebar a[href="/admin/users"]').count(), 0);
    await context.close();
  });

  test('under 780 px the side menu collapses behind a toggle that opens and closes it', async () => {
    const { page, context } = await env.newPage('admin', { viewport: { width: 700, height: 800 } });
    const sidebarLeft = () => page.$eval('#sidebar', (el) => el.getBoundingClientRect().right);
    assert.ok(await page.isVisible('#menu-toggle'));
    assert.ok((await sidebarLeft()) <= 0, 'menu is off screen');
    await page.click('#menu-toggle');
    await page.waitForFunction(() => document.getElementById('sidebar')!.getBoundingClientRect().left >= 0);
    assert.equal(await page.getAttribute('#menu-toggle', 'aria-expanded'), 'true');
    await page.click('#menu-toggle');
    await page.waitForFunction(() => document.getElementById('sidebar')!.getBoundingClientRect().right <= 0);
    await page.setViewportSize({ width: 1000, height: 800 });
    assert.equal(await page.isVisible('#menu-toggle'), false);
    assert.ok((await sidebarLeft()) > 0, 'menu is shown on a wide screen');
    await context.close();
  });

  test('the store selector keeps a chosen subset in localStorage across reloads', async () => {
    const { page, context } = await env.newPage('analyst');
    const northeast = await groupSize(env, 'NE');
    assert.equal(await page.textContent('#store-selector-label'), `All Northeast stores (${northeast})`);
    await chooseStores(page, 2);
    await page.reload();
    assert.equal(await page.textContent('#store-selector-label'), `2 of ${northeast} Northeast stores`);
    const kept = await page.evaluate((key) => localStorage.getItem(key), storeListKeys(await userId('analyst')).selected);
    assert.equal(JSON.parse(kept!).length, 2);
    await context.close();
  });

  test("on a shared browser the next user sees none of the previous user's stores or selection", async () => {
    const { page, context } = await env.newPage('admin');
    const adminKeys = storeListKeys(await userId('admin'));
    const chosen = await chooseStores(page, 3);
    assert.deepEqual(await storeLists(page), [adminKeys.all, adminKeys.selected].sort());

    await Promise.all([page.waitForURL('**/login'), page.click('.signout button')]);
    assert.deepEqual(await storeLists(page), [], 'signing out clears them');

    await signInThroughForm(page, 'clerk');
    const westLabel = `All West stores (${await groupSize(env, 'WE')})`;
    assert.equal(await page.textContent('#store-selector-label'), westLabel);
    await page.click('#store-selector');
    await page.waitForSelector('#store-list input.store-box');
    const listed = await page.$$eval('#store-list input.store-box', (boxes) =>
      boxes.map((b) => ({ id: Number((b as HTMLInputElement).value), checked: (b as HTMLInputElement).checked })),
    );
    const west = (
      await env.t.db.pool.query(`select store_id from stores join groups using (group_id) where code = 'WE' order by store_id`)
    ).rows.map((r) => r.store_id as number);
    assert.deepEqual(
      listed.map((s) => s.id).sort((a, b) => a - b),
      west,
      "only the clerk's own stores are listed",
    );
    assert.ok(
      listed.every((s) => s.checked),
      "nothing of the admin's selection is applied",
    );
    assert.ok(
      chosen.some((id) => !west.includes(id)),
      'the admin had chosen stores the clerk cannot see',
    );
    const clerkKeys = storeListKeys(await userId('clerk'));
    assert.deepEqual(await storeLists(page), [clerkKeys.all]);

    // Another user's lists left behind (a session that ran out without signing out) go when a page finds them.
    await page.evaluate(([key, ids]) => localStorage.setItem(key, JSON.stringify(ids)), [adminKeys.selected, chosen] as const);
    await page.reload();
    assert.deepEqual(await storeLists(page), [clerkKeys.all]);
    assert.equal(await page.textContent('#store-selector-label'), westLabel);
    await context.close();
  });
});
