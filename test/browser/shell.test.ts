// A person signs in, sees their name and the menu, moves between pages, uses the small-screen menu
// and the store selector, and signs out: in real headless Chromium.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';

const skip = browserSkipReason();

describe('the shell in a browser', { skip }, () => {
  const env = useBrowserEnv();

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
    assert.equal(await page.textContent('#store-selector-label'), 'All stores');
    await page.click('#store-selector');
    await page.waitForSelector('#store-list input');
    const total = await page.locator('#store-list input').count();
    assert.ok(total > 2);
    await page.uncheck('#store-all');
    await page.locator('#store-list input').nth(0).check();
    await page.locator('#store-list input').nth(1).check();
    await page.click('#store-apply');
    // The dialog's close event (which applies the choice) is dispatched as a task after the click.
    await page.waitForFunction(() => document.getElementById('store-selector-label')!.textContent === '2 stores');
    await page.reload();
    assert.equal(await page.textContent('#store-selector-label'), '2 stores');
    const kept = await page.evaluate(() => localStorage.getItem('backroom.selectedStores'));
    assert.equal(JSON.parse(kept!).length, 2);
    await context.close();
  });
});
