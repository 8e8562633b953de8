// The table screens as a person meets them, in Chromium:
// 1. A cold first load of /stores (empty cache, signed in) under DevTools' "Slow 4G" profile (562.5 ms
//    latency, 1.44 Mbit/s down): the time from the navigation's start to the first frame showing rows (they
//    come in the page's HTML, so they need the stylesheet, not the scripts), and the compressed JS+CSS that
//    crossed the wire until the page was loaded and the network quiet; the table hydrates on first use
//    (islands/on-use.ts), so then the pointer moves over the table and the time until it is live is taken;
//    then the bytes again once the code loaded on first use (the table, dialogs, settings, export) has come.
//    Targets: rows <= 1.5 s, first load <= 100 KB, with first-use code <= 140 KB.
// 2. From a sort or page click to the updated rows on Daily sales with 1M rows (PostgreSQL, the bench
//    database of bench/lib/table-bench.ts), unthrottled, p95 in the browser. Target <= 150 ms.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/table-screen.ts
//   (without DATABASE_URL part 2 runs on the embedded bench database, 100k rows; BENCH_PART=load|clicks: one part)
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumFlags } from '../server/reports/pdf/chromium.ts';
import { chromiumPath, startBrowserEnv } from '../test/support/browser.ts';
import { openBenchApp } from './lib/table-bench.ts';
import { throttleToSlow4G } from './lib/slow-4g.ts';
import { percentile, report } from './report.ts';

if (!chromiumPath()) {
  console.log('table screens: SKIPPED, no Chromium (set CHROMIUM_PATH or apt-get install chromium)');
  process.exit(0);
}

const ROUNDS = 3;
const CLICKS = Number(process.env.BENCH_CLICKS ?? 40);

declare global {
  interface Window {
    __firstRows?: number;
  }
}

interface Bytes {
  css: number;
  js: number;
}

/** Adds each script's and stylesheet's compressed size to `bytes` as it arrives; await the returned list. */
function countBytes(page: Page, bytes: Bytes): Promise<void>[] {
  const sizes: Promise<void>[] = [];
  page.on('requestfinished', (req) => {
    const kind = ({ stylesheet: 'css', script: 'js' } as const)[req.resourceType() as 'stylesheet' | 'script'];
    if (!kind) return;
    sizes.push(
      req.sizes().then((s) => {
        bytes[kind] += s.responseBodySize;
      }),
    );
  });
  return sizes;
}

interface ColdLoad {
  rows: number;
  fcp: number;
  /** From the pointer over the table to the island live. */
  live: number;
  firstLoad: number;
  withFirstUse: number;
}

async function coldLoad(signedIn: BrowserContext, base: string, browser: Browser): Promise<ColdLoad> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  await context.addCookies(await signedIn.cookies());
  // Before the page's scripts: the first animation frame once a row of data is in the document.
  await context.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector('[data-island="data-table"] tbody tr:not(.dt-empty) td')) return;
      seen.disconnect();
      requestAnimationFrame(() => (window.__firstRows = performance.now()));
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await throttleToSlow4G(context, page);
  const bytes: Bytes = { css: 0, js: 0 };
  const sizes = countBytes(page, bytes);
  await page.goto('/stores');
  await page.waitForLoadState('networkidle', { timeout: 60_000 });
  await page.waitForFunction(() => window.__firstRows !== undefined);
  const timing = await page.evaluate(() => ({
    rows: window.__firstRows!,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  }));
  await Promise.all(sizes);
  const firstLoad = bytes.js + bytes.css;
  const reached = Date.now();
  await page.locator('.dt-table').hover();
  await page.waitForSelector('[data-island="data-table"][data-island-live]', { timeout: 60_000, state: 'attached' });
  const live = Date.now() - reached;
  // The code that loads on first use: the settings, a dialog, an export.
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('dialog').waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await page.waitForLoadState('networkidle');
  await Promise.all(sizes);
  await context.close();
  return { ...timing, live, firstLoad, withFirstUse: bytes.js + bytes.css };
}

async function firstLoads(): Promise<void> {
  const env = await startBrowserEnv();
  try {
    const { context } = await env.newPage('admin');
    const loads: ColdLoad[] = [];
    for (let round = 0; round < ROUNDS; round++) loads.push(await coldLoad(context, env.base, env.browser));
    await context.close();
    const median = (pick: (l: ColdLoad) => number) => percentile(loads.map(pick), 50);
    console.log(`/stores cold first load under Slow 4G, median of ${ROUNDS} (Chromium, test data)`);
    report({ name: 'navigation start to rows visible', value: median((l) => l.rows) / 1000, unit: 's', target: { op: '<=', value: 1.5 } });
    report({ name: 'first contentful paint', value: median((l) => l.fcp) / 1000, unit: 's' });
    report({ name: 'pointer over the table to live (first use)', value: median((l) => l.live) / 1000, unit: 's' });
    report({
      name: 'JS+CSS of the first load (compressed)',
      value: median((l) => l.firstLoad) / 1024,
      unit: 'KB',
      target: { op: '<=', value: 100 },
    });
    report({
      name: 'with the table, dialogs, settings and export loaded',
      value: median((l) => l.withFirstUse) / 1024,
      unit: 'KB',
      target: { op: '<=', value: 140 },
    });
  } finally {
    await env.close();
  }
}

/**
 * Clicks `button` in the page and times, in the page, until the table's rows differ from what they were and
 * the table is no longer busy, with no answer kept from before. Milliseconds.
 */
async function timedClick(page: Page, button: string): Promise<number> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  return page.evaluate(async (label) => {
    const table = document.querySelector('[data-island="data-table"] table')!;
    const before = table.querySelector('tbody')?.textContent ?? '';
    const target = [...document.querySelectorAll<HTMLButtonElement>('[data-island="data-table"] button')].find(
      (b) => b.getAttribute('aria-label') === label || b.textContent?.trim() === label,
    );
    if (!target) throw new Error(`no button "${label}"`);
    // Every click asks the server: the session's kept answers (list-cache.ts) would make repeats free.
    for (const key of Object.keys(sessionStorage)) if (key.startsWith('backroom.list:')) sessionStorage.removeItem(key);
    const start = performance.now();
    target.click();
    while ((table.querySelector('tbody')?.textContent ?? '') === before || table.hasAttribute('aria-busy')) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    return performance.now() - start;
  }, button);
}

async function clicksOnSales(): Promise<void> {
  const bench = await openBenchApp();
  let browser: Browser | undefined;
  try {
    const base = await bench.app.listen({ port: 0, host: '127.0.0.1' });
    browser = await chromium.launch({ executablePath: chromiumPath()!, headless: true, args: chromiumFlags });
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
    await context.addCookies(
      bench.admin.cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
      }),
    );
    const page = await context.newPage();
    await page.goto('/sales');
    await page.locator('.dt-table').hover();
    await page.waitForSelector('[data-island="data-table"][data-island-live]');
    const sorts: number[] = [];
    const pages: number[] = [];
    // Warm up once each, then alternate: sort by Sales (ascending, descending), then page on.
    await timedClick(page, 'Sales');
    await timedClick(page, 'Next');
    for (let i = 0; i < CLICKS; i++) {
      sorts.push(await timedClick(page, i % 2 ? 'Store' : 'Sales'));
      pages.push(await timedClick(page, 'Next'));
    }
    console.log(`Daily sales, ${bench.kind}, ${bench.rows} rows: click to updated rows, ${CLICKS} clicks each (Chromium, unthrottled)`);
    report({ name: 'sort click p50', value: percentile(sorts, 50), unit: 'ms' });
    report({ name: 'sort click p95', value: percentile(sorts, 95), unit: 'ms', target: { op: '<=', value: 150 } });
    report({ name: 'page click p50', value: percentile(pages, 50), unit: 'ms' });
    report({ name: 'page click p95', value: percentile(pages, 95), unit: 'ms', target: { op: '<=', value: 150 } });
  } finally {
    await browser?.close();
    await bench.close();
  }
}

// BENCH_PART=load or BENCH_PART=clicks runs one half only.
if (process.env.BENCH_PART !== 'clicks') await firstLoads();
if (process.env.BENCH_PART !== 'load') await clicksOnSales();
