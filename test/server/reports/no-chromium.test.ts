// Without Chromium (CHROMIUM_PATH names a file that is not there) every PDF is refused with 503 saying how
// to install it, and HTML reports, the report screen included, keep working.
import { after, before, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { format } from 'date-fns/format';
import { subDays } from 'date-fns/subDays';
import { createTestApp, signIn, type SignedIn, type TestApp } from '../../support/app.ts';
import { msg } from '../../../server/messages.ts';
import { validationMsg } from '../../../common/validation-messages.ts';

const install =
  'PDF reports need Chromium, which this server does not have: install it (apt-get install chromium) or set CHROMIUM_PATH to its executable. HTML reports still work.';
const day = (d: Date) => format(d, 'dd/MM/yyyy');
const range = { FromDate: day(subDays(new Date(), 9)), ToDate: day(subDays(new Date(), 2)) };
const parameters = Object.entries(range).map(([name, value]) => ({ name, value }));

let t: TestApp;
let analyst: SignedIn;
before(async () => {
  t = await createTestApp({ chromiumPath: '/nonexistent/chromium' });
  analyst = await signIn(t.app, 'analyst');
});
after(() => t?.close());

test('a PDF through POST /api/common/reports: 503 saying how to install Chromium', async () => {
  const res = await analyst.inject({
    method: 'POST',
    url: '/api/common/reports',
    payload: { name: 'sales-by-store', format: 'pdf', parameters },
  });
  assert.equal(res.statusCode, 503);
  assert.deepEqual(res.json(), { error: install });
});

test('the PDF stream of a report and of a table: 503 saying how to install Chromium', async () => {
  for (const url of [
    `/api/common/report?${new URLSearchParams({ filename: 'sales-by-store', stream: 'true', format: 'pdf', ...range })}`,
    '/api/common/report?filename=sales&format=pdf',
  ]) {
    const res = await analyst.inject({ url });
    assert.equal(res.statusCode, 503);
    assert.deepEqual(res.json(), { error: install });
  }
});

test("a PDF stream's request is read and checked first: one refused is told why, not that Chromium is missing", async () => {
  const table = await analyst.inject({
    url: `/api/common/report?${new URLSearchParams({ filename: 'messages', format: 'pdf', maingroup: 'CreatedAt', group: '["2026-11-28T08:27:49+23:00"]' })}`,
  });
  assert.equal(table.statusCode, 400);
  assert.deepEqual(table.json(), { error: msg('tableBadGroupTime', 'CreatedAt', msg('instantOffset')) });
  const report = await analyst.inject({
    url: `/api/common/report?${new URLSearchParams({ filename: 'sales-by-store', format: 'pdf', ...range, FromDate: '30/02/2026' })}`,
  });
  assert.equal(report.statusCode, 422);
  assert.equal(report.json().error, validationMsg('dateRangeFromInvalid'));
});

test('HTML reports still work', async () => {
  const res = await analyst.inject({ method: 'POST', url: '/api/common/reports', payload: { name: 'sales-by-store', parameters } });
  assert.equal(res.statusCode, 200);
  assert.match(res.body, /<tfoot><tr class="report-total">/);
});

test('the report screen says so in the panel for a PDF, and offers no PDF download beside an HTML report', async () => {
  const pdf = await analyst.inject({ url: `/reports?${new URLSearchParams({ report: 'sales-by-store', format: 'pdf', ...range })}` });
  assert.equal(pdf.statusCode, 200);
  assert.ok(pdf.body.includes(`<p class="error-text">${install}</p>`));
  assert.doesNotMatch(pdf.body, /<iframe/);
  const html = await analyst.inject({ url: `/reports?${new URLSearchParams({ report: 'sales-by-store', format: 'HTML4.0', ...range })}` });
  assert.equal(html.statusCode, 200);
  assert.match(html.body, /<tfoot><tr class="report-total">/);
  assert.doesNotMatch(html.body, /Download PDF/);
});
