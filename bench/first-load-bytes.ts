// Compressed JS+CSS bytes a browser downloads on the first load of the sign-in page, the shell and a table
// screen, measured in Chromium (what actually crossed the wire, lazily loaded chunks included); and the table
// screen again once the table itself (it hydrates on first use), its dialogs, settings and export code have
// loaded. The same measures hold these budgets in every test run (test/browser/budgets.test.ts).
import { startBrowserEnv, chromiumPath } from '../test/support/browser.ts';
import { budgets, firstLoadBytes, firstLoads, tableInUseBytes } from '../test/support/page-weight.ts';
import { report } from './report.ts';

if (!chromiumPath()) {
  console.log('first-load bytes: SKIPPED, no Chromium (set CHROMIUM_PATH or apt-get install chromium)');
  process.exit(0);
}

const env = await startBrowserEnv();
try {
  console.log('first load, compressed JS+CSS (Chromium)');
  for (const { name, path, user, budget } of firstLoads) {
    let inUse = 0;
    const bytes = await firstLoadBytes(env, path, user, async (page) => {
      if (path === '/stores') inUse = await tableInUseBytes(page);
    });
    report({ name, value: bytes / 1024, unit: 'KB', target: { op: '<=', value: budget } });
    if (inUse) {
      const name = 'table screen with dialogs, settings and export loaded';
      report({ name, value: (bytes + inUse) / 1024, unit: 'KB', target: { op: '<=', value: budgets.tableScreenInUse } });
    }
  }
} finally {
  await env.close();
}
