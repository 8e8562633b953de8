// The byte budgets (DESIGN.md), held in every run: bytes do not depend on the machine's load, so a page that
// grows past its budget fails here rather than in a bench nobody ran. Measured in Chromium on the app's own
// bundle (npm run build), as a person's browser would load it: compressed JS+CSS of each kind of page's first
// load, the table screen once in use, the partial swap of every menu page, and a 4-page printed report.
import { after, before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { browserSkipReason, startBrowserEnv, type BrowserEnv } from '../support/browser.ts';
import { signIn } from '../support/app.ts';
import {
  addErrorReports,
  budgets,
  firstLoadBytes,
  firstLoads,
  fourPageReport,
  swapBytes,
  tableInUseBytes,
} from '../support/page-weight.ts';
import { pdfPages } from '../support/pdf.ts';

const skip = browserSkipReason();
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

describe('byte budgets', { skip }, () => {
  let env: BrowserEnv;
  before(async () => {
    // The app's bundle, not the tests' (which carries a demo island): what users download.
    env = await startBrowserEnv();
  });
  after(() => env?.close());

  for (const { name, path, user, budget } of firstLoads)
    test(`first load of the ${name}: at most ${budget} KB of JS and CSS`, async () => {
      let inUse = 0;
      const bytes = await firstLoadBytes(env, path, user, async (page) => {
        if (path === '/stores') inUse = await tableInUseBytes(page);
      });
      assert.ok(bytes > 0, 'the page loads its code');
      assert.ok(kb(bytes) <= budget, `${kb(bytes)} KB`);
      if (path === '/stores') assert.ok(kb(bytes + inUse) <= budgets.tableScreenInUse, `in use: ${kb(bytes + inUse)} KB`);
    });

  test(`a partial swap of every menu page: at most ${budgets.swap} KB`, async () => {
    await addErrorReports(env.t);
    const { page, context } = await env.newPage('admin');
    try {
      const swaps = await swapBytes(page);
      assert.ok(swaps.length >= 10, `${swaps.length} menu pages`);
      const over = swaps.filter((s) => kb(s.bytes) > budgets.swap).map((s) => `${s.path}: ${kb(s.bytes)} KB (${s.encoding})`);
      assert.deepEqual(over, []);
    } finally {
      await context.close();
    }
  });

  test(`a printed report of 4 pages: at most ${budgets.pdfReport} KB`, async () => {
    const pdf = await (await fourPageReport(env.t, await signIn(env.t.app, 'admin')))();
    assert.equal(pdfPages(pdf), 4);
    assert.ok(kb(pdf.length) <= budgets.pdfReport, `${kb(pdf.length)} KB`);
  });
});
