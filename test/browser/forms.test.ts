// Validated forms in real Chromium, reached by htmx navigation (the forms arrive in swapped content):
// messages only once a field is modified, submit blocked with a shake, the asynchronous user name check
// (debounced, pending, stale answers ignored), the report form's date range messages, and the unique rule;
// and how a field shows its needs: red when invalid, a required marker, a hint under its label.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { format } from 'date-fns/format';
import { subDays } from 'date-fns/subDays';
import { addDays } from 'date-fns/addDays';
import { subYears } from 'date-fns/subYears';
import type { Page, Route } from 'playwright-core';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { storeListKeys } from '../../common/store-selection.ts';

const skip = browserSkipReason();
const day = (d: Date) => format(d, 'dd/MM/yyyy');

/** Records every element the `.shake` class is put on, from the first script of every document on. */
const recordShakes = () => {
  const shaken: string[] = ((window as unknown as { shaken: string[] }).shaken = []);
  new MutationObserver((records) => {
    // One shake restarts the animation (class removed, then added): one batch of records per shake.
    for (const el of new Set(records.map((r) => r.target as Element))) {
      if (el.classList.contains('shake')) shaken.push(el.getAttribute('action') ?? el.tagName);
    }
  }).observe(document, { attributes: true, attributeFilter: ['class'], subtree: true });
};
const shaken = (page: Page) => page.evaluate(() => (window as unknown as { shaken: string[] }).shaken);

/** Script errors and CSP violations show up as page errors or console errors. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return errors;
}

function watchPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && posts.push(new URL(r.url()).pathname));
  return posts;
}

/** Follows menu links (htmx swaps, no page load: the marker set on window survives). */
async function navigate(page: Page, ...links: string[]): Promise<void> {
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  for (const href of links) {
    const before = await page.title();
    await page.click(`a[href="${href}"]`);
    await page.waitForFunction((title) => document.title !== title, before);
  }
  await formsLoaded(page);
  assert.equal(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), true, 'navigated by swaps');
}

/** Fills the new-user form's text fields (ids new-user-<name>) and picks the group by its label. */
async function fillNewUser(page: Page, fields: Record<string, string>, group: string): Promise<void> {
  for (const [name, value] of Object.entries(fields)) await page.fill(`#new-user-${name}`, value);
  await page.selectOption('#new-user-GroupID', { label: group });
}

/** Form validation loads lazily with the first page that has a form: wait for it before typing. */
const formsLoaded = (page: Page) => page.waitForSelector('html[data-forms="ready"]', { state: 'attached' });
const message = (page: Page, id: string) => page.textContent(`#${id}`);
const waitForMessage = (page: Page, id: string, text: string) =>
  page.waitForFunction(([id, text]) => document.getElementById(id!)?.textContent === text, [id, text] as const);

describe('validated forms in a browser', { skip }, () => {
  const env = useBrowserEnv();

  async function newUserForm(): Promise<{ page: Page; errors: string[]; posts: string[]; close(): Promise<void> }> {
    const { page, context } = await env.newPage('admin');
    await context.addInitScript(recordShakes);
    await page.reload();
    const errors = watchErrors(page);
    const posts = watchPosts(page);
    await navigate(page, '/admin/users', '/admin/users/new');
    await page.waitForSelector('form[data-validate] #new-user-UserName');
    return { page, errors, posts, close: () => context.close() };
  }

  test('a field shows its message only once it is modified, and follows the field it must equal', async () => {
    const { page, errors, close } = await newUserForm();
    const slots = () => page.$$eval('[data-field-message]', (els) => els.map((e) => e.textContent).join(''));
    assert.equal(await slots(), '');
    await page.focus('#new-user-FirstName');
    await page.keyboard.press('Tab');
    assert.equal(await slots(), '', 'visiting a field without typing does not modify it');

    await page.fill('#new-user-LastName', 'x');
    await page.fill('#new-user-LastName', '');
    assert.equal(await message(page, 'new-user-LastName-message'), 'this field is required.');
    assert.equal(await page.getAttribute('#new-user-LastName', 'aria-invalid'), 'true');
    assert.equal(await message(page, 'new-user-FirstName-message'), '', 'an unmodified field still shows nothing');
    assert.equal(await page.getAttribute('#new-user-FirstName', 'aria-invalid'), null);

    /** Types into a field of the new-user form; answers the message it then shows. */
    const typed = async (field: string, value: string) => {
      await page.fill(`#new-user-${field}`, value);
      return message(page, `new-user-${field}-message`);
    };
    assert.equal(await typed('UserName', 'ab'), 'please enter at least 3 characters.');
    assert.equal(await typed('Email', 'x@'), 'please enter a valid email address');
    assert.equal(await typed('Email', 'x@example.com'), '');
    assert.equal(await page.getAttribute('#new-user-Email', 'aria-invalid'), 'false');

    await page.fill('#new-user-Password', 'abcdefgh');
    assert.equal(await typed('ConfirmPassword', 'abcdefgX'), 'Values must equal');
    assert.equal(await typed('ConfirmPassword', 'abcdefgh'), '');
    await page.fill('#new-user-Password', 'abcdefgZ');
    assert.equal(await message(page, 'new-user-ConfirmPassword-message'), 'Values must equal', 'the confirmation follows the password');
    assert.equal(await page.getAttribute('#new-user-LastName', 'aria-describedby'), 'new-user-LastName-message');
    assert.deepEqual(errors, []);
    await close();
  });

  test('an invalid text input turns red; required fields are marked and announced; a hint says what a rule allows', async () => {
    const { page, errors, close } = await newUserForm();
    const border = (id: string) => page.$eval(`#${id}`, (el) => getComputedStyle(el).borderTopColor);
    const valid = await border('new-user-UserName');
    await page.fill('#new-user-UserName', 'a b');
    assert.equal(await message(page, 'new-user-UserName-message'), 'please check this value.', "the spec's words");
    assert.equal(await page.getAttribute('#new-user-UserName', 'aria-invalid'), 'true');
    assert.equal(await border('new-user-UserName'), 'rgb(198, 40, 40)', 'red');
    assert.notEqual(valid, 'rgb(198, 40, 40)');

    // Required: a visible marker beside the label, while screen readers hear the label and "required".
    assert.equal(await page.isVisible('label[for="new-user-UserName"] .field-required'), true);
    assert.equal(await page.getAttribute('label[for="new-user-UserName"] .field-required', 'aria-hidden'), 'true');
    assert.equal(await page.getAttribute('#new-user-UserName', 'aria-required'), 'true');
    assert.equal(await page.getByRole('textbox', { name: 'User name', exact: true }).count(), 1);
    assert.equal(await page.locator('label[for="new-user-MiddleName"] .field-required').count(), 0, 'an optional field has no marker');
    assert.equal(await page.getAttribute('#new-user-MiddleName', 'aria-required'), null);

    // The hint shows before any mistake and is read with the field, ahead of its message.
    const hint = page.locator('#new-user-UserName-hint');
    assert.equal(await hint.isVisible(), true);
    assert.match((await hint.textContent())!, /^3 to 30 characters: letters, digits, dots, dashes and underscores, no spaces\.$/);
    assert.equal(await page.getAttribute('#new-user-UserName', 'aria-describedby'), 'new-user-UserName-hint new-user-UserName-message');
    assert.match((await page.textContent('#new-user-Password-hint'))!, /At least 8 characters/);
    assert.deepEqual(errors, []);
    await close();
  });

  test('submitting an invalid form sends nothing, shows every message and shakes the form', async () => {
    const { page, errors, posts, close } = await newUserForm();
    await page.click('form[data-validate] button[type=submit]');
    await page.waitForFunction(() => (window as unknown as { shaken: string[] }).shaken.length > 0);
    assert.deepEqual(await shaken(page), ['/admin/users/new']);
    for (const field of ['UserName', 'FirstName', 'LastName', 'Password', 'ConfirmPassword', 'GroupID']) {
      assert.equal(await message(page, `new-user-${field}-message`), 'this field is required.', field);
    }
    for (const optional of ['MiddleName', 'Email']) {
      assert.equal(await message(page, `new-user-${optional}-message`), '', `${optional} may be left empty`);
    }
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'new-user-UserName', 'the first wrong field has the focus');
    assert.deepEqual(posts, []);
    assert.match(page.url(), /\/admin\/users\/new$/);
    assert.deepEqual(errors, []);
    await close();
  });

  test('the user name check waits for typing to pause, shows it is pending, and only the latest answer counts', async () => {
    const { page, errors, close } = await newUserForm();
    const asked: string[] = [];
    const held = new Map<string, Route>();
    const arrived = new Map<string, () => void>();
    await page.route('**/api/common/valid-username?*', (route) => {
      const name = new URL(route.request().url()).searchParams.get('username')!;
      asked.push(name);
      held.set(name, route);
      arrived.get(name)?.();
    });
    const request = (name: string) => (held.has(name) ? Promise.resolve() : new Promise<void>((resolve) => arrived.set(name, resolve)));
    const answer = (name: string, reply: { status?: number; body: string }) =>
      held.get(name)!.fulfill({ status: reply.status ?? 200, contentType: 'text/plain; charset=utf-8', body: reply.body });
    /**
     * Answers an older question after a newer one was answered, and waits until the page has dealt with it:
     * a request the page makes after the answer has arrived is answered after the page has read it (the
     * network's answers reach the page in turn), and whatever it does with an answer it does as it reads it.
     */
    const answerLate = async (name: string, body: string) => {
      const read = page.waitForResponse((r) => new URL(r.url()).searchParams.get('username') === name);
      await answer(name, { body });
      await (await read).finished();
      await page.evaluate(() => fetch('/healthz').then((r) => r.text()));
    };
    const slot = 'new-user-UserName-message';

    // Five keystrokes in one task: well inside the pause the check waits for, so one question is asked.
    await page.evaluate(() => {
      const input = document.getElementById('new-user-UserName') as HTMLInputElement;
      for (const value of ['f', 'fr', 'fre', 'fres', 'fresh']) {
        input.value = value;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }
    });
    assert.equal(await message(page, slot), 'checking the user name…');
    assert.equal(await page.getAttribute('#new-user-UserName', 'aria-busy'), 'true');
    await request('fresh');
    assert.equal(await message(page, slot), 'checking the user name…', 'still pending while the server thinks');

    /** With `older` still unanswered, types `newer`; answers `newer` first and `older` last. */
    const answerOutOfOrder = async (older: string, newer: string, newerBody: string, olderBody: string) => {
      await page.fill('#new-user-UserName', newer);
      await request(newer);
      await answer(newer, { body: newerBody });
      await waitForMessage(page, slot, newerBody || 'valid username');
      await answerLate(older, olderBody);
    };
    await answerOutOfOrder('fresh', 'Admin', 'this user name is already taken.', '');
    assert.deepEqual(asked, ['fresh', 'Admin']);
    assert.equal(await message(page, slot), 'this user name is already taken.', 'the late "free" about an older name does not count');
    assert.equal(await page.getAttribute('#new-user-UserName', 'aria-invalid'), 'true');

    await page.fill('#new-user-UserName', 'fresh.user');
    await request('fresh.user');
    await answerOutOfOrder('fresh.user', 'later.user', '', 'this user name is already taken.');
    assert.equal(await message(page, slot), 'valid username', 'the late "taken" about an older name does not count');
    assert.equal(await page.getAttribute('#new-user-UserName', 'aria-invalid'), 'false');

    await page.fill('#new-user-UserName', 'broken');
    await request('broken');
    await answer('broken', { status: 500, body: '' });
    await waitForMessage(page, slot, 'username validation error!');
    assert.deepEqual(
      errors.filter((e) => !e.includes('status of 500')),
      [],
    );
    await close();
  });

  test('a valid form waits for the user name answer, then adds the user and shows the list with a notice', async () => {
    const { page, errors, posts, close } = await newUserForm();
    let release: (() => Promise<void>) | undefined;
    const asked = new Promise<void>((resolve) => {
      void page.route('**/api/common/valid-username?*', (route) => {
        release = () => route.continue();
        resolve();
      });
    });
    const password = 'long enough';
    await fillNewUser(
      page,
      {
        UserName: 'Pat.Quinn',
        FirstName: 'Pat',
        LastName: 'Quinn',
        Email: 'pat.quinn@backroom.example',
        Password: password,
        ConfirmPassword: password,
      },
      'Northeast',
    );
    await page.check('input[name=Roles][value=reports]');
    await page.check('input[name=Instances][value=PROD]');
    await asked;
    await page.click('form[data-validate] button[type=submit]');
    assert.deepEqual(posts, [], 'nothing is sent while the name is being checked');
    await release!();
    await page.waitForURL(/\/admin\/users\?added=\d+$/);
    assert.equal(await page.textContent('.notice'), 'User "Pat.Quinn" was added.');
    assert.ok(await page.getByRole('cell', { name: 'Pat.Quinn', exact: true }).isVisible());
    assert.deepEqual(posts, ['/admin/users/new']);
    assert.deepEqual(await shaken(page), []);
    const stored = await env.t.db.pool.query(`select first_name from users where user_name = 'Pat.Quinn'`);
    assert.equal(stored.rows[0]?.first_name, 'Pat');
    assert.deepEqual(errors, []);
    await close();
  });

  test('a name taken after its check is refused by the server: the form comes back with the message and the values', async () => {
    const { page, errors, close } = await newUserForm();
    // The check says "free" (as it would have just before someone else took the name); the POST says otherwise.
    await page.route('**/api/common/valid-username?*', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: '' }));
    const password = 'long enough';
    await fillNewUser(
      page,
      {
        UserName: 'Manager',
        FirstName: 'Second',
        LastName: 'Manager',
        Email: 'second.manager@backroom.example',
        Password: password,
        ConfirmPassword: password,
      },
      'Headquarters',
    );
    await waitForMessage(page, 'new-user-UserName-message', 'valid username');
    const answered = page.waitForResponse((r) => r.request().method() === 'POST');
    await page.click('form[data-validate] button[type=submit]');
    assert.equal((await answered).status(), 422);
    await waitForMessage(page, 'new-user-UserName-message', 'this user name is already taken.');
    assert.equal(await page.inputValue('#new-user-FirstName'), 'Second');
    assert.equal(await page.inputValue('#new-user-Password'), '');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'new-user-UserName', 'focus goes to the refused field');
    assert.equal(await page.isVisible('dialog[open]'), false, 'a refused form is not a failed request');
    assert.deepEqual(
      errors.filter((e) => !e.includes('status of 422')),
      [],
    );
    await close();
  });

  test('the report form shows the date range messages, refuses to send a bad range and shows the result of a good one', async () => {
    const { page, context } = await env.newPage('analyst');
    await context.addInitScript(recordShakes);
    const storeIds = (
      await env.t.db.pool.query(
        `select store_id from stores where group_id = (select group_id from groups where code = 'NE') order by store_id limit 2`,
      )
    ).rows.map((r) => r.store_id as number);
    const analystId = (await env.t.db.pool.query(`select user_id from users where user_name = 'analyst'`)).rows[0].user_id as number;
    await page.evaluate(([key, ids]) => localStorage.setItem(key, JSON.stringify(ids)), [
      storeListKeys(analystId).selected,
      storeIds,
    ] as const);
    await page.reload();
    const errors = watchErrors(page);
    const asked: string[] = [];
    page.on('request', (r) => new URL(r.url()).searchParams.has('format') && asked.push(r.url()));
    await navigate(page, '/reports', '/reports?report=sales-by-state');
    const slot = 'report-DateRange-message';
    assert.equal(await message(page, slot), '');
    const today = new Date();
    const range = async (from: string, to: string) => {
      await page.fill('#report-FromDate', from);
      await page.fill('#report-ToDate', to);
      return message(page, slot);
    };
    await page.fill('#report-FromDate', '31/02/2024');
    assert.equal(await message(page, slot), '"From Date" and "To Date" are required');
    assert.equal(await range('31/02/2024', day(today)), '"From Date" is invalid');
    assert.equal(await range(day(subDays(today, 5)), '1/13/2025'), '"To Date" is invalid');
    assert.equal(await range(day(subDays(subYears(today, 3), 2)), day(subDays(today, 2))), '"From Date" can not be less than 3 years');
    assert.equal(await range(day(subDays(today, 5)), day(addDays(today, 2))), '"To Date" can not be greater than today');
    assert.equal(await range(day(subDays(today, 2)), day(subDays(today, 9))), '"From Date" can not be greater than "To Date"');
    assert.equal(await page.getAttribute('#report-FromDate', 'aria-invalid'), 'true');

    await page.click('.report-form button[type=submit]');
    await page.waitForFunction(() => (window as unknown as { shaken: string[] }).shaken.length > 0);
    assert.deepEqual(await shaken(page), ['/reports']);
    assert.deepEqual(asked, []);

    assert.equal(await range(day(subDays(today, 12)), day(subDays(today, 2))), '');
    const sent = page.waitForRequest((r) => new URL(r.url()).searchParams.has('format'));
    await page.click('.report-form button[type=submit]');
    const query = new URL((await sent).url()).searchParams;
    assert.equal(query.get('stores'), storeIds.join(','), 'the header store selection goes with the parameters');
    await page.waitForSelector('#report-result table tfoot');
    assert.equal(await page.textContent('#report-result h2'), 'Sales by state');
    assert.match(
      (await page.textContent('#report-result')) ?? '',
      /Stores: 2 of \d+ Northeast stores/,
      'the caption names the selection as the store selector does',
    );
    assert.match((await page.textContent('#report-result tfoot td')) ?? '', /^\$[\d,]+\.\d\d$/);
    assert.equal(await page.title(), 'Sales by state · Reports · Backroom');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a unique field refuses a value already taken, whatever its case and spaces', async () => {
    const { page, context } = await env.newPage('admin');
    const errors = watchErrors(page);
    await page.goto('/test/forms/unique');
    await formsLoaded(page);
    await page.fill('#unique-StoreName', ' harbor VIEW ');
    await waitForMessage(page, 'unique-StoreName-message', 'please make sure the value is unique.');
    await page.fill('#unique-StoreName', 'Corner Shop');
    assert.equal(await message(page, 'unique-StoreName-message'), '');
    assert.deepEqual(errors, []);
    await context.close();
  });
});
