// API tokens (issue 36): administrators issue them on their table, the secret is in the add's answer once and
// only its hash is kept, a token opens the feed for the tables it names and nothing else, is refused once
// expired or revoked, is rate limited, and its issue, use and revocation are in the audit log.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { msg } from '../../../server/messages.ts';
import { formatDate } from '../../../common/format.ts';
import { useTestAppWith } from '../../support/app.ts';
import { A_YEAR_ON, feed, issueToken } from './support.ts';

const PER_MINUTE = 5;

describe('API tokens', () => {
  const shared = useTestAppWith({ limits: { feed: { requestsPerMinute: PER_MINUTE } } }, 'admin', 'analyst');
  const db = () => shared.t.db.pool;

  test('an administrator issues a token: its secret is in the add answer once, and only its hash is kept', async () => {
    const res = await shared.admin.inject({
      method: 'POST',
      url: '/api/tokens',
      payload: { Name: 'Night job', Tables: ['sales'], ExpiresOn: A_YEAR_ON },
    });
    assert.equal(res.statusCode, 200, res.body);
    const answer = res.json();
    const row = answer.Data[0];
    assert.match(row.Token, /^brk_[A-Za-z0-9_-]{43}$/);
    assert.equal(row.Name, 'Night job');
    assert.equal(row.Tables, 'sales');
    assert.equal(row.LastUsedAt, null);
    assert.equal(row.GroupID, null);
    const stored = await db().query('select token_hash from api_tokens where token_id = $1', [row.TokenID]);
    assert.equal(stored.rows[0].token_hash, createHash('sha256').update(row.Token).digest('base64url'));
    // Never readable again: not in the list, not in the audit log.
    const list = await shared.admin.inject({ url: '/api/tokens?draw=1&start=0&length=100' });
    assert.equal(list.statusCode, 200);
    assert.ok(!list.body.includes(row.Token));
    assert.ok(!('Token' in list.json().data[0]));
    const audit = await db().query(`select after::text from audit_log where resource = 'tokens' and action = 'insert' and row_key = $1`, [
      String(row.TokenID),
    ]);
    assert.equal(audit.rows.length, 1, 'the issue is in the audit log');
    assert.ok(!audit.rows[0].after.includes(row.Token));
    assert.ok(!audit.rows[0].after.includes(stored.rows[0].token_hash));
  });

  test('only administrators list or issue tokens', async () => {
    assert.equal((await shared.analyst.inject({ url: '/api/tokens?draw=1&start=0&length=10' })).statusCode, 403);
    const add = await shared.analyst.inject({ method: 'POST', url: '/api/tokens', payload: { Name: 'Mine', Tables: ['sales'] } });
    assert.equal(add.statusCode, 403);
  });

  test('a token must name tables the feed writes, a name and an expiry', async () => {
    const unknown = await shared.admin.inject({
      method: 'POST',
      url: '/api/tokens',
      payload: { Name: 'Odd', Tables: ['users'], ExpiresOn: A_YEAR_ON },
    });
    assert.equal(unknown.statusCode, 422);
    assert.match(unknown.json().Failed[0].fields.Tables, /users/);
    const none = await shared.admin.inject({
      method: 'POST',
      url: '/api/tokens',
      payload: { Name: 'Nothing', Tables: [], ExpiresOn: A_YEAR_ON },
    });
    assert.equal(none.statusCode, 422);
    assert.ok(none.json().Failed[0].fields.Tables);
    const nameless = await shared.admin.inject({ method: 'POST', url: '/api/tokens', payload: { Tables: ['sales'] } });
    assert.equal(nameless.statusCode, 422);
    assert.ok(nameless.json().Failed[0].fields.Name);
    assert.ok(nameless.json().Failed[0].fields.ExpiresOn, 'an expiry is required');
  });

  test('a feed request without a token, or with one not known, is refused with 401 saying why', async () => {
    const none = await feed(shared.t.app, undefined, 'sales', []);
    assert.equal(none.statusCode, 401);
    assert.equal(none.json().error, msg('feedTokenMissing'));
    assert.match(String(none.headers['www-authenticate']), /^Bearer/);
    const unknown = await feed(shared.t.app, 'brk_nothing', 'sales', []);
    assert.equal(unknown.statusCode, 401);
    assert.equal(unknown.json().error, msg('feedTokenUnknown'));
    const notBearer = await shared.t.app.inject({
      method: 'POST',
      url: '/api/feed/sales',
      headers: { authorization: 'Basic YTpi' },
      payload: [],
    });
    assert.equal(notBearer.statusCode, 401);
    // A signed-in user's session does not open the feed.
    const session = await shared.admin.inject({ method: 'POST', url: '/api/feed/sales', payload: [] });
    assert.equal(session.statusCode, 401);
    assert.equal(session.json().error, msg('feedTokenMissing'));
  });

  test('an expired token is refused with 401 naming its last day', async () => {
    const { token } = await issueToken(shared.admin, { Name: 'Old', ExpiresOn: '2024-01-31' });
    const res = await feed(shared.t.app, token, 'sales', []);
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().error, msg('feedTokenExpired', formatDate('2024-01-31')));
  });

  test('a token opens only the tables it names: another is refused with 403, a table with no feed 404', async () => {
    const { token } = await issueToken(shared.admin, { Name: 'Stores only', Tables: ['stores'] });
    const sales = await feed(shared.t.app, token, 'sales', []);
    assert.equal(sales.statusCode, 403);
    assert.equal(sales.json().error, msg('feedTableNotAllowed', 'Daily sales', 'stores (Stores)'));
    const users = await feed(shared.t.app, token, 'users', []);
    assert.equal(users.statusCode, 404);
    assert.match(users.json().error, /There is no feed for users/);
  });

  test('a token opens nothing but the feed: no page, no other API, even beside a session', async () => {
    const { token } = await issueToken(shared.admin, { Name: 'Curious' });
    const bearer = { authorization: `Bearer ${token}` };
    for (const url of [
      '/api/sales?draw=1&start=0&length=10',
      '/api/tokens?draw=1&start=0&length=10',
      '/api/common/current-user',
      '/sales',
      '/',
    ]) {
      const res = await shared.t.app.inject({ url, headers: bearer });
      assert.equal(res.statusCode, 401, url);
      const withSession = await shared.admin.inject({ url, headers: bearer });
      assert.equal(withSession.statusCode, 401, `${url} with a session`);
    }
    const add = await shared.t.app.inject({ method: 'POST', url: '/api/sales', headers: bearer, payload: { StoreID: 1 } });
    assert.equal(add.statusCode, 401);
    assert.equal(add.json().error, msg('feedTokenOpensFeedOnly'));
  });

  test("each use is counted: past its minute's requests a token gets 429 with Retry-After", async () => {
    const { token } = await issueToken(shared.admin, { Name: 'Busy' });
    for (let i = 0; i < PER_MINUTE; i++) assert.notEqual((await feed(shared.t.app, token, 'sales', [])).statusCode, 429);
    const res = await feed(shared.t.app, token, 'sales', []);
    assert.equal(res.statusCode, 429);
    const wait = Number(res.headers['retry-after']);
    assert.ok(wait >= 1 && wait <= 60, String(wait));
    assert.equal(res.json().error, msg('feedTooManyRequests', PER_MINUTE, wait));
  });

  test('a use shows as Last used and is in the audit log as the token', async () => {
    const { id, token } = await issueToken(shared.admin, { Name: 'Till 7' });
    await feed(shared.t.app, token, 'sales', []);
    const list = await shared.admin.inject({ url: `/api/tokens?draw=1&start=0&length=100` });
    const row = list.json().data.find((r: { TokenID: number }) => r.TokenID === id);
    assert.ok(row.LastUsedAt, 'Last used is set');
    const audit = await db().query(`select user_name, action from audit_log where resource = 'tokens' and row_key = $1 order by audit_id`, [
      String(id),
    ]);
    assert.deepEqual(
      audit.rows.map((r) => r.action),
      ['insert', 'update'],
    );
    assert.equal(audit.rows[1].user_name, msg('feedTokenUser', 'Till 7'));
  });

  test('a revoked (deleted) token is refused, and its revocation is in the audit log', async () => {
    const { id, token } = await issueToken(shared.admin, { Name: 'Lost laptop' });
    const del = await shared.admin.inject({ method: 'DELETE', url: '/api/tokens', payload: { TokenID: id, Version: 1 } });
    assert.equal(del.statusCode, 200, del.body);
    const res = await feed(shared.t.app, token, 'sales', []);
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().error, msg('feedTokenUnknown'));
    const audit = await db().query(`select 1 from audit_log where resource = 'tokens' and action = 'delete' and row_key = $1`, [
      String(id),
    ]);
    assert.equal(audit.rows.length, 1);
  });
});
