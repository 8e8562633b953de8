// The tables' row dialogs in real Chromium, as a super administrator on the stores with the demo data: add,
// edit and delete with a real round trip (rows marked, notices, the database changed), the shake and every
// message on a refused save, the server's field messages, a conflict between two browsers, the delete
// question, focus kept in and given back, Esc, axe-core with each dialog open, and a 375 px screen.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { defaultMessages as m } from '../../common/messages.ts';
import { axeViolations } from '../support/axe.ts';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { pageErrors } from '../support/navigation.ts';

const skip = browserSkipReason();

interface StoreRow {
  store_id: number;
  store_number: number;
  name: string;
  city: string;
  state_id: number;
  group_id: number;
  open_date: string;
  is_active: boolean;
  version: number;
}

describe('row dialogs', { skip }, () => {
  const env = useBrowserEnv();

  const query = async <T>(text: string, params: unknown[] = []): Promise<T[]> => (await env.t.db.pool.query(text, params)).rows as T[];
  const storeByNumber = async (n: number) =>
    (await query<StoreRow>('select *, open_date::text as open_date from stores where store_number = $1', [n]))[0];

  // The screen under test and what it shows: one place to say where the table and its traces are.
  const screen = {
    async open(page: Page): Promise<void> {
      await page.goto('/test/row-dialogs');
      await page.waitForSelector('.dialog-harness tr[data-key]');
    },
    button: (page: Page, name: 'Add' | 'Edit' | 'Delete') => page.getByRole('button', { name, exact: true }),
    async select(page: Page, storeId: number): Promise<void> {
      await page.check(`tr[data-key="${storeId}"] input[type=checkbox]`);
    },
    /** The first rows' store ids, in the order shown. */
    async rowKeys(page: Page): Promise<number[]> {
      return (await page.locator('tr[data-key]').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.key))).map(Number);
    },
    async waitForNotice(page: Page, text: string): Promise<void> {
      await page.getByText(text, { exact: true }).first().waitFor();
    },
    async mark(page: Page, storeId: number): Promise<string | null> {
      return page.textContent(`[data-mark-key="${storeId}"]`);
    },
    async refreshes(page: Page): Promise<number> {
      return Number(await page.getAttribute('.dialog-harness', 'data-refreshes'));
    },
  };

  /** Watches the dialog for the shake: true once it has had the class. */
  async function watchShake(page: Page): Promise<() => Promise<boolean>> {
    await page.evaluate(() => {
      const w = window as unknown as { __shook: boolean };
      w.__shook = false;
      const dialog = document.querySelector('dialog')!;
      new MutationObserver(() => (w.__shook ||= dialog.classList.contains('shake'))).observe(dialog, { attributes: true });
    });
    return () => page.evaluate(() => (window as unknown as { __shook: boolean }).__shook);
  }

  /** The requests sent to a URL path with a method, counted from now on. */
  function countRequests(page: Page, method: string, path: string): () => number {
    let n = 0;
    page.on('request', (r) => r.method() === method && new URL(r.url()).pathname === path && n++);
    return () => n;
  }

  async function fillNewStore(page: Page, store: { number: number; name: string; state: string; groupId: number }): Promise<void> {
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Store #', exact: true }).fill(String(store.number));
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(store.name);
    await dialog.getByRole('textbox', { name: 'City', exact: true }).fill('Springfield');
    await dialog.getByRole('combobox', { name: 'State' }).selectOption({ label: store.state });
    await dialog.getByRole('combobox', { name: 'Group' }).selectOption(String(store.groupId));
    await dialog.getByRole('textbox', { name: 'Opened', exact: true }).fill('01/02/2024');
    await dialog.getByRole('checkbox', { name: 'Active' }).check();
  }

  test('the insert dialog is a dialog named by its title, its fields named by their labels, and axe finds no fault with it open', async () => {
    const { page, context } = await env.newPage('admin');
    const errors = pageErrors(page);
    await screen.open(page);
    await screen.button(page, 'Add').click();
    const dialog = page.getByRole('dialog', { name: 'Add to Stores' });
    await dialog.waitFor();
    // By their accessible names, as a screen reader hears them (without the visible required marker).
    for (const label of ['Store #', 'Name', 'City', 'Opened'])
      assert.equal(await dialog.getByRole('textbox', { name: label, exact: true }).count(), 1, label);
    for (const label of ['State', 'Group'])
      assert.equal(await dialog.getByRole('combobox', { name: label, exact: true }).count(), 1, label);
    assert.equal(await dialog.getByRole('checkbox', { name: 'Active', exact: true }).count(), 1);
    await dialog.getByRole('combobox', { name: 'State' }).locator('option', { hasText: 'Texas' }).waitFor({ state: 'attached' });
    const box = (await dialog.boundingBox())!;
    assert.ok(Math.round(box.width) === 400, `the dialog is ${box.width} px wide`);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('messages show only once a field is modified, as the user types', async () => {
    const { page, context } = await env.newPage('admin');
    await screen.open(page);
    await screen.button(page, 'Add').click();
    const dialog = page.getByRole('dialog');
    const storeNumber = dialog.getByRole('textbox', { name: 'Store #', exact: true });
    await storeNumber.waitFor();
    assert.equal((await dialog.locator('.field-message').allTextContents()).join(''), '', 'no message before any typing');
    await storeNumber.fill('12a');
    assert.equal(await storeNumber.getAttribute('aria-invalid'), 'true');
    const described = (await storeNumber.getAttribute('aria-describedby'))!.split(' ');
    assert.equal(await page.locator(`[id="${described.at(-1)}"]`).textContent(), m.digit);
    await storeNumber.fill('1234567');
    assert.equal(await page.locator(`[id="${described.at(-1)}"]`).textContent(), m.max.replace('{0}', '999999'));
    await storeNumber.fill('77');
    assert.equal(await storeNumber.getAttribute('aria-invalid'), 'false');
    assert.equal((await dialog.locator('.field-message').allTextContents()).join(''), '', 'the other fields still say nothing');
    await context.close();
  });

  test('saving an empty insert dialog shakes it, shows every message, sends nothing and puts focus on the first field at fault', async () => {
    const { page, context } = await env.newPage('admin');
    await screen.open(page);
    const posts = countRequests(page, 'POST', '/api/stores');
    await screen.button(page, 'Add').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Store #', exact: true }).waitFor();
    const shook = await watchShake(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'StoreNumber');
    assert.equal(await shook(), true, 'the dialog shook');
    const messages = await dialog.locator('.field-message').allTextContents();
    assert.deepEqual(messages, [m.required, m.required, m.required, m.required, m.required, m.required, '']);
    assert.equal(await dialog.locator('[aria-invalid="true"]').count(), 6);
    assert.equal(posts(), 0);
    assert.equal(await dialog.isVisible(), true);
    await context.close();
  });

  test('adding a store sends it, marks its row inserted, says so and stores it', async () => {
    const { page, context } = await env.newPage('admin');
    await screen.open(page);
    const [group] = await query<{ group_id: number }>(`select group_id from groups where code = 'WE'`);
    await screen.button(page, 'Add').click();
    await fillNewStore(page, { number: 990001, name: 'Dialog Street', state: 'Texas', groupId: group!.group_id });
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await screen.waitForNotice(page, '1 Record(s) Inserted Successfully');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const stored = await storeByNumber(990001);
    assert.ok(stored, 'the store is in the database');
    assert.deepEqual(
      { name: stored.name, city: stored.city, open: stored.open_date, active: stored.is_active, group: stored.group_id },
      { name: 'Dialog Street', city: 'Springfield', open: '2024-02-01', active: true, group: group!.group_id },
    );
    assert.equal(await screen.mark(page, stored.store_id), 'inserted');
    await context.close();
  });

  test("the server's field message shows on its field and the dialog stays open: a store number its region already has", async () => {
    const { page, context } = await env.newPage('admin');
    await screen.open(page);
    const [taken] = await query<{ store_number: number; group_id: number }>(
      `select store_number, group_id from stores join groups using (group_id) where code = 'WE' order by store_number limit 1`,
    );
    await screen.button(page, 'Add').click();
    await fillNewStore(page, { number: taken!.store_number, name: 'Twin', state: 'Texas', groupId: taken!.group_id });
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await screen.waitForNotice(page, '1 Record(s) Failed to Insert');
    const storeNumber = dialog.getByRole('textbox', { name: 'Store #', exact: true });
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'StoreNumber');
    assert.equal(await storeNumber.getAttribute('aria-invalid'), 'true');
    assert.deepEqual((await dialog.locator('.field-message').allTextContents()).filter(Boolean), [m.unique]);
    // Typing again is the user's answer to the server: its message goes.
    await storeNumber.fill('990002');
    assert.deepEqual((await dialog.locator('.field-message').allTextContents()).filter(Boolean), []);
    await context.close();
  });

  test('editing a store starts from its values, sends the change, marks the row updated and stores it', async () => {
    const { page, context } = await env.newPage('admin');
    await screen.open(page);
    const [first] = await screen.rowKeys(page);
    const [before] = await query<StoreRow>('select *, open_date::text as open_date from stores where store_id = $1', [first]);
    await screen.select(page, first!);
    await screen.button(page, 'Edit').click();
    const dialog = page.getByRole('dialog', { name: 'Edit in Stores' });
    await dialog.waitFor();
    assert.equal(await dialog.getByRole('textbox', { name: 'Name', exact: true }).inputValue(), before!.name);
    const [y, mo, d] = before!.open_date.split('-');
    assert.equal(await dialog.getByRole('textbox', { name: 'Opened', exact: true }).inputValue(), `${d}/${mo}/${y}`);
    assert.deepEqual(await axeViolations(page), []);
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(`${before!.name} (renamed)`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await screen.waitForNotice(page, '1 Record(s) Updated Successfully');
    const [after] = await query<StoreRow>('select * from stores where store_id = $1', [first]);
    assert.equal(after!.name, `${before!.name} (renamed)`);
    assert.equal(after!.version, before!.version + 1);
    assert.equal(await screen.mark(page, first!), 'updated');
    await context.close();
  });

  test('a store changed in another browser since it was read is not overwritten: the not-found notice shows and the table refreshes', async () => {
    const one = await env.newPage('admin');
    const two = await env.newPage('admin');
    await screen.open(one.page);
    await screen.open(two.page);
    const [, second] = await screen.rowKeys(one.page);
    for (const { page } of [one, two]) {
      await screen.select(page, second!);
      await screen.button(page, 'Edit').click();
      await page
        .getByRole('dialog')
        .getByRole('textbox', { name: 'City', exact: true })
        .fill(page === one.page ? 'First City' : 'Second City');
    }
    await one.page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await screen.waitForNotice(one.page, '1 Record(s) Updated Successfully');
    const refreshesBefore = await screen.refreshes(two.page);
    await two.page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await screen.waitForNotice(two.page, 'Information NOT found!. Table Refreshed for changes');
    await two.page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.equal(await screen.refreshes(two.page), refreshesBefore + 1);
    assert.equal(await screen.mark(two.page, second!), 'failed');
    const [stored] = await query<StoreRow>('select * from stores where store_id = $1', [second]);
    assert.equal(stored!.city, 'First City');
    await one.context.close();
    await two.context.close();
  });

  test('the delete dialog asks about the number of rows chosen, and Delete removes them, marks them and says so', async () => {
    const [group] = await query<{ group_id: number; state_id: number }>(
      `select group_id, (select state_id from states where code = 'TX') as state_id from groups where code = 'WE'`,
    );
    const made = await query<{ store_id: number }>(
      `insert into stores (store_number, name, city, state_id, group_id, open_date)
       values (1, 'A first', 'Austin', $1, $2, '2024-01-01'), (2, 'A second', 'Austin', $1, $2, '2024-01-01') returning store_id`,
      [group!.state_id, group!.group_id],
    );
    const { page, context } = await env.newPage('admin');
    await screen.open(page);
    for (const { store_id } of made) await screen.select(page, store_id);
    await screen.button(page, 'Delete').click();
    const dialog = page.getByRole('dialog', { name: 'Delete from Stores' });
    await dialog.waitFor();
    assert.equal(await dialog.getByText('Are you sure you want to delete 2 record(s)?', { exact: true }).count(), 1);
    assert.equal((await dialog.boundingBox())!.width, 300);
    assert.deepEqual(await axeViolations(page), []);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await screen.waitForNotice(page, '2 Record(s) Removed Successfully');
    assert.deepEqual(await query('select 1 from stores where store_id = any($1)', [made.map((s) => s.store_id)]), []);
    for (const { store_id } of made) assert.equal(await screen.mark(page, store_id), 'removed');
    await context.close();
  });

  test('a store that still has sales is not deleted: the row is marked failed and the reason shows as a failure', async () => {
    const { page, context } = await env.newPage('admin');
    await screen.open(page);
    const [first] = await screen.rowKeys(page);
    await screen.select(page, first!);
    await screen.button(page, 'Delete').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await screen.waitForNotice(page, '1 Record(s) Failed to Remove');
    await screen.waitForNotice(page, m.tableInUse);
    assert.equal(await screen.mark(page, first!), 'failed');
    assert.equal((await query('select 1 from stores where store_id = $1', [first])).length, 1);
    await context.close();
  });

  test('the keyboard alone works the dialog: focus stays inside on Tab and Shift+Tab, Esc closes it, and focus goes back to the button that opened it', async () => {
    const { page, context } = await env.newPage('admin');
    await screen.open(page);
    await screen.button(page, 'Add').focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'StoreNumber');
    const inDialog = () => page.evaluate(() => document.querySelector('dialog')?.contains(document.activeElement) ?? false);
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      assert.equal(await inDialog(), true, `after ${i + 1} Tab(s)`);
      seen.add(await page.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.textContent ?? ''));
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Shift+Tab');
      assert.equal(await inDialog(), true, `after ${i + 1} Shift+Tab(s)`);
    }
    assert.ok(seen.has('Save') && seen.has('Cancel') && seen.has('StoreNumber'), [...seen].join(', '));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Add');

    // The delete dialog starts on Cancel; Enter there closes it and nothing is deleted.
    const [first] = await screen.rowKeys(page);
    await screen.select(page, first!);
    await screen.button(page, 'Delete').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.textContent === 'Cancel');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Delete');
    await context.close();
  });

  test('a long list of choices can be searched, and a date can be picked from a calendar button', async () => {
    const { page, context } = await env.newPage('admin');
    await screen.open(page);
    await screen.button(page, 'Add').click();
    const dialog = page.getByRole('dialog');
    const search = dialog.getByRole('searchbox', { name: 'Search the State list' });
    await search.fill('tex');
    const state = dialog.getByRole('combobox', { name: 'State' });
    assert.deepEqual(await state.locator('option').allTextContents(), ['', 'Texas']);
    assert.equal(await dialog.getByRole('searchbox', { name: 'Search the Group list' }).count(), 0, 'a short list has no search');
    assert.equal(await dialog.getByRole('button', { name: 'Choose the Opened from a calendar' }).count(), 1);
    await context.close();
  });

  test('on a 375 px screen the dialogs fit', async () => {
    const { page, context } = await env.newPage('admin', { viewport: { width: 375, height: 667 } });
    await screen.open(page);
    await screen.button(page, 'Add').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Store #', exact: true }).waitFor();
    const box = (await dialog.boundingBox())!;
    assert.ok(box.x >= 0 && box.x + box.width <= 375, `the dialog spans ${box.x} to ${box.x + box.width}`);
    assert.ok(box.y >= 0 && box.y + box.height <= 667, `the dialog spans ${box.y} to ${box.y + box.height} down`);
    assert.ok(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth), 'nothing in it is wider than the dialog');
    assert.deepEqual(await axeViolations(page), []);
    await context.close();
  });
});
