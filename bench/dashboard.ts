// The dashboard's cold first load on a slow office line: a signed-in user opens '/' in a browser with an
// empty cache under DevTools' "Slow 4G" profile (CDP network emulation, as bench/slow-nav.ts: 562.5 ms
// latency, 1.44 Mbit/s down, 675 kbit/s up), timed from the navigation's start to the first frame that shows
// a chart (the charts come in the page's HTML as SVG: they need the stylesheet, not the scripts). Also
// printed: first contentful paint, the time until every summary table and chart is hydrated (live), and
// what crossed the wire. Target: first chart <= 2 s.
import type { Browser, BrowserContext } from 'playwright-core';
import { startBrowserEnv, chromiumPath } from '../test/support/browser.ts';
import { throttleToSlow4G } from './lib/slow-4g.ts';
import { percentile, report } from './report.ts';

if (!chromiumPath()) {
  console.log('dashboard under Slow 4G: SKIPPED, no Chromium (set CHROMIUM_PATH or apt-get install chromium)');
  process.exit(0);
}

const ROUNDS = 3;

declare global {
  interface Window {
    __firstChart?: number;
  }
}

interface Load {
  firstChart: number;
  fcp: number;
  live: number;
  bytes: { html: number; css: number; js: number };
}

async function coldLoad(signedIn: BrowserContext, base: string, browser: Browser): Promise<Load> {
  // A fresh context with the session cookie only: no cache, no open connection.
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
  await context.addCookies(await signedIn.cookies());
  // Runs before the page's own scripts: notes the first animation frame once a chart is in the document
  // (frames wait for the stylesheet, so that frame is the first to show it).
  await context.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector('.chart-svg')) return;
      seen.disconnect();
      requestAnimationFrame(() => (window.__firstChart = performance.now()));
    });
    seen.observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await throttleToSlow4G(context, page);
  const bytes = { html: 0, css: 0, js: 0 };
  const sizes: Promise<void>[] = [];
  page.on('requestfinished', (req) => {
    const kind = { document: 'html', stylesheet: 'css', script: 'js' }[req.resourceType()] as keyof typeof bytes | undefined;
    if (!kind) return;
    sizes.push(
      req.sizes().then((s) => {
        bytes[kind] += s.responseBodySize;
      }),
    );
  });
  await page.goto('/');
  await page.waitForFunction(
    () => {
      const all = document.querySelectorAll('[data-island]').length;
      return all > 0 && document.querySelectorAll('[data-island-live]').length === all;
    },
    undefined,
    { timeout: 60_000 },
  );
  const live = await page.evaluate(() => performance.now());
  await page.waitForFunction(() => window.__firstChart !== undefined);
  const timing = await page.evaluate(() => ({
    firstChart: window.__firstChart!,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
  }));
  await Promise.all(sizes);
  await context.close();
  return { ...timing, live, bytes };
}

const env = await startBrowserEnv();
try {
  const { context } = await env.newPage('admin');
  const loads: Load[] = [];
  for (let round = 0; round < ROUNDS; round++) loads.push(await coldLoad(context, env.base, env.browser));
  await context.close();
  const median = (pick: (l: Load) => number) => percentile(loads.map(pick), 50);
  console.log(`dashboard cold first load under Slow 4G, median of ${ROUNDS} (Chromium, test data)`);
  report({ name: 'navigation start to first chart', value: median((l) => l.firstChart) / 1000, unit: 's', target: { op: '<=', value: 2 } });
  report({ name: 'slowest first chart', value: Math.max(...loads.map((l) => l.firstChart)) / 1000, unit: 's' });
  report({ name: 'first contentful paint', value: median((l) => l.fcp) / 1000, unit: 's' });
  report({ name: 'summary tables and charts hydrated', value: median((l) => l.live) / 1000, unit: 's' });
  report({ name: 'HTML on the wire (compressed)', value: median((l) => l.bytes.html) / 1024, unit: 'KB' });
  report({
    name: 'JS+CSS on the wire (islands and React included)',
    value: median((l) => l.bytes.js + l.bytes.css) / 1024,
    unit: 'KB',
    target: { op: '<=', value: 100 },
  });
} finally {
  await env.close();
}
