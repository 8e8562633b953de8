// Add, edit and delete through /api/<resource>: validation with the browser's messages, versions against
// lost updates, one transaction per row (partial success), the audit log, scopes and the 403s.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { useTestApp, signIn, type SignedIn } from '../../support/app.ts';
import { defaultMessages as m } from '../../../server/messages.ts';
import type { Row } from './support.ts';

const shared = useTestApp('admin');

interface Answer {
  Succeed: number[];
  Failed: Array<{ key: number | null; error: string; fields?: Record<string, string> }>;
  Data: Row[];
  Error: string | null;
}

async function change(user: SignedIn, method: 'POST' | 'PATCH' | 'DELETE', resource: string, payload: unknown) {
  const res = await user.inject({ method, url: `/api/${resource}`, payload });
  return { status: res.statusCode, body: res.json() as Answer };
}

async function one<T = Row>(text: string, params: unknown[] = []): Promise<T> {
  return (await shared.t.db.pool.query(text, params)).rows[0] as T;
}

async function auditOf(resource: string, key: number) {
  return (
    await shared.t.db.pool.query(
      `select a.action, a.before, a.after, u.user_name from audit_log a join users u using (user_id) where resource = $1 and row_key = $2 order by audit_id`,
      [resource, String(key)],
    )
  ).rows as Array<{ action: string; before: Row | null; after: Row | null; user_name: string }>;
}

describe('add', () => {
  test('stores the row, answers it as stored and writes an audit entry', async () => {
    const { status, body } = await change(shared.admin, 'POST', 'states', { Code: 'PR', Name: 'Puerto Rico', Region: 'SE' });
    assert.equal(status, 200);
    assert.equal(body.Error, null);
    assert.deepEqual(body.Failed, []);
    const [key] = body.Succeed;
    assert.ok(key);
    assert.deepEqual(body.Data, [{ StateID: key, Code: 'PR', Name: 'Puerto Rico', Region: 'SE', Version: 1 }]);
    const audit = await auditOf('states', key);
    assert.equal(audit.length, 1);
    assert.equal(audit[0]!.action, 'insert');
    assert.equal(audit[0]!.user_name, 'admin');
    assert.equal(audit[0]!.before, null);
    assert.equal(audit[0]!.after!.Name, 'Puerto Rico');
  });

  test('refuses invalid values with the validation messages, each failed field named', async () => {
    const { body } = await change(shared.admin, 'POST', 'states', { Code: 'x1', Name: 'N'.repeat(41), Region: '' });
    assert.deepEqual(body.Succeed, []);
    assert.equal(body.Failed.length, 1);
    assert.equal(body.Failed[0]!.key, null);
    assert.deepEqual(body.Failed[0]!.fields, {
      Code: m.pattern,
      Name: 'please enter no more than 40 characters.',
      Region: m.required,
    });
    assert.match(body.Failed[0]!.error, /Name: please enter no more than 40 characters\./);
    const n = await one<{ n: number }>(`select count(*)::int as n from states where code = 'X1'`);
    assert.equal(n.n, 0);
  });

  test('a duplicate or a missing reference is reported on its field', async () => {
    const existing = await one<{ store_number: number; state_id: number; group_id: number }>(
      'select store_number, state_id, group_id from stores limit 1',
    );
    const store = {
      Name: 'Test Store',
      City: 'Testville',
      StateID: existing.state_id,
      GroupID: existing.group_id,
      OpenDate: '01/02/2024',
      IsActive: true,
    };
    const duplicate = await change(shared.admin, 'POST', 'stores', { ...store, StoreNumber: existing.store_number });
    assert.deepEqual(duplicate.body.Failed[0]!.fields, { StoreNumber: m.unique });
    const missing = await change(shared.admin, 'POST', 'stores', { ...store, StoreNumber: 99001, GroupID: 9999 });
    assert.deepEqual(missing.body.Failed[0]!.fields, { GroupID: m.tableNotInList });
    // The state the store's copy of its code is read from (migration 011) is missing: refused on State alike.
    const noState = await change(shared.admin, 'POST', 'stores', { ...store, StoreNumber: 99002, StateID: 9999 });
    assert.deepEqual(noState.body.Failed[0]!.fields, { StateID: m.tableNotInList });
  });

  test('dates are read as dd/MM/yyyy (what people type) or yyyy-mm-dd', async () => {
    const { body } = await change(shared.admin, 'POST', 'cycles', {
      Kind: 'weekly',
      Name: 'Test week',
      StartDate: '3/2/2020',
      EndDate: '2020-02-09',
    });
    assert.deepEqual(body.Failed, []);
    assert.equal(body.Data[0]!.StartDate, '2020-02-03');
    assert.equal(body.Data[0]!.EndDate, '2020-02-09');
    const bad = await change(shared.admin, 'POST', 'cycles', {
      Kind: 'weekly',
      Name: 'Bad',
      StartDate: '31/02/2020',
      EndDate: '2020-02-09',
    });
    assert.deepEqual(bad.body.Failed[0]!.fields, { StartDate: m.date });
  });

  test('a store-scoped user cannot add a row outside their stores', async () => {
    const clerk = await signIn(shared.t.app, 'clerk');
    const groups = await shared.t.db.pool.query<{ code: string; group_id: number }>(
      `select code, group_id from groups where code in ('WE', 'NE')`,
    );
    const id = (code: string) => groups.rows.find((g) => g.code === code)!.group_id;
    const state = await one<{ state_id: number }>('select state_id from states limit 1');
    const store = { Name: 'Clerk Store', City: 'Reno', StateID: state.state_id, OpenDate: '2024-05-01', IsActive: 'on' };
    // Another region's group is no choice of theirs: refused on the field.
    const outside = await change(clerk, 'POST', 'stores', { ...store, StoreNumber: 99101, GroupID: id('NE') });
    assert.deepEqual(
      outside.body.Failed.map((f) => f.fields),
      [{ GroupID: m.tableNotInList }],
    );
    assert.equal((await one<{ n: number }>('select count(*)::int as n from stores where store_number = 99101')).n, 0);
    const inside = await change(clerk, 'POST', 'stores', { ...store, StoreNumber: 99102, GroupID: id('WE') });
    assert.equal(inside.body.Succeed.length, 1);
  });

  test('a sender addresses a message to a user, who then sees it as theirs', async () => {
    const itdesk = await signIn(shared.t.app, 'itdesk');
    const analystId = (await one<{ user_id: number }>(`select user_id from users where user_name = 'analyst'`)).user_id;
    const sent = await change(itdesk, 'POST', 'messages', {
      UserID: analystId,
      Title: 'Printer fixed',
      Body: 'Try again.',
      Severity: 'success',
    });
    assert.equal(sent.body.Succeed.length, 1);
    assert.equal(sent.body.Data[0]!.SenderName, 'Riley Patel');
    const analyst = await signIn(shared.t.app, 'analyst');
    const inbox = (await analyst.inject({ url: '/api/messages?length=-1' })).json();
    assert.ok(inbox.data.some((r: Row) => r.MessageID === sent.body.Succeed[0] && r.Title === 'Printer fixed'));
  });
});

describe('edit and versions', () => {
  test('an edit at the current version succeeds, bumps the version and is audited before and after', async () => {
    const row = await one<{ state_id: number; version: number; name: string }>(
      `select state_id, version, name from states where code = 'VT'`,
    );
    const { body } = await change(shared.admin, 'PATCH', 'states', {
      StateID: row.state_id,
      Version: row.version,
      Name: 'Vermont (Green Mountains)',
    });
    assert.deepEqual(body.Succeed, [row.state_id]);
    assert.equal(body.Data[0]!.Version, row.version + 1);
    assert.equal(body.Data[0]!.Name, 'Vermont (Green Mountains)');
    const audit = await auditOf('states', row.state_id);
    assert.equal(audit.at(-1)!.action, 'update');
    assert.equal(audit.at(-1)!.before!.Name, row.name);
    assert.equal(audit.at(-1)!.after!.Name, 'Vermont (Green Mountains)');
  });

  test('of two edits from the same read, the second fails with the spec message and changes nothing', async () => {
    const row = await one<{ state_id: number; version: number }>(`select state_id, version from states where code = 'ME'`);
    const first = await change(shared.admin, 'PATCH', 'states', { StateID: row.state_id, Version: row.version, Name: 'Maine A' });
    const second = await change(shared.admin, 'PATCH', 'states', { StateID: row.state_id, Version: row.version, Name: 'Maine B' });
    assert.deepEqual(first.body.Succeed, [row.state_id]);
    assert.deepEqual(second.body.Succeed, []);
    assert.deepEqual(second.body.Failed, [{ key: row.state_id, error: m.notFoundRefreshed, conflict: true }]);
    assert.equal((await one<{ name: string }>('select name from states where state_id = $1', [row.state_id])).name, 'Maine A');
  });

  test('an edit without the version it read is refused', async () => {
    const row = await one<{ state_id: number }>(`select state_id from states where code = 'NH'`);
    const { body } = await change(shared.admin, 'PATCH', 'states', { StateID: row.state_id, Name: 'New Hampshire!' });
    assert.deepEqual(body.Failed, [{ key: row.state_id, error: m.tableVersionMissing }]);
  });

  test('a many-row edit succeeds where it can: stale and foreign rows fail alone', async () => {
    const analyst = await signIn(shared.t.app, 'analyst');
    const mine = (
      await shared.t.db.pool.query<{ inbox_id: number; version: number }>(
        `select inbox_id, i.version from inbox i join users u using (user_id) where u.user_name = 'analyst' and kind = 'alert' order by inbox_id`,
      )
    ).rows;
    const foreign = await one<{ inbox_id: number; version: number }>(
      `select inbox_id, i.version from inbox i join users u using (user_id) where u.user_name = 'clerk' and kind = 'alert' and not is_read limit 1`,
    );
    assert.equal(mine.length, 2);
    const keys = [mine[0]!.inbox_id, mine[1]!.inbox_id, foreign.inbox_id];
    const { body } = await change(analyst, 'PATCH', 'alerts', {
      AlertIDs: keys,
      Versions: [mine[0]!.version, mine[1]!.version + 5, foreign.version],
      IsRead: true,
    });
    assert.deepEqual(body.Succeed, [mine[0]!.inbox_id]);
    assert.deepEqual(body.Failed, [
      { key: mine[1]!.inbox_id, error: m.notFoundRefreshed, conflict: true },
      { key: foreign.inbox_id, error: m.notFoundRefreshed, conflict: true },
    ]);
    const read = (
      await shared.t.db.pool.query<{ inbox_id: number; is_read: boolean }>(
        'select inbox_id, is_read from inbox where inbox_id = any($1::int[]) order by inbox_id',
        [keys],
      )
    ).rows;
    assert.equal(read.find((r) => r.inbox_id === mine[0]!.inbox_id)!.is_read, true);
    assert.equal(read.find((r) => r.inbox_id === foreign.inbox_id)!.is_read, false);
  });

  test('a form-encoded edit with a plural key list works like JSON', async () => {
    const rows = (
      await shared.t.db.pool.query<{ cycle_id: number; version: number }>(
        `select cycle_id, version from cycles where kind = 'monthly' order by cycle_id limit 2`,
      )
    ).rows;
    const res = await shared.admin.inject({
      method: 'PATCH',
      url: '/api/cycles',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `CycleIDs=${rows.map((r) => r.cycle_id).join(',')}&Versions=${rows.map((r) => r.version).join(',')}&Kind=monthly`,
    });
    assert.deepEqual(
      res.json().Succeed,
      rows.map((r) => r.cycle_id),
    );
  });

  test('an edit may not move a row out of the user reach', async () => {
    const clerk = await signIn(shared.t.app, 'clerk');
    const store = await one<{ store_id: number; version: number }>(
      `select store_id, s.version from stores s join groups g using (group_id) where g.code = 'WE' limit 1`,
    );
    const ne = await one<{ group_id: number }>(`select group_id from groups where code = 'NE'`);
    const { body } = await change(clerk, 'PATCH', 'stores', { StoreID: store.store_id, Version: store.version, GroupID: ne.group_id });
    assert.deepEqual(body.Failed, [{ key: store.store_id, error: `Group: ${m.tableNotInList}`, fields: { GroupID: m.tableNotInList } }]);
    assert.equal(
      (await one<{ version: number }>('select version from stores where store_id = $1', [store.store_id])).version,
      store.version,
    );
  });

  test('only a super administrator changes a super administrator account; another is told so in words', async () => {
    const manager = await signIn(shared.t.app, 'manager');
    const rows = (
      await shared.t.db.pool.query<{ user_name: string; user_id: number; version: number }>(
        `select user_name, user_id, version from users where user_name in ('admin', 'trainee')`,
      )
    ).rows;
    const target = (name: string) => rows.find((r) => r.user_name === name)!;
    const denied = await change(manager, 'PATCH', 'users', {
      UserID: target('admin').user_id,
      Version: target('admin').version,
      IsActive: false,
    });
    assert.equal(denied.status, 403);
    assert.deepEqual(denied.body.Failed, [{ key: target('admin').user_id, error: m.privilegeSuperAdminRow, forbidden: true }]);
    const allowed = await change(manager, 'PATCH', 'users', {
      UserID: target('trainee').user_id,
      Version: target('trainee').version,
      MiddleName: 'Q',
    });
    assert.deepEqual(allowed.body.Succeed, [target('trainee').user_id]);
    assert.equal('PasswordHash' in allowed.body.Data[0]!, false);
  });

  test('a field the table cannot change, or does not have, is refused by name', async () => {
    const user = await one<{ user_id: number; version: number }>(`select user_id, version from users where user_name = 'trainee'`);
    const readOnly = await change(shared.admin, 'PATCH', 'users', {
      UserID: user.user_id,
      Version: user.version,
      MustChangePassword: true,
    });
    assert.equal(readOnly.status, 400);
    assert.equal(readOnly.body.Error, 'The field "Must change password" (MustChangePassword) cannot be set here.');
    const unknown = await change(shared.admin, 'PATCH', 'users', { UserID: user.user_id, Version: user.version, PasswordHash: 'x' });
    assert.equal(unknown.body.Error, 'This table has no field "PasswordHash".');
    const noKey = await change(shared.admin, 'PATCH', 'users', { FirstName: 'x' });
    assert.equal(noKey.body.Error, 'Please say which record(s): send UserID or UserIDs.');
    const nothing = await change(shared.admin, 'PATCH', 'users', { UserID: user.user_id, Version: user.version });
    assert.equal(nothing.status, 400);
    assert.equal(nothing.body.Error, m.tableNothingToChange);
  });
});

describe('delete', () => {
  test('deletes what it can: a row still in use and a row already gone fail alone', async () => {
    const spare = (await change(shared.admin, 'POST', 'groups', { Code: 'TMP', Name: 'Temporary' })).body.Data[0]!;
    const used = await one<{ group_id: number; version: number }>(`select group_id, version from groups where code = 'NE'`);
    const { body } = await change(shared.admin, 'DELETE', 'groups', {
      GroupIDs: [spare.GroupID, used.group_id, 987654],
      Versions: [spare.Version, used.version, 1],
    });
    assert.deepEqual(body.Succeed, [spare.GroupID]);
    assert.deepEqual(body.Failed, [
      { key: used.group_id, error: m.tableInUse },
      { key: 987654, error: m.notFoundRefreshed, conflict: true },
    ]);
    const audit = await auditOf('groups', spare.GroupID as number);
    assert.deepEqual(
      audit.map((a) => a.action),
      ['insert', 'delete'],
    );
    assert.equal(audit[1]!.before!.Code, 'TMP');
    assert.equal(audit[1]!.after, null);
  });

  test('a row changed since it was read is not deleted', async () => {
    const spare = (await change(shared.admin, 'POST', 'groups', { Code: 'TMP2', Name: 'Temporary 2' })).body.Data[0]!;
    await change(shared.admin, 'PATCH', 'groups', { GroupID: spare.GroupID, Version: spare.Version, Description: 'changed' });
    const { body } = await change(shared.admin, 'DELETE', 'groups', { GroupID: spare.GroupID, Version: spare.Version });
    assert.deepEqual(body.Failed, [{ key: spare.GroupID, error: m.notFoundRefreshed, conflict: true }]);
  });

  test('keys may come in the query string of a DELETE', async () => {
    const spare = (await change(shared.admin, 'POST', 'groups', { Code: 'TMP3', Name: 'Temporary 3' })).body.Data[0]!;
    const res = await shared.admin.inject({ method: 'DELETE', url: `/api/groups?GroupID=${spare.GroupID}&Version=${spare.Version}` });
    assert.deepEqual(res.json().Succeed, [spare.GroupID]);
  });
});

describe('permissions and the audit log', () => {
  test('each action is refused with 403 and the spec message to a user without its right', async () => {
    const analyst = await signIn(shared.t.app, 'analyst');
    const itdesk = await signIn(shared.t.app, 'itdesk');
    const cases: Array<[SignedIn, 'POST' | 'PATCH' | 'DELETE', string]> = [
      [analyst, 'PATCH', 'states'],
      [analyst, 'POST', 'states'],
      [analyst, 'DELETE', 'sales'],
      [analyst, 'POST', 'messages'],
      [itdesk, 'POST', 'user-errors'],
      [analyst, 'PATCH', 'user-errors'],
      [shared.admin, 'POST', 'users'],
      [shared.admin, 'DELETE', 'audit'],
    ];
    for (const [user, method, resource] of cases) {
      const res = await user.inject({ method, url: `/api/${resource}`, payload: { x: 1 } });
      assert.equal(res.statusCode, 403, `${method} ${resource}`);
      assert.deepEqual(res.json(), { error: m.forbidden });
    }
  });

  test('a change without the CSRF token is refused', async () => {
    const res = await shared.t.app.inject({
      method: 'PATCH',
      url: '/api/states',
      headers: { cookie: shared.admin.cookie },
      payload: { StateID: 1, Version: 1, Name: 'x' },
    });
    assert.equal(res.statusCode, 403);
    assert.deepEqual(res.json(), { error: m.csrfFailed });
  });

  test('administrators list the audit log; others may not', async () => {
    const manager = await signIn(shared.t.app, 'manager');
    const res = await manager.inject({ url: '/api/audit?length=-1&search[value]=states' });
    assert.equal(res.statusCode, 200);
    const rows = res.json().data as Row[];
    assert.ok(rows.some((r) => r.Resource === 'states' && r.Action === 'update' && String(r.After).includes('Maine A')));
    const analyst = await signIn(shared.t.app, 'analyst');
    assert.equal((await analyst.inject({ url: '/api/audit' })).statusCode, 403);
  });
});
