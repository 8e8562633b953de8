// A time as a grouped table's `group` value (issue 34, point 3): an offset beyond ±15:59, as in
// `group=["2026-11-28T08:27:49+23:00"]`, answered 500 on every table with a time column, in both dialects,
// in the Excel export and the table PDF, and the CSV export answered 200 and then cut its stream. Each is
// now refused with a 400 and the reason, in the request's own shape, before any byte of a download; and a
// time the API itself sent as a group's value still opens that group.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { useTestApp, type SignedIn } from '../../support/app.ts';
import { msg } from '../../../server/messages.ts';
import { currentQuery, legacyQuery, url, type Query, type Row } from './support.ts';

const shared = useTestApp('admin', 'clerk');

const issueValue = '2026-11-28T08:27:49+23:00';
const group = JSON.stringify([issueValue]);

/** Each table with a time column the issue named, the column, and a user who may list it (any signed-in user for the inbox). */
const timeTables = [
  { resource: 'messages', column: 'CreatedAt', user: 'clerk' },
  { resource: 'alerts', column: 'CreatedAt', user: 'clerk' },
  { resource: 'notifications', column: 'CreatedAt', user: 'clerk' },
  { resource: 'users', column: 'CreateDate', user: 'admin' },
  { resource: 'audit', column: 'At', user: 'admin' },
] as const;

/** The sentence a refused time group value gets: its column, and why. */
const offsetRefusal = (column: string) => msg('tableBadGroupTime', column, msg('instantOffset'));

const as = (user: 'admin' | 'clerk'): SignedIn => shared[user];

describe("a time group value out of range, as the issue's", () => {
  for (const { resource, column, user } of timeTables) {
    test(`${resource}: refused with a 400 and the reason, in the current dialect`, async () => {
      // The issue's URL as written (a browser sends "+" as it is, read as a space), and with the value encoded.
      const written = await as(user).inject({ url: `/api/${resource}?draw=1&maingroup=${column}&group=${group}` });
      assert.equal(written.statusCode, 400, written.body);
      assert.equal(written.json().draw, 1);
      assert.equal(written.json().error, msg('tableBadGroupTime', column, msg('instantForm')));
      const res = await as(user).inject({ url: url(resource, { draw: 1, maingroup: column, group }) });
      assert.equal(res.statusCode, 400, res.body);
      const body = res.json();
      assert.equal(body.draw, 1);
      assert.deepEqual(body.data, []);
      assert.equal(body.error, offsetRefusal(column));
    });

    test(`${resource}: refused with a 400 and the reason, in the legacy dialect`, async () => {
      const res = await as(user).inject({ url: url(resource, { sEcho: 7, iDisplayStart: 0, maingroup: column, group }) });
      assert.equal(res.statusCode, 400, res.body);
      const body = res.json();
      assert.equal(body.sEcho, 7);
      assert.deepEqual(body.aaData, []);
      assert.equal(body.sError, offsetRefusal(column));
    });
  }

  test('the CSV export refuses before its first byte, never a 200 cut short', async () => {
    const res = await shared.clerk.inject({ url: `/api/messages/export?${new URLSearchParams({ maingroup: 'CreatedAt', group })}` });
    assert.equal(res.statusCode, 400);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    assert.equal(res.headers['content-disposition'], undefined, 'no download was started');
    assert.deepEqual(res.json(), { error: offsetRefusal('CreatedAt') });
  });

  test('the Excel export refuses before its first byte', async () => {
    const res = await shared.clerk.inject({
      url: `/api/messages/export?${new URLSearchParams({ format: 'xlsx', maingroup: 'CreatedAt', group })}`,
    });
    assert.equal(res.statusCode, 400);
    assert.equal(res.headers['content-disposition'], undefined);
    assert.deepEqual(res.json(), { error: offsetRefusal('CreatedAt') });
  });

  test("the table's PDF refuses with the reason: JSON to a call, a page to a browser tab", async () => {
    const query = new URLSearchParams({ filename: 'messages', stream: 'true', format: 'pdf', maingroup: 'CreatedAt', group });
    const call = await shared.clerk.inject({ url: `/api/common/report?${query}`, headers: { accept: 'application/json' } });
    assert.equal(call.statusCode, 400, call.body);
    assert.deepEqual(call.json(), { error: offsetRefusal('CreatedAt') });
    const tab = await shared.clerk.inject({ url: `/api/common/report?${query}`, headers: { accept: 'text/html' } });
    assert.equal(tab.statusCode, 400);
    assert.match(String(tab.headers['content-type']), /^text\/html/);
    assert.ok(tab.body.replaceAll('&quot;', '"').replaceAll('&#34;', '"').includes(offsetRefusal('CreatedAt')), tab.body.slice(0, 500));
  });

  test('each part of a time out of range is refused with its own reason', async () => {
    for (const [value, reason] of [
      ['2026-11-28T08:27:49-16:00', 'instantOffset'],
      ['2026-11-28T24:30:00Z', 'instantTimeOfDay'],
      ['2026-12-31T23:59:60Z', 'instantTimeOfDay'],
      ['2026-02-30T10:00:00Z', 'instantNoDay'],
      ['0000-01-01T10:00:00Z', 'instantYears'],
      ['9999-12-31T23:59:59-01:00', 'instantYears'],
      ['+275760-09-13T00:00:00.000Z', 'instantForm'],
      ['epoch', 'instantForm'],
    ] as const) {
      const res = await shared.admin.inject({ url: url('users', { draw: 1, maingroup: 'CreateDate', group: JSON.stringify([value]) }) });
      assert.equal(res.statusCode, 400, value);
      assert.equal(res.json().error, msg('tableBadGroupTime', 'CreateDate', msg(reason)), value);
    }
    const number = await shared.admin.inject({ url: url('users', { draw: 1, maingroup: 'CreateDate', group: '[1e308]' }) });
    assert.equal(number.json().error, msg('tableBadGroupTime', 'CreateDate', msg('instantForm')));
  });
});

describe("a time group value the API sent, read back as the table's island does (islands/data-table/grouping)", () => {
  const groups = async (query: Query) => {
    const res = await shared.admin.inject({ url: url('users', query) });
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as { recordsFiltered: number; data: Row[]; groups: Array<{ values: unknown[]; count: number }> };
  };
  const columns = ['UserName', 'CreateDate', 'UpdateDate'];

  test('opens its group, in both dialects; the same instant written with an offset opens the same rows', async () => {
    for (const column of ['CreateDate', 'UpdateDate']) {
      const page = await groups(currentQuery(columns, { maingroup: column, length: 100 }));
      assert.ok(page.groups.length > 0, column);
      for (const { values, count } of page.groups) {
        const at = values[0] as string;
        const inside = await groups(currentQuery(columns, { maingroup: column, group: JSON.stringify(values), length: 100 }));
        assert.equal(inside.recordsFiltered, count, `${column} ${at}`);
        assert.ok(
          inside.data.every((r) => r[column] === at),
          `${column} ${at}`,
        );
        const legacy = await shared.admin.inject({
          url: url('users', legacyQuery(columns, { maingroup: column, group: JSON.stringify(values) })),
        });
        assert.equal(legacy.json().iTotalDisplayRecords, count);
        // 05:30 ahead of UTC: the wall-clock time there, and the offset.
        const there = `${new Date(new Date(at).getTime() + 330 * 60_000).toISOString().slice(0, 23)}+05:30`;
        const shifted = await groups(currentQuery(columns, { maingroup: column, group: JSON.stringify([there]), length: 100 }));
        assert.equal(shifted.recordsFiltered, count, there);
        assert.deepEqual(shifted.groups, null, 'rows, not groups');
      }
    }
  });
});
