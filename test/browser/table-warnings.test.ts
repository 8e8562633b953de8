// The tables' warnings in real Chromium (spec sections 5 and 8): a list answer without a value for a shown
// column, and saved state naming columns the table does not have, pop up as an alert by default, once; with
// TABLE_WARNINGS=console they go to the console instead, and the table works on either way.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { openTable } from '../support/tables.ts';

const skip = browserSkipReason();

const openStores = (page: Page) => openTable(page, '/stores');

/**
 * Answers the Stores list calls with their rows' `column` taken out, as a server out of step with the page
 * would (the newest such route answers: each takes out its own column only).
 */
async function dropColumn(page: Page, column: string): Promise<void> {
  await page.route(
    (url) => url.pathname === '/api/stores',
    async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { data: Array<Record<string, unknown>> };
      for (const row of body.data) delete row[column];
      await route.fulfill({ response: res, json: body });
    },
  );
}

/** Clicks Refresh and waits until the table shows the answer it asked for (its "last updated" time is new). */
async function refresh(page: Page): Promise<void> {
  const before = await page.getAttribute('[data-island="data-table"] time.dt-updated', 'datetime');
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await page.waitForFunction(
    (b) => document.querySelector('[data-island="data-table"] time.dt-updated')?.getAttribute('datetime') !== b,
    before,
  );
}

/** The alerts the page raises from now on, each accepted. */
function alerts(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.accept();
  });
  return seen;
}

describe('table warnings as alerts (the default)', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  test('an answer without a shown column alerts once, naming the table, the column and the row, and the rows still show', async () => {
    const { context, page } = await env.newPage('admin');
    try {
      const seen = alerts(page);
      await openStores(page);
      await dropColumn(page, 'City');
      await refresh(page);
      assert.ok((await page.locator('[data-island="data-table"] tbody tr').count()) > 1, 'the rows still show');
      await refresh(page);
      // A third answer lacking another column alerts: the table warns of each answer in turn, so an alert
      // of the second answer would have come before this one.
      await dropColumn(page, 'Name');
      const third = page.waitForEvent('dialog');
      await refresh(page);
      await third;
      assert.deepEqual(seen, [
        'alert: Table Stores: the server sent no value for column "City" in row 0.',
        'alert: Table Stores: the server sent no value for column "Name" in row 0.',
      ]);
    } finally {
      await context.close();
    }
  });

  test('saved state naming columns the table lacks alerts, and the table opens with the columns it has', async () => {
    const { context, page } = await env.newPage('admin');
    try {
      const seen = alerts(page);
      await openStores(page);
      await page.evaluate(() =>
        sessionStorage.setItem(
          'backroom.tableState:/stores',
          JSON.stringify({ saveState: true, columnOrder: ['Nope', 'Name'], columnSizes: { Gone: 80 }, mainGroup: 'Vanished' }),
        ),
      );
      await openStores(page);
      assert.deepEqual(seen, [
        'alert: Table Stores: the saved state names columns this table does not have (Nope, Gone, Vanished); they were left out.',
      ]);
      const heads = await page.locator('[data-island="data-table"] thead th').allTextContents();
      assert.ok(heads.some((h) => h.includes('Name')));
      assert.ok(!heads.some((h) => h.includes('Nope') || h.includes('Vanished')));
    } finally {
      await context.close();
    }
  });
});

describe('table warnings sent to the console (TABLE_WARNINGS=console)', { skip }, () => {
  const env = useBrowserEnv({ tableWarnings: 'console' }, { blankPages: true });

  test('the same answer raises no alert but a console warning', async () => {
    const { context, page } = await env.newPage('admin');
    try {
      const seen = alerts(page);
      await openStores(page);
      await dropColumn(page, 'City');
      const expected = 'Table Stores: the server sent no value for column "City" in row 0.';
      // The warning goes to the console where it would have popped up: once it is there, no alert came with it.
      const warned = page.waitForEvent('console', (m) => m.type() === 'warning' && m.text() === expected);
      await refresh(page);
      await warned;
      assert.deepEqual(seen, []);
      assert.ok((await page.locator('[data-island="data-table"] tbody tr').count()) > 1, 'the rows still show');
    } finally {
      await context.close();
    }
  });
});
