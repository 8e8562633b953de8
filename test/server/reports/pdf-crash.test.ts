// A Chromium that dies while a PDF opens its page (not only while it prints) crashed under that PDF: the job
// runs again on a new Chromium, as a crash mid-print does (pdf-engine.test.ts), rather than failing with 500.
import { after, before, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { chromiumPath } from '../../support/browser.ts';
import { isPdf } from '../../support/pdf.ts';

const skip = chromiumPath() ? false : 'no Chromium: PDFs cannot be printed (apt-get install chromium)';

let t: TestApp;
before(async () => {
  if (!skip) t = await createTestApp();
});
after(() => t?.close());

test('a Chromium killed while a job opens its page is replaced, and the job printed by the new one', { skip }, async () => {
  const print = (text: string) =>
    t.app.pdf.withPage(async (page) => {
      await page.setContent(`<p>${text}</p>`);
      return page.pdf();
    });
  assert.ok(isPdf(await print('warm')));
  const pid = t.app.pdf.browserPid!;
  const launches = t.app.pdf.launches;
  // One job holds the page kept warm, so the next must open a new one; Chromium, stopped, never answers it.
  let release!: () => void;
  const holding = t.app.pdf.withPage(() => new Promise<void>((resolve) => (release = resolve)));
  process.kill(pid, 'SIGSTOP');
  const opening = print('printed after a crash');
  // Chromium dies with the second job's page asked for: the job's steps up to asking run before the next
  // turn of the event loop, and only there is the end of Chromium's pipe seen.
  process.kill(pid, 'SIGKILL');
  const pdf = await opening;
  assert.ok(isPdf(pdf));
  assert.notEqual(t.app.pdf.browserPid, pid);
  assert.equal(t.app.pdf.launches, launches + 1);
  release();
  await holding.catch(() => undefined);
});
