// The tab's view state in real Chromium: loaded once the hub connects, then kept current by the hub. A
// store renamed by another user reaches the tab (its view state, and the store selector's kept list)
// without a reload.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { isSameDocument, markDocument } from '../support/navigation.ts';

const skip = browserSkipReason();

declare global {
  interface Window {
    __viewStateParts?: string[];
  }
}

describe('the view state in the browser', { skip }, () => {
  const env = useBrowserEnv();

  async function storeNamesInSelector(page: Page): Promise<string[]> {
    await page.click('#store-selector');
    await page.waitForSelector('#store-dialog[open] #store-list input');
    const names = await page.locator('#store-list li').allTextContents();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForFunction(() => !document.querySelector('#store-dialog[open]'));
    return names;
  }

  test("a store renamed by another user reaches the tab's view state and store list without a reload", async () => {
    const viewer = await env.newPage('clerk');
    const editor = await env.newPage('admin');
    await viewer.page.waitForFunction(() => document.documentElement.dataset.hub === 'connected');
    const store = (
      await env.t.db.pool.query(
        `select s.store_id, s.version, s.name from stores s join groups g using (group_id) where g.code = 'WE' order by s.store_id limit 1`,
      )
    ).rows[0];
    // The selector keeps the list in local storage once opened: only the view state can bring it up to date.
    assert.ok((await storeNamesInSelector(viewer.page)).some((n) => n.includes(store.name)));
    await markDocument(viewer.page);
    await viewer.page.evaluate(() => {
      window.__viewStateParts = [];
      document.addEventListener('backroom:view-state', (e) =>
        window.__viewStateParts!.push((e as CustomEvent<{ part: string }>).detail.part),
      );
    });

    const renamed = `${store.name} Annex`;
    const status = await editor.page.evaluate(
      async ({ store, renamed }) => {
        const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
        const res = await fetch('/api/stores', {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
          body: JSON.stringify({ StoreID: store.store_id, Version: store.version, Name: renamed }),
        });
        return res.status;
      },
      { store, renamed },
    );
    assert.equal(status, 200);
    await viewer.page.waitForFunction(() => window.__viewStateParts!.includes('stores'));
    assert.ok((await storeNamesInSelector(viewer.page)).some((n) => n.includes(renamed)));
    assert.ok(await isSameDocument(viewer.page), 'no reload');
    await Promise.all([viewer.context.close(), editor.context.close()]);
  });
});
