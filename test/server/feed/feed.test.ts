// POST /api/feed/<table> (issue 36): a machine's rows, as JSON (the list API's field names) or CSV (our own
// export's headings), added or updated by the table's key with the rules and store scope of an import, each
// row answered in the table API's Succeed/Failed shape; an Idempotency-Key makes the same request sent again
// write nothing twice and get the same answer; a body that is not rows is refused whole, nothing written.
import { before, describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { msg } from '../../../server/messages.ts';
import { formatDate } from '../../../common/format.ts';
import { useTestAppWith } from '../../support/app.ts';
import { feed, issueToken } from './support.ts';
import { currentQuery, url } from '../table-api/support.ts';
import { requestHash } from '../../../server/feed/idempotency.ts';
import { checkMissingSales } from '../../../server/inbox/system/missing-sales.ts';

const MAX_ROWS = 20;

interface Day {
  store_number: number;
  group_id: number;
  day: string;
}

interface Answer {
  Succeed: number[];
  Failed: Array<{ Row: number; key: number | null; error: string; fields?: Record<string, string> }>;
  Data: Array<Record<string, unknown>>;
  Error: string | null;
  Counts: { Added: number; Changed: number; Unchanged: number; Refused: number };
}

describe('the feed', () => {
  const shared = useTestAppWith({ limits: { feed: { maxRows: MAX_ROWS } } }, 'admin');
  const db = () => shared.t.db.pool;
  let chain: string;
  /** Days without a sale, of stores whose number no other store has, each after its store opened. */
  let free: Day[];
  /** A stored sale: its store's number, its day, its id. */
  let stored: Day & { sale_id: number; sales: string };

  before(async () => {
    chain = (await issueToken(shared.admin, { Name: 'Chain tills' })).token;
    free = (
      await db().query<Day>(
        `select s.store_number, s.group_id, to_char(d, 'YYYY-MM-DD') as day
           from stores s cross join generate_series(current_date - 365, current_date - 1, interval '1 day') d
          where d >= s.open_date and (select count(*) from stores o where o.store_number = s.store_number) = 1
            and not exists (select 1 from sales sa where sa.store_id = s.store_id and sa.sale_date = d::date)
          order by s.store_id, d limit 40`,
      )
    ).rows;
    stored = (
      await db().query(
        `select s.store_number, s.group_id, to_char(sa.sale_date, 'YYYY-MM-DD') as day, sa.sale_id, sa.sales::text as sales
           from sales sa join stores s on s.store_id = sa.store_id
          where (select count(*) from stores o where o.store_number = s.store_number) = 1
          order by sa.sale_id limit 1`,
      )
    ).rows[0];
    assert.ok(free.length >= 30, 'enough free days to add');
  });

  const sale = (d: Pick<Day, 'store_number' | 'day'>, sales = '1234.50') => ({
    StoreNumber: d.store_number,
    SaleDate: d.day,
    Sales: sales,
    Transactions: 42,
    Margin: 0.25,
  });
  const salesCount = async () => (await db().query('select count(*)::int as n from sales')).rows[0].n as number;
  const saleOf = async (d: Pick<Day, 'store_number' | 'day'>) =>
    (
      await db().query(
        `select sa.sale_id, sa.sales::text as sales, sa.transactions, sa.version from sales sa join stores s on s.store_id = sa.store_id
          where s.store_number = $1 and sa.sale_date = $2`,
        [d.store_number, d.day],
      )
    ).rows;

  test('JSON rows are added or updated by store number and day; each refused row is named with its messages', async () => {
    const [a, b] = [free.shift()!, free.shift()!];
    const res = await feed(shared.t.app, chain, 'sales', [
      sale(a),
      sale(b, '99.99'),
      sale(stored, '4321.00'),
      { ...sale(free[0]!), Sales: 'lots' },
      { ...sale(free[1]!), StoreNumber: 9_999_999 },
    ]);
    assert.equal(res.statusCode, 200, res.body);
    const answer = res.json<Answer>();
    assert.equal(answer.Error, null);
    assert.equal(answer.Succeed.length, 3);
    assert.deepEqual(answer.Counts, { Added: 2, Changed: 1, Unchanged: 0, Refused: 2 });
    assert.deepEqual(
      answer.Failed.map((f) => f.Row),
      [4, 5],
    );
    assert.match(answer.Failed[0]!.error, /Sales/);
    assert.ok(answer.Failed[0]!.fields?.Sales);
    assert.ok(answer.Failed[1]!.error.length > 0);
    assert.equal((await saleOf(a))[0].sales, '1234.50');
    assert.equal((await saleOf(b))[0].sales, '99.99');
    const updated = (await saleOf(stored))[0];
    assert.equal(updated.sales, '4321.00');
    assert.equal(updated.sale_id, stored.sale_id, 'updated in place, by its key');
    assert.ok(answer.Succeed.includes(stored.sale_id));
    assert.equal(answer.Data.length, 3);
    assert.equal((await saleOf(free[0]!)).length, 0, 'a refused row is not written');
    // Written as the token, in the audit log.
    const audit = await db().query(
      `select user_name from audit_log where resource = 'sales' and row_key = $1 order by audit_id desc limit 1`,
      [String(stored.sale_id)],
    );
    assert.equal(audit.rows[0].user_name, msg('feedTokenUser', 'Chain tills'));
  });

  test('a day before its store opened is refused on its date, naming the opening day; the row beside it goes in', async () => {
    const [early] = (
      await db().query<{ store_number: number; day: string; opened: string }>(
        `select s.store_number, to_char(s.open_date - 1, 'YYYY-MM-DD') as day, to_char(s.open_date, 'YYYY-MM-DD') as opened
           from stores s where (select count(*) from stores o where o.store_number = s.store_number) = 1
          order by s.open_date desc, s.store_id limit 1`,
      )
    ).rows;
    const good = free.shift()!;
    const res = await feed(shared.t.app, chain, 'sales', [sale(good), sale(early!)]);
    assert.equal(res.statusCode, 200, res.body);
    const answer = res.json<Answer>();
    assert.deepEqual(answer.Counts, { Added: 1, Changed: 0, Unchanged: 0, Refused: 1 });
    const words = msg('saleBeforeStoreOpened', formatDate(early!.opened));
    assert.deepEqual(
      answer.Failed.map((f) => [f.Row, f.fields?.SaleDate]),
      [[2, words]],
    );
    assert.equal((await saleOf(early!)).length, 0, 'the early day is not written');
    assert.equal((await saleOf(good)).length, 1);
  });

  test("a CSV body with our export's headings is read as the import reads it", async () => {
    const [a, b] = [free.shift()!, free.shift()!];
    const csv = [
      'Store #,Date,Sales,Transactions,Margin',
      `${a.store_number},${a.day},10.00,3,0.1`,
      `${b.store_number},${b.day},20.00,4,0.2`,
    ].join('\r\n');
    const res = await feed(shared.t.app, chain, 'sales', csv, { 'content-type': 'text/csv' });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json<Answer>().Counts, { Added: 2, Changed: 0, Unchanged: 0, Refused: 0 });
    assert.equal((await saleOf(b))[0].sales, '20.00');
  });

  test("a token writes only for its group's stores", async () => {
    const day = free.shift()!;
    const other = (
      await db().query(`select group_id from groups where group_id <> $1 and code <> 'HQ' order by group_id limit 1`, [day.group_id])
    ).rows[0];
    const { token } = await issueToken(shared.admin, { Name: 'Other region', GroupID: other.group_id });
    const res = await feed(shared.t.app, token, 'sales', [sale(day)]);
    assert.equal(res.statusCode, 422, res.body);
    assert.equal(res.json<Answer>().Failed[0]!.Row, 1);
    assert.equal((await saleOf(day)).length, 0);
    const own = (await issueToken(shared.admin, { Name: 'Own region', GroupID: day.group_id })).token;
    assert.equal((await feed(shared.t.app, own, 'sales', [sale(day)])).statusCode, 200);
    assert.equal((await saleOf(day)).length, 1);
  });

  test("a store moved out of a token's group is refused at the next request, the choices kept for it forgotten", async () => {
    const first = free.shift()!;
    const another = free.findIndex((d) => d.store_number === first.store_number);
    assert.ok(another >= 0, 'another free day of its store');
    const [next] = free.splice(another, 1);
    const store = (await db().query('select store_id, group_id, version from stores where store_number = $1', [first.store_number]))
      .rows[0];
    const { token } = await issueToken(shared.admin, { Name: 'Moving region', GroupID: store.group_id });
    // Its stores' choices are read (and kept) for this request.
    assert.equal((await feed(shared.t.app, token, 'sales', [sale(first)])).statusCode, 200);
    const other = (
      await db().query(`select group_id from groups where group_id <> $1 and code <> 'HQ' order by group_id limit 1`, [store.group_id])
    ).rows[0];
    const moved = await shared.admin.inject({
      method: 'PATCH',
      url: '/api/stores',
      payload: { StoreID: store.store_id, Version: store.version, GroupID: other.group_id },
    });
    assert.deepEqual(moved.json().Succeed, [store.store_id]);
    try {
      const res = await feed(shared.t.app, token, 'sales', [sale(next!)]);
      assert.equal(res.statusCode, 422, res.body);
      // Not among its choices any more (a choice kept from before would have been refused only when written).
      assert.equal(
        res.json<Answer>().Failed[0]!.error,
        `Store #: ${msg('importNotFound', String(first.store_number)).replace(/\.$/, '')}.`,
      );
    } finally {
      const back = (await db().query('select version from stores where store_id = $1', [store.store_id])).rows[0];
      await shared.admin.inject({
        method: 'PATCH',
        url: '/api/stores',
        payload: { StoreID: store.store_id, Version: back.version, GroupID: store.group_id },
      });
    }
  });

  test("a store moved out of the group behind the app's back is still refused: the write holds each row to the scope then", async () => {
    const first = free.shift()!;
    const another = free.findIndex((d) => d.store_number === first.store_number);
    assert.ok(another >= 0, 'another free day of its store');
    const [next] = free.splice(another, 1);
    const store = (await db().query('select store_id, group_id from stores where store_number = $1', [first.store_number])).rows[0];
    const { token } = await issueToken(shared.admin, { Name: 'Kept choices', GroupID: store.group_id });
    assert.equal((await feed(shared.t.app, token, 'sales', [sale(first)])).statusCode, 200);
    const other = (
      await db().query(`select group_id from groups where group_id <> $1 and code <> 'HQ' order by group_id limit 1`, [store.group_id])
    ).rows[0];
    // Moved in the database directly: no change is announced, the choices kept for the token stay as they were.
    await db().query('update stores set group_id = $2 where store_id = $1', [store.store_id, other.group_id]);
    try {
      const res = await feed(shared.t.app, token, 'sales', [sale(next!)]);
      assert.equal(res.statusCode, 422, res.body);
      assert.equal(res.json<Answer>().Failed[0]!.error, msg('forbidden'));
      assert.equal((await saleOf(next!)).length, 0, 'nothing written');
    } finally {
      await db().query('update stores set group_id = $2 where store_id = $1', [store.store_id, store.group_id]);
    }
  });

  test('every row refused: 422, nothing written', async () => {
    const before = await salesCount();
    const res = await feed(shared.t.app, chain, 'sales', [{ ...sale(free[0]!), Margin: 7 }]);
    assert.equal(res.statusCode, 422);
    assert.ok(res.json<Answer>().Failed[0]!.fields?.Margin);
    assert.equal(await salesCount(), before);
  });

  test('the same request sent again with its Idempotency-Key writes nothing twice and gets the same answer', async () => {
    const day = free.shift()!;
    const body = [sale(day, '500.00'), sale(stored, '600.00')];
    const key = { 'idempotency-key': 'close-2026-11-27-store-1' };
    const first = await feed(shared.t.app, chain, 'sales', body, key);
    assert.equal(first.statusCode, 200, first.body);
    assert.equal(first.headers['idempotent-replayed'], undefined);
    const count = await salesCount();
    const version = (await saleOf(stored))[0].version;
    const audits = (await db().query('select count(*)::int as n from audit_log')).rows[0].n;
    const again = await feed(shared.t.app, chain, 'sales', body, key);
    assert.equal(again.statusCode, 200);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.body, first.body, 'the same answer, byte for byte');
    assert.equal(await salesCount(), count);
    assert.equal((await saleOf(stored))[0].version, version, 'not written again');
    // Only the use of the token is recorded again.
    const added = (await db().query(`select resource from audit_log order by audit_id desc limit 5`)).rows;
    assert.equal((await db().query('select count(*)::int as n from audit_log')).rows[0].n, audits + 1);
    assert.equal(added[0].resource, 'tokens');
  });

  test("a day's last two missing stores sent at once: neither missing any more, the day's alerts read", async () => {
    // A day (before the free days) on which every store open has its sale but two (theirs taken away), alerted.
    const day = (await db().query<{ day: string }>(`select to_char(current_date - 400, 'YYYY-MM-DD') as day`)).rows[0]!.day;
    await db().query(
      `insert into sales (store_id, sale_date, sales, transactions, margin)
       select s.store_id, $1::date, 100, 10, 0.2 from stores s
        where s.is_active and s.open_date <= $1::date and not exists (select 1 from sales x where x.store_id = s.store_id and x.sale_date = $1::date)`,
      [day],
    );
    const last = (
      await db().query<Day>(
        `delete from sales sa using stores s
          where s.store_id = sa.store_id and sa.sale_date = $1::date and s.is_active
            and sa.store_id in (select x.store_id from sales x join stores o on o.store_id = x.store_id
                                 where x.sale_date = $1::date and (select count(*) from stores n where n.store_number = o.store_number) = 1
                                 order by x.store_id desc limit 2)
          returning s.store_number, s.group_id, to_char(sa.sale_date, 'YYYY-MM-DD') as day`,
        [day],
      )
    ).rows;
    assert.equal(last.length, 2);
    assert.equal(await checkMissingSales(shared.t.app, day), 2);
    const unread = async () =>
      (await db().query(`select count(*)::int as n from inbox where topic = $1 and not is_read`, [`sales-missing:${day}`])).rows[0].n;
    assert.ok((await unread()) > 0, 'alerted');

    const sent = await Promise.all(
      last.map((d, i) => feed(shared.t.app, chain, 'sales', [sale(d)], { 'idempotency-key': `last-${day}-${i}` })),
    );
    assert.deepEqual(
      sent.map((r) => r.statusCode),
      [200, 200],
    );
    assert.equal((await db().query(`select count(*)::int as n from sales_missing_alerts where sale_date = $1`, [day])).rows[0].n, 0);
    assert.equal(await unread(), 0, 'every alert of the day read');
  });

  test("an Idempotency-Key sent again with another body is refused with 422; another token's same key is its own", async () => {
    const key = { 'idempotency-key': 'reused-key' };
    const day = free.shift()!;
    assert.equal((await feed(shared.t.app, chain, 'sales', [sale(day, '1.00')], key)).statusCode, 200);
    const other = await feed(shared.t.app, chain, 'sales', [sale(day, '2.00')], key);
    assert.equal(other.statusCode, 422);
    assert.equal(other.json().error, msg('feedIdempotencyKeyReused'));
    assert.equal((await saleOf(day))[0].sales, '1.00');
    const { token } = await issueToken(shared.admin, { Name: 'Second till' });
    const own = await feed(shared.t.app, token, 'sales', [sale(day, '2.00')], key);
    assert.equal(own.statusCode, 200);
    assert.equal((await saleOf(day))[0].sales, '2.00');
    const bad = await feed(shared.t.app, chain, 'sales', [sale(day)], { 'idempotency-key': 'has spaces' });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().error, msg('feedIdempotencyKeyBad'));
  });

  test('our own CSV export (UTF-16 with a byte-order mark), sent back as it is, finds every row unchanged', async () => {
    const columns = ['StoreNumber', 'SaleDate', 'Sales', 'Transactions', 'Margin'];
    const days = `${formatDate(stored.day)}~${formatDate(new Date(Date.parse(stored.day) + 4 * 86_400_000).toISOString().slice(0, 10))}`;
    const query = currentQuery(columns, {
      format: 'csv',
      'columns[0][search][value]': `${stored.store_number}~${stored.store_number}`,
      'columns[1][search][value]': days,
    });
    const exported = await shared.admin.inject({ url: url('sales/export', query) });
    assert.equal(exported.statusCode, 200);
    const before = await db().query('select max(version)::int as v, count(*)::int as n from sales');
    const res = await shared.t.app.inject({
      method: 'POST',
      url: '/api/feed/sales',
      payload: exported.rawPayload,
      headers: { authorization: `Bearer ${chain}`, 'content-type': 'text/csv' },
    });
    assert.equal(res.statusCode, 200, res.body);
    const counts = res.json<Answer>().Counts;
    assert.ok(counts.Unchanged >= 2, JSON.stringify(counts));
    assert.deepEqual({ ...counts, Unchanged: 0 }, { Added: 0, Changed: 0, Unchanged: 0, Refused: 0 });
    assert.deepEqual((await db().query('select max(version)::int as v, count(*)::int as n from sales')).rows, before.rows);
  });

  test('a request sent again while the first is still being written waits for it; one whose instance stopped is taken over', async () => {
    const day = free.shift()!;
    const body = JSON.stringify([sale(day, '7.00')]);
    const token = (await db().query(`select token_id from api_tokens where name = 'Chain tills'`)).rows[0].token_id;
    const hash = requestHash('sales', 'application/json', Buffer.from(body));
    // Under way on another instance: a claim without its answer yet.
    await db().query(`insert into feed_requests (token_id, idempotency_key, resource, body_hash) values ($1, 'under-way', 'sales', $2)`, [
      token,
      hash,
    ]);
    const waiting = await feed(shared.t.app, chain, 'sales', body, { 'idempotency-key': 'under-way' });
    assert.equal(waiting.statusCode, 409);
    assert.equal(waiting.json().error, msg('feedIdempotencyUnderWay'));
    assert.equal((await saleOf(day)).length, 0);
    // Its instance stopped long ago without answering: the request runs.
    await db().query(`update feed_requests set created_at = now() - interval '1 hour' where idempotency_key = 'under-way'`);
    const taken = await feed(shared.t.app, chain, 'sales', body, { 'idempotency-key': 'under-way' });
    assert.equal(taken.statusCode, 200, taken.body);
    assert.equal((await saleOf(day))[0].sales, '7.00');
  });

  test('a body refused with an Idempotency-Key is answered the same when sent again, and leaves no import under way', async () => {
    const key = { 'idempotency-key': 'refused-body' };
    const imports = async () => (await db().query(`select count(*)::int as n from imports where state = 'running'`)).rows[0].n as number;
    const running = await imports();
    const first = await feed(shared.t.app, chain, 'sales', '[{"StoreNumber": 1,', key);
    assert.equal(first.statusCode, 400, first.body);
    const again = await feed(shared.t.app, chain, 'sales', '[{"StoreNumber": 1,', key);
    assert.equal(again.statusCode, 400);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.body, first.body);
    assert.equal(await imports(), running, 'no import row made for rows that were never read');
  });

  test('a body that is not rows is refused whole with a clear message, nothing written', async () => {
    const before = await salesCount();
    const day = free[0]!;
    const cases: Array<[string, unknown, Record<string, string>, number, string | RegExp]> = [
      ['not an array', { rows: [sale(day)] }, {}, 400, msg('feedNotRows', 'it is not an array')],
      ['empty', [], {}, 400, msg('feedNoRows')],
      ['not JSON', '[{"StoreNumber": 1,', {}, 400, /^The body is not valid JSON/],
      ['an unknown name', [{ ...sale(day), Saels: 1 }], {}, 400, /Row 1 names Saels/],
      ['a nested value', [{ ...sale(day), Sales: { amount: 1 } }], {}, 400, /Sales is not a single value/],
      ['too many rows', Array.from({ length: MAX_ROWS + 1 }, () => sale(day)), {}, 413, msg('feedTooManyRows', MAX_ROWS)],
      ['another type', '<rows/>', { 'content-type': 'application/xml' }, 415, msg('feedBodyType')],
      ['CSV matching nothing', 'Foo,Bar\n1,2', { 'content-type': 'text/csv' }, 400, /No column of the CSV header/],
    ];
    for (const [what, body, headers, status, message] of cases) {
      const res = await feed(shared.t.app, chain, 'sales', body, headers);
      assert.equal(res.statusCode, status, `${what}: ${res.body}`);
      if (typeof message === 'string') assert.equal(res.json().error, message, what);
      else assert.match(res.json().error, message, what);
    }
    assert.equal(await salesCount(), before);
  });
});
