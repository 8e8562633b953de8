// The PDF engine's limits and recoveries, through the app that owns it: a full queue answers 503 with a
// clear message, a job past its time limit is stopped (504) without spoiling the next, a crashed Chromium is
// replaced (the job under it printed by the new one), Chromium is replaced after its quota of jobs, and it
// stops when the app closes.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { format, subDays } from 'date-fns';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../support/app.ts';
import { chromiumPath } from '../../support/browser.ts';
import { isPdf } from '../../support/pdf.ts';
import { pdfLimits } from '../../../server/reports/pdf/engine.ts';
import { ReportRefusal } from '../../../server/reports/report-refusal.ts';

const skip = chromiumPath() ? false : 'no Chromium: PDFs cannot be printed (apt-get install chromium)';
const day = (d: Date) => format(d, 'dd/MM/yyyy');
const parameters = [
  { name: 'FromDate', value: day(subDays(new Date(), 9)) },
  { name: 'ToDate', value: day(subDays(new Date(), 2)) },
];
const defaults = { ...pdfLimits };

let t: TestApp;
let analyst: SignedIn;
before(async () => {
  if (skip) return;
  t = await createTestApp();
  analyst = await signIn(t.app, 'analyst');
});
after(() => t?.close());

const askPdf = () =>
  analyst.inject({ method: 'POST', url: '/api/common/reports', payload: { name: 'sales-by-state', format: 'pdf', parameters } });

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
  Object.assign(pdfLimits, { pages: 1, queue: 1 });
  ctx.after(() => Object.assign(pdfLimits, defaults));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  // One job holds the only page, a second waits in the only place in the queue.
  const holding = [t.app.pdf.withPage(() => gate), t.app.pdf.withPage(() => gate)];
  const res = await askPdf();
  assert.equal(res.statusCode, 503);
  assert.deepEqual(res.json(), { error: 'The server is busy making PDFs (1 under way, 1 waiting): please try again in a moment.' });
  release();
  await Promise.all(holding);
  const later = await askPdf();
  assert.equal(later.statusCode, 200);
  assert.ok(isPdf(Buffer.from(later.body, 'base64')));
});

test('a job past its time limit is stopped with 504, and the next PDF prints', { skip }, async (ctx) => {
  ctx.after(() => Object.assign(pdfLimits, defaults));
  await askPdf(); // Chromium warm: the limit applies to the job alone.
  pdfLimits.jobMs = 2000;
  await assert.rejects(
    t.app.pdf.withPage(() => new Promise(() => {})),
    (err: unknown) =>
      err instanceof ReportRefusal &&
      err.status === 504 &&
      err.message === 'The PDF took longer than 2 seconds and was stopped: please narrow the report and try again.',
  );
  Object.assign(pdfLimits, defaults);
  assert.equal((await askPdf()).statusCode, 200);
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
  ctx.after(() => Object.assign(pdfLimits, defaults));
  assert.equal((await askPdf()).statusCode, 200);
  pdfLimits.jobsPerBrowser = 2;
  const launches = t.app.pdf.launches;
  const first = t.app.pdf.browserPid!;
  for (let i = 0; i < 3; i++) assert.equal((await askPdf()).statusCode, 200);
  assert.equal(t.app.pdf.launches, launches + 1);
  assert.notEqual(t.app.pdf.browserPid, first);
});

test('closing the app stops its Chromium', { skip }, async () => {
  assert.equal((await askPdf()).statusCode, 200);
  const pid = t.app.pdf.browserPid!;
  assert.ok(running(pid));
  await t.app.close();
  assert.equal(running(pid), false);
});
