// The tables' row dialogs in real Chromium, as a super administrator on the stores with the demo data: add,
// edit and delete with a real round trip (rows marked, removed rows seen a moment before they go, notices,
// the database changed), the shake and every message on a refused save, the server's field messages, a
// conflict between two browsers, the delete question, focus kept in and given back, Esc, axe-core with each
// dialog open, and a 375 px screen; a refused edit of a super administrator says why in words.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { fractionOf } from '../../common/percent.ts';
import { REMOVED_ROWS_SHOWN_MS } from '../../islands/data-table/dialogs/change-outcome.ts';
import { defaultMessages as m } from '../../server/messages.ts';
import { axeViolations } from '../support/axe.ts';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { openTable } from '../support/tables.ts';
import { pageErrors } from '../support/navigation.ts';
import { assertFits, screenshot } from '../support/screen.ts';

const skip = browserSkipReason();

interface StoreRow {
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
  const env = useBrowserEnv({}, { blankPages: true });

  const query = async <T>(text: string, params: unknown[] = []): Promise<T[]> => (await env.t.db.pool.query(text, params)).rows as T[];
  const storeByNumber = async (n: number) =>
    (await query<StoreRow>('select *, open_date::text as open_date from stores where store_number = $1', [n]))[0];

  // The Stores screen and what it shows: rows are found by their checkbox, named by the store number.
  const screen = {
    async open(page: Page): Promise<void> {
      await openTable(page, '/stores');
    },
    button: (page: Page, name: 'Add' | 'Edit' | 'Delete') => page.getByRole('toolbar').getByRole('button', { name, exact: true }),
    row: (page: Page, storeNumber: number) =>
      page.locator('.dt-table tbody tr', { has: page.getByRole('checkbox', { name: `Select row ${storeNumber}`, exact: true }) }),
    async select(page: Page, storeNumber: number): Promise<void> {
      await page.getByRole('checkbox', { name: `Select row ${storeNumber}`, exact: true }).check();
    },
    async waitForNotice(page: Page, text: string): Promise<void> {
      await page.locator('.dt-notice', { hasText: text }).waitFor();
    },
    /** The row's mark (inserted, updated, removed, failed), once it has one. */
    async waitForMark(page: Page, storeNumber: number, mark: string): Promise<void> {
      await screen
        .row(page, storeNumber)
        .and(page.locator(`.dt-row-${mark}`))
        .waitFor();
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

  test('adding a store sends it, stores it, shows its row marked inserted and says so', async () => {
    const { page, context } = await env.newPage('admin');
    await screen.open(page);
    const [group] = await query<{ group_id: number }>(`select group_id from groups where code = 'WE'`);
    await screen.button(page, 'Add').click();
    // Number 5 comes before the demo's 1001 and up: the new row is on the first page, sorted by number.
    await fillNewStore(page, { number: 5, name: 'Dialog Street', state: 'Texas', groupId: group!.group_id });
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await screen.waitForNotice(page, '1 Record(s) Inserted Successfully');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const stored = await storeByNumber(5);
    assert.ok(stored, 'the store is in the database');
    assert.deepEqual(
      { name: stored.name, city: stored.city, open: stored.open_date, active: stored.is_active, group: stored.group_id },
      { name: 'Dialog Street', city: 'Springfield', open: '2024-02-01', active: true, group: group!.group_id },
    );
    await screen.waitForMark(page, 5, 'inserted');
    assert.equal(await screen.row(page, 5).getByRole('cell', { name: 'Dialog Street', exact: true }).count(), 1);
    await context.close();
  });

  test("the server's field message shows on its field and the dialog stays open: a store number its region already has", async () => {
    const { page, context } = await env.newPage('admin');
    await screen.open(page);
    const [taken] = await query<{ store_number: number; group_id: number }>(
      `select store_number, group_id from stores join groups using (group_id) where code = 'WE' order by store_number desc limit 1`,
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
    assert.equal((await query('select 1 from stores where name = $1', ['Twin'])).length, 0);
    // Typing again is the user's answer to the server: its message goes.
    await storeNumber.fill('990002');
    assert.deepEqual((await dialog.locator('.field-message').allTextContents()).filter(Boolean), []);
    await context.close();
  });

  for (const width of [1280, 375])
    test(`at ${width} px: an opening day moved past the store's first sale is refused on Opened, naming that day`, async () => {
      // The first store (in the screen's order) that has sales, and its first sale's day.
      const [store] = await query<{ store_number: number; after_first: string; first: string }>(
        `select s.store_number, to_char(min(sa.sale_date) + 1, 'DD/MM/YYYY') as after_first, to_char(min(sa.sale_date), 'DD/MM/YYYY') as first
         from stores s join sales sa using (store_id) group by s.store_id order by s.store_number limit 1`,
      );
      const { page, context } = await env.newPage('admin', { viewport: { width, height: 800 } });
      await screen.open(page);
      await screen.select(page, store!.store_number);
      await screen.button(page, 'Edit').click();
      const dialog = page.getByRole('dialog', { name: /^Edit .+ in Stores$/ });
      await dialog.waitFor();
      const opened = dialog.getByRole('textbox', { name: 'Opened', exact: true });
      await opened.fill(store!.after_first);
      await dialog.getByRole('button', { name: 'Save' }).click();
      const words = m.storeOpensAfterSales.replace('{0}', store!.first);
      await dialog.locator('.field-message', { hasText: words }).waitFor();
      assert.equal(await opened.getAttribute('aria-invalid'), 'true');
      assert.deepEqual(await axeViolations(page), []);
      await assertFits(page);
      await screenshot(page, `store-opening-after-sales-${width}`);
      await context.close();
    });

  test('editing a store starts from its values, sends the change, stores it and shows its row marked updated', async () => {
    const { page, context } = await env.newPage('admin');
    await screen.open(page);
    const before = (await storeByNumber(1002))!;
    await screen.select(page, 1002);
    await screen.button(page, 'Edit').click();
    const dialog = page.getByRole('dialog', { name: /^Edit .+ in Stores$/ });
    await dialog.waitFor();
    const name = dialog.getByRole('textbox', { name: 'Name', exact: true });
    assert.equal(await name.inputValue(), before.name);
    const [y, mo, d] = before.open_date.split('-');
    assert.equal(await dialog.getByRole('textbox', { name: 'Opened', exact: true }).inputValue(), `${d}/${mo}/${y}`);
    assert.equal(await dialog.getByRole('combobox', { name: 'Group', exact: true }).inputValue(), String(before.group_id));
    assert.deepEqual(await axeViolations(page), []);
    await name.fill(`${before.name} Renamed`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await screen.waitForNotice(page, '1 Record(s) Updated Successfully');
    const after = (await storeByNumber(1002))!;
    assert.deepEqual([after.name, after.version], [`${before.name} Renamed`, before.version + 1]);
    await screen.waitForMark(page, 1002, 'updated');
    await screen
      .row(page, 1002)
      .getByRole('cell', { name: `${before.name} Renamed`, exact: true })
      .waitFor();
    await context.close();
  });

  test('a store changed in another browser since it was read is not overwritten: the not-found notice shows and the table is read again', async () => {
    const one = await env.newPage('admin');
    const two = await env.newPage('admin');
    for (const { page } of [one, two]) {
      await screen.open(page);
      await screen.select(page, 1003);
      await screen.button(page, 'Edit').click();
      await page
        .getByRole('dialog')
        .getByRole('textbox', { name: 'City', exact: true })
        .fill(page === one.page ? 'First City' : 'Second City');
    }
    await one.page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await screen.waitForNotice(one.page, '1 Record(s) Updated Successfully');

    // The second browser's list calls after its refused edit: the table read again.
    let refused = false;
    two.page.on('response', (r) => r.request().method() === 'PATCH' && (refused = true));
    const readAgain = two.page.waitForRequest((r) => refused && r.method() === 'GET' && new URL(r.url()).pathname === '/api/stores');
    await two.page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await screen.waitForNotice(two.page, 'Information NOT found!. Table Refreshed for changes');
    await two.page.getByRole('dialog').waitFor({ state: 'detached' });
    await readAgain;
    await screen.waitForMark(two.page, 1003, 'failed');
    await screen.row(two.page, 1003).getByRole('cell', { name: 'First City', exact: true }).waitFor();
    assert.equal((await storeByNumber(1003))!.city, 'First City');
    await one.context.close();
    await two.context.close();
  });

  test('the delete dialog asks about the number of rows chosen; Delete removes them from the database, says so, shows them marked removed for a moment, then takes them from the table', async () => {
    const [place] = await query<{ group_id: number; state_id: number }>(
      `select group_id, (select state_id from states where code = 'TX') as state_id from groups where code = 'WE'`,
    );
    await query(
      `insert into stores (store_number, name, city, state_id, group_id, open_date)
       values (1, 'A first', 'Austin', $1, $2, '2024-01-01'), (2, 'A second', 'Austin', $1, $2, '2024-01-01')`,
      [place!.state_id, place!.group_id],
    );
    const { page, context } = await env.newPage('admin');
    // The page's list calls for rows (not the footer totals' beside them: rows=false), counted in the page as
    // it makes them (so in order with what it draws).
    await context.addInitScript(() => {
      const w = window as unknown as { listCalls: number };
      w.listCalls = 0;
      const send = window.fetch.bind(window);
      window.fetch = (input, init) => {
        if (String(input).startsWith('/api/stores?') && !String(input).includes('&rows=false')) w.listCalls++;
        return send(input, init);
      };
    });
    // After whatever the page has queued (React's work included: a message after its messages), the count.
    const listCalls = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve((window as unknown as { listCalls: number }).listCalls);
            channel.port2.postMessage(null);
          }),
      );
    await page.clock.install();
    await screen.open(page);
    for (const n of [1, 2]) await screen.select(page, n);
    await screen.button(page, 'Delete').click();
    const dialog = page.getByRole('dialog', { name: 'Delete from Stores' });
    await dialog.waitFor();
    assert.equal(await dialog.getByText('Are you sure you want to delete 2 record(s)?', { exact: true }).count(), 1);
    assert.equal((await dialog.boundingBox())!.width, 300);
    assert.deepEqual(await axeViolations(page), []);
    const callsBefore = await listCalls();
    // Time stands still from here: what waits for it waits until the test moves it on.
    await page.clock.pauseAt(Date.now() + 1000);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await screen.waitForNotice(page, '2 Record(s) Removed Successfully');
    assert.deepEqual(await query('select 1 from stores where store_number in (1, 2)'), []);
    // The rows stay in sight, marked removed, no longer chosen nor to be chosen, and the list is not read yet.
    for (const n of [1, 2]) {
      await screen.waitForMark(page, n, 'removed');
      const box = page.getByRole('checkbox', { name: `Select row ${n}`, exact: true });
      assert.deepEqual([await box.isChecked(), await box.isDisabled()], [false, true], `row ${n}'s checkbox`);
    }
    assert.equal(await screen.button(page, 'Delete').isDisabled(), true);
    assert.equal(await listCalls(), callsBefore, 'the table is not read again at once');
    await page.clock.runFor(REMOVED_ROWS_SHOWN_MS - 100);
    assert.equal(await listCalls(), callsBefore);
    assert.equal(await screen.row(page, 1).and(page.locator('.dt-row-removed')).count(), 1, 'still marked removed');
    // The moment over, the table is read again without them.
    await page.clock.runFor(100);
    await screen.row(page, 1).waitFor({ state: 'detached' });
    assert.equal(await screen.row(page, 2).count(), 0);
    assert.equal(await listCalls(), callsBefore + 1);
    await page.clock.resume();
    // Delete is disabled with nothing left selected: focus goes to the table's first button instead.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Add');
    await context.close();
  });

  test('a store that still has sales is not deleted: its row is marked failed and the reason shows as a failure', async () => {
    const [used] = await query<{ store_number: number }>(
      `select min(store_number) as store_number from stores s where store_number between 1001 and 1020 and exists (select 1 from sales where store_id = s.store_id)`,
    );
    const { page, context } = await env.newPage('admin');
    await screen.open(page);
    await screen.select(page, used!.store_number);
    await screen.button(page, 'Delete').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await screen.waitForNotice(page, `1 Record(s) Failed to Remove. ${m.tableInUse}`);
    await screen.waitForMark(page, used!.store_number, 'failed');
    assert.ok(await storeByNumber(used!.store_number));
    await context.close();
  });

  test('the keyboard alone works the dialogs: focus stays inside on Tab and Shift+Tab, Esc closes, and focus goes back to the button that opened them', async () => {
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

    // The delete dialog starts on Cancel; Enter there closes it, nothing is deleted, and focus is back on Delete.
    await screen.select(page, 1004);
    await screen.button(page, 'Delete').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.textContent === 'Cancel');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Delete');
    assert.ok(await storeByNumber(1004));
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
    // The calendar button opens the browser's own date picker on a native date input out of sight; the day
    // picked there is written into the field as dd/MM/yyyy, as if typed.
    await dialog.getByRole('button', { name: 'Choose the Opened from a calendar' }).click();
    await dialog.locator('input[type=date]').evaluate((native: HTMLInputElement) => {
      // As the picker does: past the element's own value setter, which React watches to skip its own writes.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(native, '2024-03-05');
      native.dispatchEvent(new Event('input', { bubbles: true }));
      native.dispatchEvent(new Event('change', { bubbles: true }));
    });
    assert.equal(await dialog.getByRole('textbox', { name: 'Opened', exact: true }).inputValue(), '05/03/2024');
    await context.close();
  });

  for (const width of [1280, 375]) {
    test(`at ${width} px an administrator editing a super administrator is told what is not allowed`, async () => {
      const { page, context } = await env.newPage('manager', { viewport: { width, height: 800 } });
      await openTable(page, '/admin/users');
      await page.getByRole('checkbox', { name: 'Select row admin', exact: true }).check();
      await screen.button(page, 'Edit').click();
      const dialog = page.getByRole('dialog', { name: /^Edit .+ in Users$/ });
      await dialog.waitFor();
      await dialog.getByRole('textbox', { name: 'Middle name', exact: true }).fill('Q');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await screen.waitForNotice(page, `1 Record(s) Failed to Update. ${m.privilegeSuperAdminRow}`);
      assert.equal(await page.locator('.dt-notice', { hasText: m.forbidden }).count(), 0, 'not the page refusal');
      await context.close();
    });
  }

  test("an insert dialog starts from each field's default and draws a long text as a text area: a message sent from the Messages screen to a person chosen by name", async () => {
    const { page, context } = await env.newPage('itdesk');
    await openTable(page, '/messages');
    await screen.button(page, 'Add').click();
    const dialog = page.getByRole('dialog', { name: 'Add to Messages' });
    await dialog.waitFor();
    assert.equal(await dialog.getByRole('combobox', { name: 'Severity', exact: true }).inputValue(), 'info');
    assert.equal(await dialog.getByRole('textbox', { name: 'Text', exact: true }).evaluate((el) => el.tagName), 'TEXTAREA');
    await dialog.getByRole('combobox', { name: 'Recipient', exact: true }).selectOption({ label: 'Casey Nguyen' });
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Shelf count');
    await dialog.getByRole('textbox', { name: 'Text', exact: true }).fill('Please count the shelves\nbefore Friday.');
    assert.deepEqual(await axeViolations(page), []);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await screen.waitForNotice(page, '1 Record(s) Inserted Successfully');
    const [sent] = await query<{ body: string; severity: string; user_name: string }>(
      `select i.body, i.severity, u.user_name from inbox i join users u using (user_id) where i.title = 'Shelf count'`,
    );
    assert.deepEqual(sent, { body: 'Please count the shelves\nbefore Friday.', severity: 'info', user_name: 'clerk' });
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
  test("a sale's margin is typed as the percentage the table shows and stored as its fraction", async () => {
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/sales');
    const first = page.locator('.dt-table tbody tr').first();
    // Margin is the last column on a wide screen.
    const shown = (await first.locator('td').last().textContent())!.trim();
    await first.getByRole('checkbox').check();
    await screen.button(page, 'Edit').click();
    const dialog = page.getByRole('dialog', { name: /^Edit .+ in Daily sales$/ });
    const margin = dialog.getByRole('textbox', { name: 'Margin (%)', exact: true });
    assert.equal(`${Number(await margin.inputValue()).toFixed(2)}%`, shown, 'the dialog shows the percentage the row does');
    // The dialog as people see it, on a wide screen and on a phone.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await assertFits(page, `the sale's edit dialog at ${width} px`);
      await screenshot(page, `sale-margin-dialog-${width}`);
      assert.deepEqual(await axeViolations(page), []);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    // The rules are the percentage's: 150 is over 100%.
    await margin.fill('150');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.locator('.field-message', { hasText: 'less than or equal to 100' }).waitFor();
    const typed = shown === '12.37%' ? '12.38' : '12.37';
    const count = async () =>
      (await query<{ n: number }>(`select count(*)::int as n from sales where margin = $1`, [fractionOf(typed)]))[0]!.n;
    const before = await count();
    await margin.fill(typed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await screen.waitForNotice(page, '1 Record(s) Updated Successfully');
    assert.equal(await count(), before + 1, 'stored as the fraction');
    await first
      .locator('td')
      .last()
      .filter({ hasText: `${typed}%` })
      .waitFor();
    await context.close();
  });

  test("choices beyond the first hundred are searched on the server: a sale's store among more stores than the list holds", async () => {
    const [place] = await query<{ group_id: number; state_id: number }>(
      `select group_id, (select state_id from states where code = 'TX') as state_id from groups where code = 'WE'`,
    );
    await query(
      `insert into stores (store_number, name, city, state_id, group_id, open_date)
       select 5000 + n, 'Extra ' || lpad(n::text, 3, '0'), 'Austin', $1, $2, '2024-01-01' from generate_series(1, 120) as n`,
      [place!.state_id, place!.group_id],
    );
    const { page, context } = await env.newPage('admin');
    await openTable(page, '/sales');
    await screen.button(page, 'Add').click();
    const dialog = page.getByRole('dialog', { name: 'Add to Daily sales' });
    await dialog.getByText('More choices exist: search to narrow the list.').waitFor();
    const store = dialog.getByRole('combobox', { name: 'Store', exact: true });
    assert.equal(await store.locator('option').count(), 101, 'the first hundred, and the empty choice');
    const asked = page.waitForRequest((r) => new URL(r.url()).searchParams.get('search') === 'Extra 117');
    await dialog.getByRole('searchbox', { name: 'Search the Store list' }).fill('Extra 117');
    await asked;
    await page.waitForFunction(() => document.querySelectorAll('dialog select[name="StoreID"] option').length === 2);
    // Each choice says the store's number and state too: names repeat across a chain.
    const extra = 'Extra 117 (#5117, TX)';
    assert.deepEqual(await store.locator('option').allTextContents(), ['', extra]);
    await store.selectOption({ label: extra });
    // The chosen store keeps its option when the search changes.
    await dialog.getByRole('searchbox', { name: 'Search the Store list' }).fill('');
    assert.equal(await store.locator('option:checked').textContent(), extra);
    await context.close();
  });
});
