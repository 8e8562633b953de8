// axe-core on every table screen of the administrator's menu, at 1280 and 375 px, the table's island live,
// with nothing wider than the screen and a screenshot of each to look at. One
// test a screen, so that each stays well inside the per-test deadline on a loaded machine; a file of its own,
// so that it runs beside the data-table island's.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { axeViolations } from '../support/axe.ts';
import { browserSkipReason, useBrowserEnv } from '../support/browser.ts';
import { menuPages } from '../support/menu-pages.ts';
import { openTable } from '../support/tables.ts';
import { assertFits, screenshot } from '../support/screen.ts';

describe('axe-core on the table screens', { skip: browserSkipReason() }, () => {
  const env = useBrowserEnv({}, { blankPages: true });

  const tableScreens = [
    '/stores',
    '/states',
    '/cycles',
    '/sales',
    '/messages',
    '/alerts',
    '/notifications',
    '/admin/users',
    '/admin/groups',
    '/admin/menus',
    '/admin/tokens',
    '/admin/audit',
    '/admin/user-errors',
  ];

  test("the administrator's menu has these table screens, checked below", async () => {
    const { page, context } = await env.newPage('admin');
    await page.goto('/');
    const screens = (await menuPages(page)).filter(
      (p) => p !== '/' && !p.startsWith('/reports') && !p.startsWith('/summaries') && !p.startsWith('/charts') && !p.endsWith('/new'),
    );
    assert.deepEqual(screens.sort(), [...tableScreens].sort());
    await context.close();
  });

  for (const path of tableScreens)
    test(`the table screen ${path} has no axe-core violations, at 1280 and 375 px`, async () => {
      const { page, context } = await env.newPage('admin');
      const found: string[] = [];
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await openTable(page, path);
        found.push(...(await axeViolations(page)).map((v) => `${width}: ${v}`));
        await assertFits(page, `${path} at ${width} px`);
        await screenshot(page, `table-screen${path.replaceAll('/', '-')}-${width}`);
      }
      assert.deepEqual(found, []);
      await context.close();
    });
});
