// The PDF engine's limits and recoveries, through the app that owns it: a full queue answers 503 with a
// clear message, a job past its time limit is stopped (504) without spoiling the next, a crashed Chromium is
// replaced (the job under it printed by the new one), Chromium is replaced after its quota of jobs, and it
// stops when the app closes.
import { after, before, test, type TestContext } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { format } from 'date-fns/format';
import { subDays } from 'date-fns/subDays';
import type { FastifyInstance } from 'fastify';
import { createTestApp, sameDatabaseApp, signIn, type SignedIn, type TestApp } from '../../support/app.ts';
import { chromiumPath } from '../../support/browser.ts';
import { isPdf } from '../../support/pdf.ts';
import { until } from '../../support/until.ts';
import type { Limits } from '../../../server/limits.ts';
import { ReportRefusal } from '../../../server/reports/report-refusal.ts';

const skip = chromiumPath() ? false : 'no Chromium: PDFs cannot be printed (apt-get install chromium)';
const day = (d: Date) => format(d, 'dd/MM/yyyy');
const parameters = [
  { name: 'FromDate', value: day(subDays(new Date(), 9)) },
  { name: 'ToDate', value: day(subDays(new Date(), 2)) },
];

let t: TestApp;
let analyst: SignedIn;
before(async () => {
  if (skip) return;
  t = await createTestApp();
  analyst = await signIn(t.app, 'analyst');
});
after(() => t?.close());

const askPdf = (user = analyst) =>
  user.inject({ method: 'POST', url: '/api/common/reports', payload: { name: 'sales-by-state', format: 'pdf', parameters } });

/** An app on the same database whose PDF engine has these limits, and the analyst signed in to it; closed after the test. */
async function appWithPdfLimits(ctx: TestContext, pdf: Partial<Limits['pdf']>): Promise<{ app: FastifyInstance; user: SignedIn }> {
  const app = await sameDatabaseApp(t, { limits: { pdf } });
  ctx.after(() => app.close());
  return { app, user: await signIn(app, 'analyst') };
}

/** Whether a process of this id still runs. */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('a PDF asked for while every page prints and the queue is full: 503 saying to try again', { skip }, async (ctx) => {
  const { app, user } = await appWithPdfLimits(ctx, { pages: 1, queue: 1 });
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  // One job holds the only page, a second waits in the only place in the queue.
  const holding = [app.pdf.withPage(() => gate), app.pdf.withPage(() => gate)];
  const res = await askPdf(user);
  assert.equal(res.statusCode, 503);
  assert.deepEqual(res.json(), { error: 'The server is busy making PDFs (1 under way, 1 waiting): please try again in a moment.' });
  release();
  await Promise.all(holding);
  const later = await askPdf(user);
  assert.equal(later.statusCode, 200);
  assert.ok(isPdf(Buffer.from(later.body, 'base64')));
});

test('a job past its time limit is stopped with 504, and the next PDF prints', { skip }, async (ctx) => {
  const { app, user } = await appWithPdfLimits(ctx, { jobMs: 5000 });
  // Chromium warm, so the limit applies to the job alone (a launch on a busy machine may take the limit
  // itself: the Chromium it started is kept for the next job).
  const warm = () =>
    app.pdf
      .withPage(async () => undefined)
      .then(
        () => true,
        () => false,
      );
  await until(warm, 'Chromium is up', { ms: 30_000 });
  await assert.rejects(
    app.pdf.withPage(() => new Promise(() => {})),
    (err: unknown) =>
      err instanceof ReportRefusal &&
      err.status === 504 &&
      err.message === 'The PDF took longer than 5 seconds and was stopped: please narrow the report and try again.',
  );
  assert.equal((await askPdf(user)).statusCode, 200);
});

test('a Chromium that crashed is replaced, and the PDF it was printing is printed by the new one', { skip }, async () => {
  assert.equal((await askPdf()).statusCode, 200);
  const crashed = t.app.pdf.browserPid!;
  const launches = t.app.pdf.launches;
  const res = await t.app.pdf.withPage(async (page) => {
    if (t.app.pdf.browserPid === crashed) process.kill(crashed, 'SIGKILL');
    await page.setContent('<p>printed after a crash</p>');
    return page.pdf();
  });
  assert.ok(isPdf(res));
  assert.equal(t.app.pdf.launches, launches + 1);
  assert.notEqual(t.app.pdf.browserPid, crashed);
  assert.equal((await askPdf()).statusCode, 200);
});

test('Chromium is replaced after its quota of jobs', { skip }, async (ctx) => {
  const { app, user } = await appWithPdfLimits(ctx, { jobsPerBrowser: 2 });
  assert.equal((await askPdf(user)).statusCode, 200);
  const first = app.pdf.browserPid!;
  assert.equal(app.pdf.launches, 1);
  for (let i = 0; i < 2; i++) assert.equal((await askPdf(user)).statusCode, 200);
  assert.equal(app.pdf.launches, 2);
  assert.notEqual(app.pdf.browserPid, first);
});

test('closing the app stops its Chromium', { skip }, async () => {
  assert.equal((await askPdf()).statusCode, 200);
  const pid = t.app.pdf.browserPid!;
  assert.ok(running(pid));
  await t.app.close();
  assert.equal(running(pid), false);
});
