// A tab open while an administrator changes its user's access, in real Chromium: the hub tells it, and the
// page loads itself afresh with the new menu and header, and says why; with a dialog open (an edit being
// typed) it waits for the dialog to close. With no hub (its socket down), the next page visit loads whole.
// At 1280 and 375 px, with axe and nothing wider than the screen.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { sessionMsg as msg } from '../../common/session-messages.ts';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { axeViolations } from '../support/axe.ts';
import { assertFits, screenshot } from '../support/screen.ts';
import { openTable } from '../support/tables.ts';

const skip = browserSkipReason();

describe("a tab whose user's access changes", { skip }, () => {
  const env = useBrowserEnv();

  /** Sets the user's roles and group, as the Users table's edit does. */
  async function setAccess(name: string, roles: string[], groupCode: string): Promise<void> {
    const pool = env.t.db.pool;
    const row = (await pool.query('select user_id, version from users where user_name = $1', [name])).rows[0];
    const group = (await pool.query('select group_id from groups where code = $1', [groupCode])).rows[0].group_id;
    const { page } = await env.newPage('admin');
    const status = await page.evaluate(
      async (payload) => {
        const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
        const res = await fetch('/api/users', {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
          body: JSON.stringify(payload),
        });
        return res.status;
      },
      { UserID: row.user_id, Version: row.version, Roles: roles, GroupID: group },
    );
    assert.equal(status, 200);
    await page.context().close();
  }

  const connected = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hub === 'connected');
  const storeLabel = (page: Page) => page.locator('#store-selector-label').textContent();

  for (const [width, height] of [
    [1280, 800],
    [375, 740],
  ] as const) {
    test(`at ${width} px: the hub's word reloads the page with the new menu and header, and says why`, async () => {
      await setAccess('clerk', ['stores'], 'WE');
      const { page, context } = await env.newPage('clerk', { viewport: { width, height } });
      await page.goto('/stores');
      await connected(page);
      assert.match(String(await storeLabel(page)), /West/);
      assert.equal(await page.locator('a.menu-link[href="/sales"]').count(), 0);

      await setAccess('clerk', ['stores', 'sales', 'reports'], 'NE');
      await page.waitForSelector(`.toast-text:text-is("${msg('accessChanged')}")`);
      assert.match(String(await storeLabel(page)), /Northeast/);
      assert.equal(await page.locator('a.menu-link[href="/sales"]').count(), 1, 'Daily sales is in the menu');
      assert.equal(new URL(page.url()).pathname, '/stores', 'the same page');
      await assertFits(page);
      assert.deepEqual(await axeViolations(page), []);
      await screenshot(page, `access-changed-${width}`);
      await context.close();
    });
  }

  test('an open dialog is left to finish: the page reloads once it is closed', async () => {
    await setAccess('clerk', ['stores'], 'WE');
    const { page, context } = await env.newPage('clerk');
    await openTable(page, '/stores');
    await connected(page);
    await page.locator('tbody input[type="checkbox"]').first().check();
    await page.getByRole('toolbar').getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.locator('dialog[open]');
    await dialog.waitFor();

    await setAccess('clerk', ['stores', 'sales'], 'WE');
    await page.waitForSelector(`.toast-text:text-is("${msg('accessChangedPending')}")`);
    assert.equal(await dialog.count(), 1, 'the dialog stays open');
    await page.keyboard.press('Escape');
    await page.waitForSelector(`.toast-text:text-is("${msg('accessChanged')}")`);
    assert.equal(await page.locator('a.menu-link[href="/sales"]').count(), 1);
    await context.close();
  });

  test('without the hub, the next page visit loads the whole page for the new access', async () => {
    await setAccess('clerk', ['stores'], 'WE');
    const { page, context } = await env.newPage('clerk');
    await page.goto('/stores');
    await connected(page);
    // No hub from now on, as behind a proxy that drops websockets: each new socket is closed at once.
    await page.routeWebSocket('**/hub', (ws) => ws.close());
    const clerkId = (await env.t.db.pool.query("select user_id from users where user_name = 'clerk'")).rows[0].user_id;
    for (const client of env.t.app.hub.connections.audience({ user: clerkId })) client.socket.terminate();
    await page.waitForFunction(() => document.documentElement.dataset.hub !== 'connected');

    await setAccess('clerk', ['stores', 'sales'], 'NE');
    await page.locator('a.menu-link[href="/cycles"]').first().click();
    await page.waitForSelector(`.toast-text:text-is("${msg('accessChanged')}")`);
    assert.equal(new URL(page.url()).pathname, '/cycles');
    assert.match(String(await storeLabel(page)), /Northeast/);
    assert.equal(await page.locator('a.menu-link[href="/sales"]').count(), 1);
    await context.close();
  });
});
