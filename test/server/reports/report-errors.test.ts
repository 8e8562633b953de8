// What the report calls answer when they cannot give a report: an unknown report, a malformed call, refused
// parameters (the rules' own messages), a refusal to narrow, a failure. Always JSON { error } with a status
// saying why, never a stack trace.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { format } from 'date-fns/format';
import { subDays } from 'date-fns/subDays';
import { sameDatabaseApp, signIn, useTestApp } from '../../support/app.ts';

const shared = useTestApp('analyst', 'admin');
const day = (d: Date) => format(d, 'dd/MM/yyyy');
const range = [
  { name: 'FromDate', value: day(subDays(new Date(), 9)) },
  { name: 'ToDate', value: day(subDays(new Date(), 2)) },
];
const call = (payload: unknown) => shared.analyst.inject({ method: 'POST', url: '/api/common/reports', payload });

describe('POST /api/common/reports refuses', () => {
  test('a report it does not have: 404 naming it and its folder', async () => {
    const res = await call({ name: 'sales-by-planet', parameters: range });
    assert.equal(res.statusCode, 404);
    assert.deepEqual(res.json(), { error: 'There is no report "sales-by-planet" in the folder "Reports".' });
    const elsewhere = await call({ name: 'sales-by-store', folder: 'Administration', parameters: range });
    assert.equal(elsewhere.statusCode, 404);
    assert.deepEqual(elsewhere.json(), { error: 'There is no report "sales-by-store" in the folder "Administration".' });
  });

  test('a call without a report name, or with a format it does not make: 400', async () => {
    const nameless = await call({ parameters: range });
    assert.equal(nameless.statusCode, 400);
    assert.match(nameless.json().error, /name/);
    const docx = await call({ name: 'sales-by-store', format: 'docx', parameters: range });
    assert.equal(docx.statusCode, 400);
    assert.deepEqual(docx.json(), { error: 'A report is available as HTML (format=HTML4.0) or PDF (format=pdf).' });
  });

  test('parameters that are not a list of { name, value }, or name one the report does not take: 400', async () => {
    const object = await call({ name: 'sales-by-store', parameters: { FromDate: '01/01/2026' } });
    assert.equal(object.statusCode, 400);
    assert.deepEqual(object.json(), { error: 'The parameters must be a list of { name, value } pairs.' });
    const stray = await call({ name: 'sales-by-store', parameters: [...range, { name: 'Region', value: 'NE' }] });
    assert.equal(stray.statusCode, 400);
    assert.deepEqual(stray.json(), { error: 'The report "sales-by-store" has no parameter "Region".' });
  });

  test("parameters the rules refuse: 422 with the rule's message, also by field", async () => {
    const missing = await call({ name: 'sales-by-store', parameters: [] });
    assert.equal(missing.statusCode, 422);
    assert.deepEqual(missing.json(), {
      error: '"From Date" and "To Date" are required',
      fields: { DateRange: '"From Date" and "To Date" are required' },
    });
    const reversed = await call({
      name: 'sales-by-store',
      parameters: [
        { name: 'FromDate', value: range[1]!.value },
        { name: 'ToDate', value: range[0]!.value },
      ],
    });
    assert.equal(reversed.statusCode, 422);
    assert.equal(reversed.json().error, '"From Date" can not be greater than "To Date"');
    const cycle = await call({ name: 'sales-by-store', parameters: [...range, { name: 'CycleID', value: 999999 }] });
    assert.equal(cycle.statusCode, 422);
    assert.deepEqual(cycle.json().fields, { CycleID: 'please check this value.' });
  });

  test('more rows than a printed report holds: 422 saying how to narrow it', async (ctx) => {
    const app = await sameDatabaseApp(shared.t, { limits: { reports: { maxRows: 0 } } });
    ctx.after(() => app.close());
    const admin = await signIn(app, 'admin');
    const state = (await shared.t.db.pool.query(`select state_id, version from states order by state_id limit 1`)).rows[0];
    await shared.admin.inject({
      method: 'PATCH',
      url: '/api/states',
      payload: { StateID: state.state_id, Version: state.version, Region: 'NE' },
    });
    const res = await admin.inject({
      method: 'POST',
      url: '/api/common/reports',
      payload: { name: 'audit-trail', folder: 'Administration', parameters: [range[0], { name: 'ToDate', value: day(new Date()) }] },
    });
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json(), { error: 'This report would print more than 0 rows: please narrow the dates or the search.' });
  });

  test('a report that fails: 500 with a sentence, not the failure', async (ctx) => {
    // Its query fails: the table it reads is not there (this test file's own database copy).
    await shared.t.db.pool.query('alter table sales rename to sales_away');
    ctx.after(() => shared.t.db.pool.query('alter table sales_away rename to sales'));
    const res = await call({ name: 'sales-by-store', parameters: range });
    assert.equal(res.statusCode, 500);
    assert.deepEqual(res.json(), { error: 'Something went wrong on the server. The IT department can see the details.' });
  });

  test('a signed-out caller: 401', async () => {
    const res = await shared.t.app.inject({
      method: 'POST',
      url: '/api/common/reports',
      payload: { name: 'sales-by-store', parameters: range },
    });
    assert.equal(res.statusCode, 401);
  });
});

describe('GET /api/common/report refuses', () => {
  test('any format but PDF: 400', async () => {
    const res = await shared.analyst.inject({ url: '/api/common/report?filename=sales-by-store&stream=true&format=HTML4.0' });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { error: 'This address streams PDFs only: send format=pdf.' });
  });

  test("a report's refused parameters: 422 with their messages", async () => {
    const res = await shared.analyst.inject({
      url: '/api/common/report?filename=sales-by-store&stream=true&format=pdf&FromDate=31/02/2024&ToDate=01/03/2024',
    });
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json(), { error: '"From Date" is invalid', fields: { DateRange: '"From Date" is invalid' } });
  });

  test("a table's list parameters it cannot read: 400 with the table API's sentence", async () => {
    const unknown = await shared.analyst.inject({
      url: '/api/common/report?filename=sales&stream=true&format=pdf&columns[0][data]=Profit',
    });
    assert.equal(unknown.statusCode, 400);
    assert.deepEqual(unknown.json(), { error: 'This table has no column "Profit".' });
    const group = await shared.analyst.inject({ url: '/api/common/report?filename=sales&stream=true&format=pdf&maingroup=Version' });
    assert.equal(group.statusCode, 400);
    assert.deepEqual(group.json(), { error: 'The table cannot be grouped by "Version".' });
  });
});
