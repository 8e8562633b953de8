// PDFs are bounded per user like exports (config.limits.pdf.perUser): with a user's PDFs all under way, one
// more is refused at once with 429 and the reason, before it reads a row; another user's PDF, and the same
// user's once one has finished, go ahead.
import { test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { createTestApp, signIn } from '../../support/app.ts';
import { chromiumPath } from '../../support/browser.ts';
import { isPdf } from '../../support/pdf.ts';
import { until } from '../../support/until.ts';
import { defaultMessages as m, fill } from '../../../server/messages.ts';

const skip = chromiumPath() ? false : 'no Chromium: PDFs cannot be printed (apt-get install chromium)';
const tablePdf = '/api/common/report?filename=sales&stream=true&format=pdf&search[value]=Seattle';

test('a user past their PDFs at once is refused with 429 before any row is read; others and later ones print', { skip }, async (ctx) => {
  const t = await createTestApp({ limits: { pdf: { perUser: 1, pages: 1 } } });
  ctx.after(() => t.close());
  const [manager, analyst] = [await signIn(t.app, 'manager'), await signIn(t.app, 'analyst')];
  // Every query the database is asked, to tell whether a request read sales rows.
  const asked: string[] = [];
  const query = t.db.pool.query.bind(t.db.pool);
  t.db.pool.query = ((...args: Parameters<typeof query>) => {
    const text = args[0];
    asked.push(typeof text === 'string' ? text : (text as { text: string }).text);
    return query(...args);
  }) as typeof query;
  const salesRead = () => asked.filter((text) => /\bfrom sales\b/.test(text)).length;

  // The one page is busy, so the manager's first PDF reads its rows and waits for it, holding its slot.
  let free: (() => void) | undefined;
  const busy = t.app.pdf.withPage(() => new Promise<void>((resolve) => (free = resolve)));
  await until(() => free !== undefined, 'Chromium is up and its page busy');
  // Promise.resolve starts the request now (app.inject starts when its answer is first asked for).
  const first = Promise.resolve(manager.inject({ url: tablePdf }));
  await until(() => t.app.pdf.queued === 1, 'the first PDF has read its rows and waits for the page');

  const before = salesRead();
  const second = await manager.inject({ url: tablePdf });
  assert.equal(second.statusCode, 429);
  assert.deepEqual(second.json(), { error: fill(m.pdfUserBusy, [1]) });
  assert.equal(salesRead(), before, 'the refused PDF read no row');

  const other = Promise.resolve(analyst.inject({ url: tablePdf }));
  free!();
  await busy;
  const [firstDone, otherDone] = await Promise.all([first, other]);
  assert.equal(firstDone.statusCode, 200, firstDone.body);
  assert.ok(isPdf(firstDone.rawPayload));
  assert.equal(otherDone.statusCode, 200, "another user's PDF is not held by the manager's");
  const again = await manager.inject({ url: tablePdf });
  assert.equal(again.statusCode, 200, 'a slot is free again once a PDF is printed');
});
