// The hub in real Chromium: two signed-in users, one sends the other a message, which arrives as a toast and
// in the header's badge without a reload; the badge's panel marks it read; the tab keeps its one connection
// across page swaps, reconnects by itself when the server drops it or says its instance is stopping, and
// stays closed once signed out; a
// change to a table the user may list reaches the page as a `backroom:changed` event.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { isSameDocument, markDocument } from '../support/navigation.ts';

const skip = browserSkipReason();

declare global {
  interface Window {
    __changed?: string[];
  }
}

describe('the hub in the browser', { skip }, () => {
  const env = useBrowserEnv();

  async function userId(name: string): Promise<number> {
    return (await env.t.db.pool.query('select user_id from users where user_name = $1', [name])).rows[0].user_id as number;
  }

  /** The server's sockets for the user (on this instance). */
  async function socketsOf(name: string) {
    return [...env.t.app.hub.connections.audience({ user: await userId(name) })];
  }

  async function connected(page: Page): Promise<void> {
    await page.waitForFunction(() => document.documentElement.dataset.hub === 'connected');
  }

  /** Sends a message from the page's user (who must have the messages role), as the Messages screen would. */
  async function sendMessage(from: Page, to: number, title: string): Promise<void> {
    const status = await from.evaluate(
      async ({ to, title }) => {
        const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
        const res = await fetch('/api/messages', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
          body: JSON.stringify({ UserID: to, Title: title }),
        });
        return res.status;
      },
      { to, title },
    );
    assert.equal(status, 200);
  }

  test("a message sent by one user shows as a toast and in the other's badge, and the panel marks it read", async () => {
    const sender = await env.newPage('itdesk');
    const reader = await env.newPage('clerk');
    await connected(reader.page);
    const badge = reader.page.locator('#inbox-badges [data-inbox="messages"]');
    const unread = await env.t.db.pool.query(
      `select count(*)::int as n from inbox where user_id = $1 and kind = 'message' and not is_read`,
      [await userId('clerk')],
    );
    const before = unread.rows[0].n as number;

    await sendMessage(sender.page, await userId('clerk'), 'Stock count at 5 pm');
    await reader.page.locator('#toasts .toast', { hasText: 'Message from Riley Patel: Stock count at 5 pm' }).waitFor();
    await reader.page.waitForFunction(
      (n) => document.querySelector('#inbox-badges [data-inbox="messages"]')?.getAttribute('aria-label') === `Messages: ${n} unread`,
      before + 1,
    );
    assert.equal(await badge.locator('.inbox-count').textContent(), String(before + 1));
    assert.equal(await badge.locator('.inbox-count').isVisible(), true);

    await badge.click();
    const item = reader.page.locator('#inbox-panel .inbox-item', { hasText: 'Stock count at 5 pm' });
    await item.waitFor();
    assert.equal(await badge.getAttribute('aria-expanded'), 'true');
    await item.getByRole('button', { name: 'Mark read' }).click();
    await reader.page.waitForFunction(
      (n) => document.querySelector('#inbox-badges [data-inbox="messages"]')?.getAttribute('aria-label') === `Messages: ${n} unread`,
      before,
    );
    await item.getByRole('button', { name: 'Mark unread' }).waitFor();
    await reader.page.keyboard.press('Escape');
    assert.equal(await reader.page.locator('#inbox-panel').isVisible(), false);
    await Promise.all([sender.context.close(), reader.context.close()]);
  });

  test('the tab keeps its one connection across page swaps, and reconnects by itself when the server drops it', async () => {
    const { page, context } = await env.newPage('clerk');
    await connected(page);
    const [socket] = await socketsOf('clerk');
    assert.ok(socket);
    await markDocument(page);
    await page.locator('#inbox-badges [data-inbox="alerts"]').click();
    await page.locator('#inbox-panel').getByRole('link', { name: 'See all' }).click();
    await page.waitForURL('**/alerts');
    assert.ok(await isSameDocument(page), 'a swap, not a page load');
    assert.deepEqual(await socketsOf('clerk'), [socket], 'the same connection');

    socket!.socket.terminate();
    await page.waitForFunction(() => document.documentElement.dataset.hub === 'reconnecting');
    await connected(page);
    const after = await socketsOf('clerk');
    assert.equal(after.length, 1);
    assert.notEqual(after[0], socket, 'a new connection');

    const sender = await env.newPage('itdesk');
    await sendMessage(sender.page, await userId('clerk'), 'After the reconnection');
    await page.locator('#toasts .toast', { hasText: 'After the reconnection' }).waitFor();
    await Promise.all([sender.context.close(), context.close()]);
  });

  test("told that its server is stopping ('reconnect'), the tab connects again and hears frames on the new socket", async () => {
    const { page, context } = await env.newPage('clerk');
    await connected(page);
    const [socket] = await socketsOf('clerk');
    assert.ok(socket);
    await markDocument(page);
    env.t.app.hub.connections.send([socket!], { type: 'reconnect' });
    await page.waitForFunction(() => document.documentElement.dataset.hub === 'reconnecting');
    await connected(page);
    const after = await socketsOf('clerk');
    assert.equal(after.length, 1, 'the old socket was closed by the tab');
    assert.notEqual(after[0], socket, 'a new connection');
    assert.ok(await isSameDocument(page), 'the page stays as it was');

    const sender = await env.newPage('itdesk');
    await sendMessage(sender.page, await userId('clerk'), 'After the move');
    await page.locator('#toasts .toast', { hasText: 'After the move' }).waitFor();
    await Promise.all([sender.context.close(), context.close()]);
  });

  test('a change to a table the user may list reaches the page as a backroom:changed event', async () => {
    const viewer = await env.newPage('clerk');
    const editor = await env.newPage('admin');
    await connected(viewer.page);
    await viewer.page.evaluate(() => {
      window.__changed = [];
      document.addEventListener('backroom:changed', (e) =>
        window.__changed!.push((e as CustomEvent<{ resource: string }>).detail.resource),
      );
    });
    const store = (await env.t.db.pool.query('select store_id, version, name from stores order by store_id limit 1')).rows[0];
    const status = await editor.page.evaluate(async (store) => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')!.content;
      const res = await fetch('/api/stores', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
        body: JSON.stringify({ StoreID: store.store_id, Version: store.version, Name: `${store.name} (edited)` }),
      });
      return res.status;
    }, store);
    assert.equal(status, 200);
    await viewer.page.waitForFunction(() => window.__changed!.includes('stores'));
    await Promise.all([viewer.context.close(), editor.context.close()]);
  });

  test("signing out in one tab ends the other tabs' connections for good", async () => {
    const { page, context } = await env.newPage('clerk');
    const other = await context.newPage();
    await other.goto('/');
    await Promise.all([connected(page), connected(other)]);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    await other.waitForFunction(() => document.documentElement.dataset.hub === 'ended');
    await context.close();
  });
});
