// Compressed JS+CSS bytes a browser downloads on the first load of the sign-in page, the shell and a table
// screen, measured in Chromium (what actually crossed the wire, lazily loaded chunks included); and the table
// screen again once the table itself (it hydrates on first use), its dialogs, settings and export code have loaded.
import type { Page } from 'playwright-core';
import { startBrowserEnv, signInThroughForm, chromiumPath } from '../test/support/browser.ts';
import { report } from './report.ts';

if (!chromiumPath()) {
  console.log('first-load bytes: SKIPPED, no Chromium (set CHROMIUM_PATH or apt-get install chromium)');
  process.exit(0);
}

const env = await startBrowserEnv();
try {
  console.log('first load, compressed JS+CSS (Chromium)');
  const login = await env.newPage(null);
  report({ name: 'sign-in page', value: (await assetBytes(login.page, '/login')) / 1024, unit: 'KB', target: { op: '<=', value: 30 } });
  await signInThroughForm(login.page, 'admin');
  await login.context.close();

  // The dashboard's summary tables and charts are React islands: it has the budget of a page with islands.
  for (const [name, path, budget] of [
    ['dashboard (summary tables and charts: React islands)', '/', 100],
    ['shell (a page without islands: /reports)', '/reports', 30],
    ['table screen (/stores: the data-table island with its first page)', '/stores', 100],
  ] as const) {
    const { page, context } = await env.newPage('admin');
    // A fresh context with the session cookie only: nothing cached from signing in.
    const fresh = await env.browser.newContext({ baseURL: env.base });
    await fresh.addCookies(await context.cookies());
    const p = await fresh.newPage();
    const bytes = await assetBytes(p, path);
    report({ name, value: bytes / 1024, unit: 'KB', target: { op: '<=', value: budget } });
    if (path === '/stores') {
      const more = await onFirstUse(p);
      report({
        name: 'table screen with dialogs, settings and export loaded',
        value: (bytes + more) / 1024,
        unit: 'KB',
        target: { op: '<=', value: 140 },
      });
    }
    await fresh.close();
    await context.close();
    void page;
  }
} finally {
  await env.close();
}

/** The bytes the table's Add, Settings and Copy buttons load (their modules, on first use). */
async function onFirstUse(page: Page): Promise<number> {
  let total = 0;
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (req) => {
    if (req.resourceType() === 'script' || req.resourceType() === 'stylesheet')
      pending.push(req.sizes().then((s) => void (total += s.responseBodySize)));
  });
  // The table hydrates on first use (islands/on-use.ts): the pointer over it brings its code.
  await page.locator('.dt-table').hover();
  await page.waitForSelector('[data-island="data-table"][data-island-live]', { state: 'attached' });
  for (const name of ['Add', 'Settings']) {
    await page.getByRole('button', { name, exact: true }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  }
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return total;
}

async function assetBytes(page: Page, path: string): Promise<number> {
  let total = 0;
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (req) => {
    const type = req.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(req.sizes().then((s) => void (total += s.responseBodySize)));
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  return total;
}
