// A table's own export, imported back as it is, is the table: its CSV export (UTF-16, values as the table
// shows them) and its Excel export (numbers and dates as values) each preview as every row unchanged, and
// their import writes nothing. Then the refused rows of an import, downloaded, corrected and imported again,
// go in.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { useTestApp, type SignedIn } from '../../support/app.ts';
import { currentQuery, url } from '../table-api/support.ts';
import { csv, preview, run, upload } from './import-support.ts';

const shared = useTestApp('admin', 'analyst');

async function exported(user: SignedIn, resource: string, columns: string[], format: 'csv' | 'xlsx', filters: Record<string, string> = {}) {
  const query = currentQuery(columns, { 'order[0][column]': 0, 'order[0][dir]': 'asc', format });
  for (const [column, value] of Object.entries(filters)) query[`columns[${columns.indexOf(column)}][search][value]`] = value;
  const res = await user.inject({ url: url(`${resource}/export`, query) });
  assert.equal(res.statusCode, 200, res.body.slice(0, 300));
  return res.rawPayload;
}

async function audited(): Promise<number> {
  return Number((await shared.t.db.pool.query(`select count(*)::int as n from audit_log where action <> 'import'`)).rows[0].n);
}

/** The export imported back: every row unchanged in the preview, and nothing written by the import. */
async function roundTrip(user: SignedIn, resource: string, columns: string[], filters: Record<string, string> = {}): Promise<void> {
  for (const format of ['csv', 'xlsx'] as const) {
    const file = await exported(user, resource, columns, format, filters);
    const up = await upload(user, resource, file, `${resource}.${format}`);
    const p = await preview(user, resource, up);
    assert.ok(p.Total > 0, `${resource} ${format}: rows`);
    assert.deepEqual(
      p.Counts,
      { Add: 0, Change: 0, Unchanged: p.Total, Refused: 0 },
      `${resource} ${format}: ${JSON.stringify(p.Refused.slice(0, 3))} ${JSON.stringify(p.Changes.slice(0, 3))}`,
    );
    const before = await audited();
    const end = await run(user, resource, up);
    assert.equal(end.State, 'done');
    assert.deepEqual(end.Counts, { Add: 0, Change: 0, Unchanged: p.Total, Refused: 0 });
    assert.equal(await audited(), before, `${resource} ${format}: nothing written`);
  }
}

describe('a table export imported back', () => {
  test('daily sales (one store, every column the table shows) come back unchanged', async () => {
    const { rows } = await shared.t.db.pool.query<{ n: number }>(
      `select s.store_number as n from stores s join groups g using (group_id) where g.code = 'NE' and s.is_active order by s.store_id limit 1`,
    );
    const number = String(rows[0]!.n);
    const columns = ['StoreNumber', 'StoreName', 'StateCode', 'SaleDate', 'Sales', 'Transactions', 'Margin'];
    await roundTrip(shared.analyst, 'sales', columns, { StoreNumber: `${number}~${number}` });
  });

  test('stores, states and cycles come back unchanged', async () => {
    await roundTrip(shared.admin, 'stores', ['StoreNumber', 'Name', 'City', 'StateCode', 'GroupName', 'OpenDate', 'IsActive']);
    await roundTrip(shared.admin, 'states', ['Code', 'Name', 'Region']);
    await roundTrip(shared.admin, 'cycles', ['Kind', 'Name', 'StartDate', 'EndDate']);
  });

  test('refused rows downloaded, corrected and imported again go in', async () => {
    const file = csv([
      ['Code', 'Name', 'Region'],
      ['QA', 'Qa land', 'Nowhere'],
      ['QB', 'Qb land', 'West'],
    ]);
    const up = await upload(shared.admin, 'states', file);
    const first = await run(shared.admin, 'states', up, { validOnly: true });
    assert.deepEqual(first.Counts, { Add: 1, Change: 0, Unchanged: 0, Refused: 1 });
    const refused = await shared.admin.inject({ url: `/api/states/imports/${up.Id}/refused.csv` });
    const corrected = refused.rawPayload.toString('utf8').replace('Nowhere', 'Southwest');
    const again = await upload(shared.admin, 'states', corrected, 'corrected.csv');
    assert.deepEqual(again.Mapping, ['Code', 'Name', 'Region', null, null], 'its Line and Messages columns are left out');
    const second = await run(shared.admin, 'states', again);
    assert.deepEqual(second.Counts, { Add: 1, Change: 0, Unchanged: 0, Refused: 0 });
    const { rows } = await shared.t.db.pool.query(`select code, region from states where code in ('QA', 'QB') order by code`);
    assert.deepEqual(rows, [
      { code: 'QA', region: 'SW' },
      { code: 'QB', region: 'WE' },
    ]);
  });
});
