// Bytes of a partial swap: what crosses the wire (response headers + compressed body) when a menu link
// swaps the content area, measured in Chromium for every page of the admin's menu. Target: <= 8 KB each
// (held in every test run too: test/browser/budgets.test.ts).
import { startBrowserEnv, chromiumPath } from '../test/support/browser.ts';
import { addErrorReports, budgets, swapBytes } from '../test/support/page-weight.ts';
import { report } from './report.ts';

if (!chromiumPath()) {
  console.log('swap bytes: SKIPPED, no Chromium (set CHROMIUM_PATH or apt-get install chromium)');
  process.exit(0);
}

const env = await startBrowserEnv();
try {
  await addErrorReports(env.t);
  const { page, context } = await env.newPage('admin');
  console.log('partial swap of each menu page, response headers + compressed body (Chromium)');
  const swaps = await swapBytes(page);
  const target = { op: '<=', value: budgets.swap } as const;
  for (const { path, encoding, bytes } of swaps) report({ name: `${path} (${encoding})`, value: bytes / 1024, unit: 'KB', target });
  const sizes = swaps.map((s) => s.bytes).sort((a, b) => a - b);
  report({ name: 'median of the menu pages', value: sizes[Math.floor(sizes.length / 2)]! / 1024, unit: 'KB', target });
  await context.close();
} finally {
  await env.close();
}
