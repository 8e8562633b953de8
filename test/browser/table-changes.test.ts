// A table hears of changes to its rows made by someone else, in real Chromium: two signed-in users on
// Stores; one edits a store (through the table API, with its CSRF token), the other's table says so in a
// polite live region with a Refresh action that keeps the selection, or refreshes by itself when "refresh
// every time" is on. The user's own changes raise no such notice.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { defaultMessages as m } from '../../server/messages.ts';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { openTable } from '../support/tables.ts';

const skip = browserSkipReason();

declare global {
  interface Window {
    __ownChanges?: number;
  }
}

describe('a table hears of changes made elsewhere', { skip }, () => {
  const env = useBrowserEnv();

  /** The clerk's first store on the Stores screen (the lowest number of the West). */
  async function firstWestStore(): Promise<{ store_id: number; name: string }> {
    const { rows } = await env.t.db.pool.query(
      `select s.store_id, s.name from stores s join groups g using (group_id) where g.code = 'WE' order by s.store_number, s.store_id limit 1`,
    );
    return rows[0];
  }

  /** Renames the store through the table API, as the page's user. */
  async function rename(page: Page, storeId: number, name: string): Promise<void> {
    const version = (await env.t.db.pool.query('select version from stores where store_id = $1', [storeId])).rows[0].version;
    const status = await page.evaluate(
      async ({ storeId, version, name }) => {
        const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
        const res = await fetch('/api/stores', {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
          body: JSON.stringify({ StoreID: storeId, Version: version, Name: name }),
        });
        return res.status;
      },
      { storeId, version, name },
    );
    assert.equal(status, 200);
  }

  async function openStores(page: Page): Promise<void> {
    await openTable(page, '/stores');
    await page.waitForFunction(() => document.documentElement.dataset.hub === 'connected');
  }

  test("another user's edit shows the change notice; Refresh reads the rows again and keeps the selection", async () => {
    const viewer = await env.newPage('clerk');
    const editor = await env.newPage('admin');
    await openStores(viewer.page);
    const store = await firstWestStore();
    const firstBox = viewer.page.locator('tbody tr').first().locator('input.dt-check');
    await firstBox.check();

    await rename(editor.page, store.store_id, `${store.name} North`);
    const notice = viewer.page.getByRole('status').filter({ hasText: m.tableChangedElsewhere });
    await notice.waitFor();
    assert.equal(
      await viewer.page
        .locator('tbody tr')
        .first()
        .textContent()
        .then((t) => t?.includes(`${store.name} North`)),
      false,
    );

    await viewer.page.locator('.dt-changed').getByRole('button', { name: m.tableRefresh }).click();
    await viewer.page
      .locator('tbody tr')
      .first()
      .filter({ hasText: `${store.name} North` })
      .waitFor();
    assert.equal(await firstBox.isChecked(), true, 'the selection is kept');
    await viewer.page.waitForFunction(
      (text) => !document.querySelector('.data-table')?.textContent?.includes(text),
      m.tableChangedElsewhere,
    );

    // The user's own change reaches the page too, and raises no notice.
    await viewer.page.evaluate(() => {
      window.__ownChanges = 0;
      document.addEventListener('backroom:changed', () => window.__ownChanges!++);
    });
    await rename(viewer.page, store.store_id, store.name);
    await viewer.page.waitForFunction(() => window.__ownChanges! > 0);
    assert.equal(await viewer.page.getByRole('status').filter({ hasText: m.tableChangedElsewhere }).count(), 0);
    await Promise.all([viewer.context.close(), editor.context.close()]);
  });

  test('with "refresh every time" on, the table reads the changed rows by itself', async () => {
    const viewer = await env.newPage('clerk');
    const editor = await env.newPage('admin');
    await openStores(viewer.page);
    // The settings panel saves it in the page's table state: set there, and the screen opened again.
    await viewer.page.evaluate(() => {
      const key = 'backroom.tableState:/stores';
      const saved = JSON.parse(sessionStorage.getItem(key) ?? '{}');
      sessionStorage.setItem(key, JSON.stringify({ ...saved, refreshEveryTime: true, saveState: true }));
    });
    await openStores(viewer.page);
    const store = await firstWestStore();
    await rename(editor.page, store.store_id, `${store.name} South`);
    await viewer.page
      .locator('tbody tr')
      .first()
      .filter({ hasText: `${store.name} South` })
      .waitFor();
    assert.equal(await viewer.page.getByRole('status').filter({ hasText: m.tableChangedElsewhere }).count(), 0);
    await Promise.all([viewer.context.close(), editor.context.close()]);
  });
});
