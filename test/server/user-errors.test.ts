// Error reports to IT through HTTP: POST /api/admin/user-error stores what browsers send (cut to size,
// refused when too big or mistyped, limited per user and per address) and the IT page lists them.
import { beforeEach, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { useTestApp, signIn } from '../support/app.ts';
import { defaultMessages as m } from '../../server/messages.ts';
import { errorFieldLimits, maxStackLines } from '../../common/error-report.ts';

const shared = useTestApp();
beforeEach(async () => {
  await shared.t.db.pool.query('delete from user_errors');
});

const report = {
  Page: '/sales',
  Url: '/api/sales?draw=1',
  Status: 500,
  ErrorThrown: 'Internal Server Error',
  Message: 'Something went wrong on the server.',
  ExceptionMessage: 'boom',
  ExceptionType: 'TypeError',
  StackTrace: 'TypeError: boom\n    at f (app.js:1:2)',
};

async function storedRows() {
  const r = await shared.t.db.pool.query(`select e.*, u.user_name from user_errors e left join users u using (user_id) order by error_id`);
  return r.rows;
}

function anonymousPost(payload: unknown, headers: Record<string, string> = {}) {
  return shared.t.app.inject({ method: 'POST', url: '/api/admin/user-error', payload: payload as object, headers });
}

describe('POST /api/admin/user-error', () => {
  test('a signed-in report is stored with its fields, the user, the browser and the app version', async () => {
    const analyst = await signIn(shared.t.app, 'analyst');
    const res = await analyst.inject({
      method: 'POST',
      url: '/api/admin/user-error',
      payload: report,
      headers: { 'user-agent': 'TestBrowser/1.0', 'x-app-version': 'abc123' },
    });
    assert.equal(res.statusCode, 201);
    const [row] = await storedRows();
    assert.equal(row.user_name, 'analyst');
    assert.equal(row.page, '/sales');
    assert.equal(row.url, '/api/sales?draw=1');
    assert.equal(row.status, 500);
    assert.equal(row.error_thrown, 'Internal Server Error');
    assert.equal(row.message, 'Something went wrong on the server.');
    assert.equal(row.exception_message, 'boom');
    assert.equal(row.exception_type, 'TypeError');
    assert.equal(row.stack_trace, report.StackTrace);
    assert.equal(row.user_agent, 'TestBrowser/1.0');
    assert.equal(row.app_version, 'abc123');
    assert.ok(row.created_at instanceof Date);
  });

  test('the sign-in page (no session) may report, without a user', async () => {
    const res = await anonymousPost({ Page: '/login', Url: '/static/build/app.js', Message: 'Uncaught Error: x' });
    assert.equal(res.statusCode, 201);
    const [row] = await storedRows();
    assert.equal(row.user_id, null);
    assert.equal(row.page, '/login');
    assert.equal(row.app_version, shared.t.app.assets.version, 'no version header: the server names its own');
  });

  test("a failed request's report keeps its request id, which IT finds by searching and on its page", async () => {
    const requestId = '5b7e0c0a-4f7a-4c53-9a55-0d1f6f3b2e11';
    assert.equal((await anonymousPost({ ...report, RequestId: requestId })).statusCode, 201);
    assert.equal((await anonymousPost({ ...report, RequestId: 'x'.repeat(500) })).statusCode, 201);
    const rows = await storedRows();
    assert.equal(rows[0].request_id, requestId);
    assert.ok(rows[1].request_id.length <= errorFieldLimits.RequestId, 'cut to size');
    const itdesk = await signIn(shared.t.app, 'itdesk');
    const found = (await itdesk.inject({ url: `/api/user-errors?length=-1&search[value]=${requestId}` })).json() as {
      data: Array<Record<string, unknown>>;
    };
    assert.deepEqual(
      found.data.map((r) => r.ErrorID),
      [rows[0].error_id],
    );
    const page = await itdesk.inject({ url: `/admin/user-errors/${rows[0].error_id}` });
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes(requestId), 'the record page shows it');
  });

  test('a signed-in report without the session CSRF token is refused', async () => {
    const analyst = await signIn(shared.t.app, 'analyst');
    const res = await shared.t.app.inject({
      method: 'POST',
      url: '/api/admin/user-error',
      payload: report,
      headers: { cookie: analyst.cookie },
    });
    assert.equal(res.statusCode, 403);
    assert.deepEqual(res.json(), { error: m.csrfFailed });
    assert.equal((await storedRows()).length, 0);
  });

  test('a 10,000-line stack trace and over-long fields are cut, never stored whole', async () => {
    // Short lines, so the body stays under the size limit and the cut (not the refusal) is what is seen.
    const stack = Array.from({ length: 10_000 }, () => 'at f').join('\n');
    const res = await anonymousPost({ StackTrace: stack, Message: 'x'.repeat(5_000) });
    assert.equal(res.statusCode, 201);
    const [row] = await storedRows();
    const lines = row.stack_trace.split('\n');
    assert.ok(lines.length <= maxStackLines + 1, `${lines.length} lines kept`);
    assert.match(lines.at(-1), /lines cut/);
    assert.ok(row.message.length <= errorFieldLimits.Message);
    assert.match(row.message, /characters cut\]$/);
  });

  test('a 5 MB body is refused with 413 and a readable message', async () => {
    const res = await anonymousPost({ StackTrace: 'x'.repeat(5 * 1024 * 1024) });
    assert.equal(res.statusCode, 413);
    assert.match(res.json().error, /too large/i);
    assert.equal((await storedRows()).length, 0);
  });

  test('fields of the wrong type are refused with 400', async () => {
    for (const payload of [{ Message: { nested: true } }, { Status: 'five hundred' }, { Page: ['a', 'b'] }]) {
      const res = await anonymousPost(payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.ok(res.json().error);
    }
    assert.equal((await storedRows()).length, 0);
  });

  test('reports without a session are limited per address, more strictly than a signed-in user', async () => {
    for (let i = 0; i < shared.t.config.limits.clientErrors.perAnonymousAddress; i++)
      assert.equal((await anonymousPost({ Message: `e${i}` })).statusCode, 201);
    const refused = await anonymousPost({ Message: 'one more' });
    assert.equal(refused.statusCode, 429);
    assert.equal(refused.json().error, 'Too many error reports from here. Please wait 10 minutes.');
    // A signed-in user at the same address still gets through: the anonymous limit is its own.
    const analyst = await signIn(shared.t.app, 'analyst');
    assert.equal((await analyst.inject({ method: 'POST', url: '/api/admin/user-error', payload: report })).statusCode, 201);
  });

  test('a signed-in user is limited per user, and the count is read from the database', async () => {
    const clerk = await signIn(shared.t.app, 'clerk');
    const clerkId = (await shared.t.db.pool.query(`select user_id from users where user_name = 'clerk'`)).rows[0].user_id;
    // Rows written by another app instance count the same as ours.
    await shared.t.db.pool.query(
      `insert into user_errors (user_id, address, message) select $1, '10.0.0.9', 'elsewhere' from generate_series(1, $2)`,
      [clerkId, shared.t.config.limits.clientErrors.perUser - 1],
    );
    assert.equal((await clerk.inject({ method: 'POST', url: '/api/admin/user-error', payload: report })).statusCode, 201);
    assert.equal((await clerk.inject({ method: 'POST', url: '/api/admin/user-error', payload: report })).statusCode, 429);
    const analyst = await signIn(shared.t.app, 'analyst');
    assert.equal((await analyst.inject({ method: 'POST', url: '/api/admin/user-error', payload: report })).statusCode, 201);
  });

  test('a burst of parallel reports stores no more than the limit', async () => {
    const clerk = await signIn(shared.t.app, 'clerk');
    const burst = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        clerk.inject({ method: 'POST', url: '/api/admin/user-error', payload: { ...report, Message: `burst ${i}` } }),
      ),
    );
    const stored = burst.filter((r) => r.statusCode === 201).length;
    assert.equal(stored, shared.t.config.limits.clientErrors.perUser);
    assert.equal(burst.filter((r) => r.statusCode === 429).length, 100 - shared.t.config.limits.clientErrors.perUser);
    assert.equal((await storedRows()).length, shared.t.config.limits.clientErrors.perUser);
  });

  test('a burst of parallel reports without a session stores no more than the anonymous limit', async () => {
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => anonymousPost({ Message: `burst ${i}` })));
    assert.equal(burst.filter((r) => r.statusCode === 201).length, shared.t.config.limits.clientErrors.perAnonymousAddress);
    assert.equal((await storedRows()).length, shared.t.config.limits.clientErrors.perAnonymousAddress);
  });
});

describe('the IT page /admin/user-errors', () => {
  test('is the client errors table: its first page of reports, newest first, in the page', async () => {
    await anonymousPost({ ...report, Message: 'older report' });
    await anonymousPost({ ...report, Message: 'newer report', ErrorThrown: 'Error: <b>x</b>' });
    const itdesk = await signIn(shared.t.app, 'itdesk');
    const res = await itdesk.inject({ url: '/admin/user-errors' });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /data-island="data-table"/);
    const table = res.body.slice(res.body.indexOf('<tbody>'));
    assert.ok(table.indexOf('newer report') < table.indexOf('older report'), 'newest first');
    assert.match(table, /<td[^>]*>Error: &lt;b&gt;x&lt;\/b&gt;<\/td>/, 'escaped');
    assert.doesNotMatch(res.body, /being built/);
  });

  test('administrators may see it; staff without the IT role get 403', async () => {
    assert.equal((await (await signIn(shared.t.app, 'manager')).inject({ url: '/admin/user-errors' })).statusCode, 200);
    const analyst = await (await signIn(shared.t.app, 'analyst')).inject({ url: '/admin/user-errors' });
    assert.equal(analyst.statusCode, 403);
    assert.match(analyst.body, /you are not Authorized to view this page or part of the page content\./);
  });
});

describe('IT follows up client errors', () => {
  async function alertsOf(userName: string) {
    const { rows } = await shared.t.db.pool.query<{ title: string; body: string; is_read: boolean }>(
      `select i.title, i.body, i.is_read from inbox i join users u using (user_id)
       where u.user_name = $1 and i.topic = 'client-errors' order by i.inbox_id`,
      [userName],
    );
    return rows;
  }
  /** The alert is raised after the report's answer: waits (bounded) until `count` have arrived. */
  async function untilAlerts(userName: string, count: number) {
    for (let i = 0; i < 100; i++) {
      const rows = await alertsOf(userName);
      if (rows.length >= count) return rows;
      await new Promise((r) => setTimeout(r, 50));
    }
    return alertsOf(userName);
  }

  async function markRead(userName: string) {
    await shared.t.db.pool.query(
      `update inbox set is_read = true where topic = 'client-errors' and user_id = (select user_id from users where user_name = $1)`,
      [userName],
    );
  }

  beforeEach(async () => {
    await shared.t.db.pool.query(`delete from inbox where topic = 'client-errors'`);
  });

  test('a new report alerts IT once; more reports while it is unread raise no other', async () => {
    await anonymousPost({ ...report, Page: '/stores', Message: 'Uncaught TypeError: x is undefined.' });
    const [alert] = await untilAlerts('itdesk', 1);
    assert.equal(alert!.title, m.clientErrorTitle);
    assert.equal(alert!.body, 'On /stores: Uncaught TypeError: x is undefined. Client errors lists this one and any that follow.');
    assert.equal((await untilAlerts('manager', 1)).length, 1, 'administrators may read client errors: told too');
    assert.equal((await alertsOf('analyst')).length, 0, 'staff without the IT role are not told');

    // The manager read theirs: the next report alerts the manager again, and in the same statement decides
    // whether itdesk, whose alert is unread, gets another.
    await markRead('manager');
    await anonymousPost({ ...report, Message: 'second' });
    assert.equal((await untilAlerts('manager', 2)).length, 2);
    assert.equal((await alertsOf('itdesk')).length, 1, 'one unread alert stands for those that follow');

    await markRead('itdesk');
    await anonymousPost({ ...report, Message: 'third' });
    assert.equal((await untilAlerts('itdesk', 2)).length, 2, 'once read, the next report alerts again');
  });

  test('IT marks a report handled; the mark is audited and others may not set it', async () => {
    await anonymousPost(report);
    const itdesk = await signIn(shared.t.app, 'itdesk');
    const listed = (await itdesk.inject({ url: '/api/user-errors?length=-1' })).json() as { data: Array<Record<string, unknown>> };
    const row = listed.data[0]!;
    assert.equal(row.IsHandled, false);

    const analyst = await signIn(shared.t.app, 'analyst');
    const refused = await analyst.inject({
      method: 'PATCH',
      url: '/api/user-errors',
      payload: { ErrorID: row.ErrorID, Version: row.Version, IsHandled: true },
    });
    assert.equal(refused.statusCode, 403);

    const res = await itdesk.inject({
      method: 'PATCH',
      url: '/api/user-errors',
      payload: { ErrorID: row.ErrorID, Version: row.Version, IsHandled: true },
    });
    assert.equal(res.statusCode, 200, res.body);
    const [stored] = await storedRows();
    assert.equal(stored.is_handled, true);
    assert.equal(stored.message, report.Message, 'the report itself is as sent');
    const audit = await shared.t.db.pool.query(`select action from audit_log where resource = 'user-errors' and row_key = $1`, [
      String(row.ErrorID),
    ]);
    assert.deepEqual(
      audit.rows.map((r) => r.action),
      ['update'],
    );

    const unhandled = (
      await itdesk.inject({ url: '/api/user-errors?length=-1&columns[0][data]=IsHandled&columns[0][search][value]=false' })
    ).json() as { recordsFiltered: number };
    assert.equal(unhandled.recordsFiltered, 0, 'the filter of those still to handle');
  });
});
