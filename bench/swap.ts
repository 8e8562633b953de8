// Bytes of a partial swap: what crosses the wire (response headers + compressed body) when a menu link
// swaps the content area, measured in Chromium for every page of the admin's menu. Target: <= 8 KB each.
import { startBrowserEnv, chromiumPath } from '../test/support/browser.ts';
import { report } from './report.ts';

if (!chromiumPath()) {
  console.log('swap bytes: SKIPPED, no Chromium (set CHROMIUM_PATH or apt-get install chromium)');
  process.exit(0);
}

const env = await startBrowserEnv();
try {
  // The IT page lists the newest 50 reports: give it 50 of a realistic size.
  await env.t.db.pool.query(
    `insert into user_errors (page, url, status, error_thrown, message, stack_trace, user_agent)
     select '/sales', '/api/sales?draw=' || i, 500, 'Internal Server Error', 'Something went wrong on the server.',
            'TypeError: x is undefined' || repeat(E'\\n    at render (https://backroom.example/static/build/app-X.js:1:2345)', 8),
            'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36'
     from generate_series(1, 50) i`,
  );
  const { page, context } = await env.newPage('admin');
  await page.goto('/');
  const links = await page.$$eval('#sidebar a.menu-link', (as) => as.map((a) => a.getAttribute('href')!));
  console.log('partial swap of each menu page, response headers + compressed body (Chromium)');
  const sizes: number[] = [];
  for (const href of links) {
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === href && r.request().headers()['hx-request'] === 'true'),
      page.click(`#sidebar a[href="${href}"]`),
    ]);
    await page.waitForFunction((h) => location.pathname === h, href);
    const s = await response.request().sizes();
    const bytes = s.responseHeadersSize + s.responseBodySize;
    sizes.push(bytes);
    report({
      name: `${href} (${response.headers()['content-encoding'] ?? 'not compressed'})`,
      value: bytes / 1024,
      unit: 'KB',
      target: { op: '<=', value: 8 },
    });
  }
  sizes.sort((a, b) => a - b);
  report({
    name: 'median of the menu pages',
    value: sizes[Math.floor(sizes.length / 2)]! / 1024,
    unit: 'KB',
    target: { op: '<=', value: 8 },
  });
  await context.close();
} finally {
  await env.close();
}
