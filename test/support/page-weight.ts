// What a page weighs on the wire, measured in Chromium, and the budgets it must keep (DESIGN.md's): the
// compressed JS+CSS of a first load per kind of page, the bytes of a partial swap, and the size of a printed
// report. Bytes do not depend on the machine's load, so test/browser/budgets.test.ts holds them to their
// budgets in every run; bench/first-load-bytes.ts, bench/swap.ts and bench/pdf.ts print the same figures.
import type { Page, Request } from 'playwright-core';
import { subDays } from 'date-fns/subDays';
import { formatDate } from '../../common/format.ts';
import { defaultMessages } from '../../server/messages.ts';
import type { BrowserEnv } from './browser.ts';
import type { SignedIn, TestApp } from './app.ts';

/** Budgets in KB (compressed, as sent). */
export const budgets = {
  /** A page with a data table or other islands, on its first load (JS+CSS). */
  islandPage: 100,
  /** A page without islands (the sign-in page, the shell). */
  plainPage: 30,
  /**
   * A table screen once its table, dialogs, settings and export code have loaded: 141.3 KB with the footer
   * totals asked beside the rows. (The figure once wavered by the export module's 1 KB, counted or not by
   * chance: the measure now waits for it.) The first-load budgets above are DESIGN.md's.
   */
  tableScreenInUse: 142,
  /** A partial swap of the content area (response headers and body). */
  swap: 8,
  /** A printed report of 4 pages. */
  pdfReport: 150,
} as const;

/** The first loads measured, each with its budget: the page's path and who opens it (null: nobody signed in). */
export const firstLoads = [
  { name: 'sign-in page', path: '/login', user: null, budget: budgets.plainPage },
  // The dashboard's summary tables and charts are React islands: it has the budget of a page with islands.
  { name: 'dashboard (summary tables and charts: React islands)', path: '/', user: 'admin', budget: budgets.islandPage },
  { name: 'shell (a page without islands: /reports)', path: '/reports', user: 'admin', budget: budgets.plainPage },
  { name: 'table screen (/stores: the data-table island with its first page)', path: '/stores', user: 'admin', budget: budgets.islandPage },
] as const;

/**
 * Compressed bytes of the scripts and stylesheets the page loads from now on (lazily loaded chunks included),
 * counted until the returned function is called. It stops listening then: a size asked for a later request
 * would be left unawaited, and reject once the page closes.
 */
function assetBytesFrom(page: Page): () => Promise<number> {
  let total = 0;
  const pending: Promise<void>[] = [];
  const count = (req: Request) => {
    const type = req.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(req.sizes().then((s) => void (total += s.responseBodySize)));
  };
  page.on('requestfinished', count);
  return async () => {
    page.off('requestfinished', count);
    await Promise.all(pending);
    return total;
  };
}

/**
 * The JS+CSS bytes of a first load of `path`, in a fresh context (nothing cached) carrying `user`'s session;
 * with `whileOpen`, also given the page to go on with before it closes.
 */
export async function firstLoadBytes(
  env: BrowserEnv,
  path: string,
  user: string | null,
  whileOpen?: (page: Page) => Promise<void>,
): Promise<number> {
  const fresh = await env.browser.newContext({ baseURL: env.base });
  try {
    if (user) {
      const { context } = await env.newPage(user);
      await fresh.addCookies(await context.cookies());
      await context.close();
    }
    const page = await fresh.newPage();
    const bytes = assetBytesFrom(page);
    await page.goto(path, { waitUntil: 'networkidle' });
    const total = await bytes();
    await whileOpen?.(page);
    return total;
  } finally {
    await fresh.close();
  }
}

/** The bytes the table's own code, its Add, Settings and Copy buttons load (their modules, on first use). */
export async function tableInUseBytes(page: Page): Promise<number> {
  const bytes = assetBytesFrom(page);
  // The table hydrates on first use (islands/on-use.ts): the pointer over it brings its code.
  await page.locator('.dt-table').hover();
  await page.waitForSelector('[data-island="data-table"][data-island-live]', { state: 'attached' });
  for (const name of ['Add', 'Settings']) {
    await page.getByRole('button', { name, exact: true }).click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
  }
  // Copy with no row selected loads its module and says so: waiting for the network to go quiet instead
  // returned at once when the click had not yet asked for the module, which then went uncounted by chance.
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await page.locator('.dt-notice').filter({ hasText: defaultMessages.selectToCopy }).waitFor();
  return bytes();
}

/** Fifty client error reports of a realistic size: the IT page lists the newest 50. */
export async function addErrorReports(t: TestApp): Promise<void> {
  await t.db.pool.query(
    `insert into user_errors (page, url, status, error_thrown, message, stack_trace, user_agent)
     select '/sales', '/api/sales?draw=' || i, 500, 'Internal Server Error', 'Something went wrong on the server.',
            'TypeError: x is undefined' || repeat(E'\\n    at render (https://backroom.example/static/build/app-X.js:1:2345)', 8),
            'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36'
     from generate_series(1, 50) i`,
  );
}

/**
 * The bytes (response headers and compressed body) of the partial swap of each page of the signed-in
 * page's menu, clicked in turn from the dashboard.
 */
export async function swapBytes(page: Page): Promise<Array<{ path: string; encoding: string; bytes: number }>> {
  await page.goto('/');
  const links = await page.$$eval('#sidebar a.menu-link', (as) => as.map((a) => a.getAttribute('href')!));
  const swaps = [];
  for (const href of links) {
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === href && r.request().headers()['hx-request'] === 'true'),
      page.click(`#sidebar a[href="${href}"]`),
    ]);
    await page.waitForFunction((h) => location.pathname === h, href);
    const s = await response.request().sizes();
    swaps.push({
      path: href,
      encoding: response.headers()['content-encoding'] ?? 'not compressed',
      bytes: s.responseHeadersSize + s.responseBodySize,
    });
  }
  return swaps;
}

/**
 * The test data's 60 stores print on 3 pages of the sales-by-store report: 30 more in one of their states,
 * with a month of sales, make 4. Returns how to ask for that report as a PDF (every store, the last 30 days).
 */
export async function fourPageReport(t: TestApp, user: SignedIn): Promise<() => Promise<Buffer>> {
  await t.db.pool.query(
    `insert into stores (store_number, name, city, state_id, group_id, open_date)
     select 9000 + i, 'Bench Store ' || i, 'Benchville', st.state_id, g.group_id, date '2000-01-01'
     from generate_series(1, 30) i join states st on st.state_id = (select min(state_id) from stores) join groups g on g.code = st.region`,
  );
  await t.db.pool.query(
    `insert into sales (store_id, sale_date, sales, transactions, margin)
     select s.store_id, d::date, round((1000 + random() * 9000)::numeric, 2), 100 + (random() * 200)::int, round((0.2 + random() * 0.1)::numeric, 4)
     from stores s, generate_series(current_date - 31, current_date - 1, interval '1 day') d where s.store_number > 9000`,
  );
  const parameters = [
    { name: 'FromDate', value: formatDate(subDays(new Date(), 30)) },
    { name: 'ToDate', value: formatDate(subDays(new Date(), 1)) },
  ];
  return async () => {
    const res = await user.inject({
      method: 'POST',
      url: '/api/common/reports',
      payload: { name: 'sales-by-store', format: 'pdf', parameters },
    });
    if (res.statusCode !== 200) throw new Error(`the report answered ${res.statusCode}: ${res.body}`);
    return Buffer.from(res.body, 'base64');
  };
}
