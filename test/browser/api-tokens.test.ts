// The API tokens screen in real Chromium: an administrator adds a token by keyboard alone, and the add dialog
// shows its secret once, to be copied, before it closes (the secret is the one whose hash is kept); at 1280
// and 375 px, with axe-core, nothing wider than the screen.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { tableMessages } from '../../common/table-messages.ts';
import { assertFits, screenshot } from '../support/screen.ts';
import { axeViolations } from '../support/axe.ts';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { openTable } from '../support/tables.ts';
import { formatDate } from '../../common/format.ts';
import { A_YEAR_ON } from '../server/feed/support.ts';

const skip = browserSkipReason();

describe('the API tokens screen', { skip }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  for (const width of [1280, 375]) {
    test(`an administrator adds a token by keyboard and is shown its secret once (${width} px)`, async () => {
      const { page, context } = await env.newPage('admin');
      await page.setViewportSize({ width, height: 900 });
      await openTable(page, '/admin/tokens');
      await page.getByRole('toolbar').getByRole('button', { name: 'Add', exact: true }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Add to API tokens' });
      await dialog.waitFor();
      const name = `Tills ${width}`;
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByRole('textbox', { name: 'Expires' }).fill(formatDate(A_YEAR_ON));
      const sales = dialog.getByRole('group', { name: 'Tables' }).getByRole('checkbox', { name: 'Daily sales' });
      await sales.focus();
      await page.keyboard.press('Space');
      await dialog.getByRole('button', { name: 'Save' }).focus();
      await page.keyboard.press('Enter');

      const shown = page.getByRole('dialog', { name: tableMessages.secretTitle });
      await shown.waitFor();
      const field = shown.getByLabel(tableMessages.secretLabel);
      const secret = await field.inputValue();
      assert.match(secret, /^brk_/);
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('aria-describedby') !== null),
        true,
        'focus on the secret',
      );
      const kept = await env.t.db.pool.query('select token_hash from api_tokens where name = $1', [name]);
      assert.equal(kept.rows[0].token_hash, createHash('sha256').update(secret).digest('base64url'));
      assert.deepEqual(await axeViolations(page), []);
      await assertFits(page, 'the token dialog');
      await screenshot(page, `api-token-shown-${width}`);

      await shown.getByRole('button', { name: tableMessages.secretDone }).focus();
      await page.keyboard.press('Enter');
      await shown.waitFor({ state: 'detached' });
      await page.getByRole('cell', { name, exact: true }).waitFor();
      assert.ok(!(await page.content()).includes(secret), 'never shown again');
      assert.deepEqual(await axeViolations(page), []);
      await assertFits(page, 'the tokens screen');
      await screenshot(page, `api-tokens-${width}`);
      await context.close();
    });
  }
});
