// What a change through /api/<resource> may not do to stored data, and how a value that cannot be stored is
// reported: history outlives the accounts it names, the menu tree neither loses nor loops its entries,
// defaults fill blank optional fields, and values the columns cannot hold are refused on their field.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { useTestApp, signIn, type SignedIn } from '../../support/app.ts';
import { defaultMessages as m } from '../../../server/messages.ts';
import { createUser } from '../../../server/users/create-user.ts';
import type { Row } from './support.ts';
import { until } from '../../support/until.ts';
import { changeStatus } from './support.ts';

const shared = useTestApp('admin');

interface Answer {
  Succeed: number[];
  Failed: Array<{ key: number | null; error: string; fields?: Record<string, string> }>;
  Data: Row[];
}

async function change(user: SignedIn, method: 'POST' | 'PATCH' | 'DELETE', resource: string, payload: unknown): Promise<Answer> {
  const res = await user.inject({ method, url: `/api/${resource}`, payload });
  // A refusal answers in the same shape, its status saying why.
  assert.equal(res.statusCode, changeStatus(res.json()), res.body);
  return res.json() as Answer;
}

async function rows<T = Row>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await shared.t.db.pool.query(text, params)).rows as T[];
}

async function storeToAdd(overrides: Row = {}): Promise<Row> {
  const [place] = await rows<{ state_id: number; group_id: number }>('select state_id, group_id from stores limit 1');
  return {
    StoreNumber: 98001,
    Name: 'Edge Store',
    City: 'Edgeville',
    StateID: place!.state_id,
    GroupID: place!.group_id,
    OpenDate: '2024-01-02',
    IsActive: true,
    ...overrides,
  };
}

describe('history', () => {
  test('deleting an account keeps who made its changes and who reported its errors', async () => {
    const admin = (await rows<{ user_id: number }>(`select user_id from users where user_name = 'admin'`))[0]!;
    const id = await createUser(
      shared.t.db.pool,
      { ID: admin.user_id, UserName: 'admin' },
      {
        UserName: 'leaver',
        FirstName: 'Lee',
        MiddleName: '',
        LastName: 'Ver',
        Email: '',
        Password: 'leaver password 1',
        GroupID: (await rows<{ group_id: number }>("select group_id from groups where code = 'HQ'"))[0]!.group_id,
        IsAdmin: false,
        IsSuperAdmin: false,
        Roles: ['stores'],
        Instances: [],
        // It signs in below and works at once: a password of its own.
        MustChangePassword: false,
      },
    );
    assert.ok(id);
    const leaver = await signIn(shared.t.app, 'leaver', 'leaver password 1');
    const [store] = await rows<{ store_id: number; store_number: number; version: number }>(
      'select store_id, store_number, version from stores order by store_id limit 1',
    );
    const edited = await change(leaver, 'PATCH', 'stores', { StoreID: store!.store_id, Version: store!.version, City: 'Left behind' });
    assert.deepEqual(edited.Succeed, [store!.store_id]);
    assert.equal(
      (await leaver.inject({ method: 'POST', url: '/api/admin/user-error', payload: { Message: 'before leaving' } })).statusCode,
      201,
    );

    const gone = await change(shared.admin, 'DELETE', 'users', { UserID: id, Version: 1 });
    assert.deepEqual(gone.Succeed, [id]);

    const audit = (await shared.admin.inject({ url: `/api/audit?length=-1&search[value]=stores` })).json().data as Row[];
    // The entry names the store by its number, as the audit log names rows.
    const entry = audit.find((r) => r.RowKey === String(store!.store_number) && r.Action === 'update');
    assert.equal(entry?.UserName, 'leaver', 'the audit log still names who changed the store');
    const itdesk = await signIn(shared.t.app, 'itdesk');
    const reports = (await itdesk.inject({ url: '/api/user-errors?length=-1&search[value]=leaving' })).json().data as Row[];
    assert.deepEqual(
      reports.map((r) => r.UserName),
      ['leaver'],
    );
  });
});

describe('the menu tree', () => {
  async function menu(title: string, parent: number | null = null): Promise<number> {
    const added = await change(shared.admin, 'POST', 'menus', { Title: title, ParentID: parent ?? '', SortOrder: 1, Url: '/x' });
    assert.equal(added.Succeed.length, 1, JSON.stringify(added.Failed));
    return added.Succeed[0]!;
  }

  test('an entry with entries under it is not deleted, and nothing under it is lost', async () => {
    const parent = await menu('Edge parent');
    const child = await menu('Edge child', parent);
    const refused = await change(shared.admin, 'DELETE', 'menus', { MenuID: parent, Version: 1 });
    assert.deepEqual(refused.Succeed, []);
    assert.equal(refused.Failed[0]!.error, m.tableInUse);
    assert.equal((await rows('select 1 from menus where menu_id = any($1)', [[parent, child]])).length, 2);
    // Emptied first, it goes.
    assert.deepEqual((await change(shared.admin, 'DELETE', 'menus', { MenuID: child, Version: 1 })).Succeed, [child]);
    assert.deepEqual((await change(shared.admin, 'DELETE', 'menus', { MenuID: parent, Version: 1 })).Succeed, [parent]);
  });

  test('an entry cannot be put under itself, directly or through its own entries', async () => {
    const top = await menu('Edge top');
    const middle = await menu('Edge middle', top);
    const bottom = await menu('Edge bottom', middle);
    for (const [key, parent] of [
      [top, top],
      [top, bottom],
      [middle, bottom],
    ] as const) {
      const version = (await rows<{ version: number }>('select version from menus where menu_id = $1', [key]))[0]!.version;
      const refused = await change(shared.admin, 'PATCH', 'menus', { MenuID: key, Version: version, ParentID: parent });
      assert.deepEqual(refused.Failed[0]!.fields, { ParentID: m.notEqual }, `${key} under ${parent}`);
    }
    assert.deepEqual(await rows('select menu_id, parent_id from menus where menu_id = any($1) order by menu_id', [[top, middle, bottom]]), [
      { menu_id: top, parent_id: null },
      { menu_id: middle, parent_id: top },
      { menu_id: bottom, parent_id: middle },
    ]);
  });
});

describe('values', () => {
  test('a blank or missing optional field with a default is stored as the default', async () => {
    const itdesk = await signIn(shared.t.app, 'itdesk');
    const [analyst] = await rows<{ user_id: number }>(`select user_id from users where user_name = 'analyst'`);
    for (const extra of [{}, { Severity: '' }, { Severity: '  ' }]) {
      const sent = await change(itdesk, 'POST', 'messages', { UserID: analyst!.user_id, Title: 'No severity', ...extra });
      assert.deepEqual(sent.Failed, [], JSON.stringify(extra));
      assert.equal(sent.Data[0]!.Severity, 'info');
    }
    const chosen = await change(itdesk, 'POST', 'messages', { UserID: analyst!.user_id, Title: 'Severe', Severity: 'error' });
    assert.equal(chosen.Data[0]!.Severity, 'error');
  });

  test("a key past its column's range names no record", async () => {
    for (const key of [99_999_999_999, 2_147_483_648]) {
      const edit = await change(shared.admin, 'PATCH', 'stores', { StoreID: key, Version: 1, Name: 'X' });
      assert.deepEqual(edit.Failed, [{ key, error: m.notFoundRefreshed, conflict: true }]);
      const remove = await change(shared.admin, 'DELETE', 'stores', { StoreIDs: [key], Versions: [1] });
      assert.deepEqual(remove.Failed, [{ key, error: m.notFoundRefreshed, conflict: true }]);
    }
  });

  test('a value not on offer, or a second sale for a store and day, is refused on its field in words', async () => {
    const tooBig = await change(shared.admin, 'POST', 'stores', await storeToAdd({ StateID: '99999999999' }));
    assert.deepEqual(tooBig.Failed[0]!.fields, { StateID: m.tableNotInList });
    const [sale] = await rows<{ store_id: number; sale_date: string }>('select store_id, sale_date::text from sales limit 1');
    const twice = await change(shared.admin, 'POST', 'sales', {
      StoreID: sale!.store_id,
      SaleDate: sale!.sale_date,
      Sales: '10.00',
      Transactions: 1,
      Margin: '0.1',
    });
    // Said once, on the day, as what it is: the store has sales that day already.
    assert.deepEqual(twice.Failed[0]!.fields, { SaleDate: m.saleDayTaken });
    assert.equal(twice.Failed[0]!.error, `Date: ${m.saleDayTaken}`);
  });

  test('a list, an object or a NUL where one value belongs is refused on its field, nothing stored', async () => {
    const [store] = await rows<{ store_id: number; version: number; name: string }>(
      'select store_id, version, name from stores order by store_id limit 1',
    );
    for (const Name of [['a', 'b'], { a: 1 }, 'a\u0000b']) {
      const refused = await change(shared.admin, 'PATCH', 'stores', { StoreID: store!.store_id, Version: store!.version, Name });
      assert.deepEqual(refused.Failed[0]!.fields, { Name: m.pattern }, JSON.stringify(Name));
    }
    const form = await shared.admin.inject({
      method: 'PATCH',
      url: '/api/stores',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `StoreID=${store!.store_id}&Version=${store!.version}&City=a&City=b`,
    });
    assert.deepEqual(form.json().Failed[0].fields, { City: m.pattern });
    assert.equal((await rows<{ name: string }>('select name from stores where store_id = $1', [store!.store_id]))[0]!.name, store!.name);
  });

  test('lists of keys and versions may be form encoded as jQuery names them (StoreIDs[])', async () => {
    const stores = await rows<{ store_id: number; version: number }>('select store_id, version from stores order by store_id desc limit 2');
    const body = new URLSearchParams([
      ...stores.map((s) => ['StoreIDs[]', String(s.store_id)]),
      ...stores.map((s) => ['Versions[]', String(s.version)]),
      ['IsActive', 'true'],
    ]);
    const res = await shared.admin.inject({
      method: 'PATCH',
      url: '/api/stores',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body.toString(),
    });
    assert.deepEqual(
      res.json().Succeed,
      stores.map((s) => s.store_id),
    );
  });

  test('amounts finer than their column keeps are refused, not rounded', async () => {
    // A store open by then: a sale before its opening day is refused (server/resources/sale-day.ts).
    const [store] = await rows<{ store_id: number }>(
      `select store_id from stores where open_date < '1999-01-01' order by store_id limit 1`,
    );
    const sale = { StoreID: store!.store_id, SaleDate: '1999-01-04', Sales: '10.00', Transactions: 3, Margin: '0.25' };
    const cents = await change(shared.admin, 'POST', 'sales', { ...sale, Sales: '1.239' });
    assert.deepEqual(cents.Failed[0]!.fields, { Sales: 'value must increment by 0.01' });
    const margin = await change(shared.admin, 'POST', 'sales', { ...sale, Margin: '0.123456' });
    assert.deepEqual(margin.Failed[0]!.fields, { Margin: m.pattern });
    // The margin's rules are the percentage people type (-100 to 100): a fraction of 1.5 is 150%.
    const over = await change(shared.admin, 'POST', 'sales', { ...sale, Margin: '1.5' });
    assert.deepEqual(over.Failed[0]!.fields, { Margin: 'please enter a value less than or equal to 100.' });
    const fine = await change(shared.admin, 'POST', 'sales', { ...sale, Sales: '1.23', Margin: '0.1234' });
    assert.deepEqual(fine.Failed, []);
    assert.deepEqual([fine.Data[0]!.Sales, fine.Data[0]!.Margin], ['1.23', '0.1234']);
  });
});

describe('an add or a list', () => {
  test("a POST carrying the resource's fields is an add: list words in it are refused by name, not taken for a list", async () => {
    const stray = await shared.admin.inject({ method: 'POST', url: '/api/groups', payload: { Code: 'ZZ', Name: 'Stray', start: 5 } });
    assert.equal(stray.statusCode, 400);
    assert.deepEqual(stray.json(), { Succeed: [], Failed: [], Data: [], Error: 'This table has no field "start".' });
    const inQuery = await shared.admin.inject({ method: 'POST', url: '/api/groups?draw=1', payload: { Code: 'ZY', Name: 'Query' } });
    assert.equal(inQuery.json().Error, 'This table has no field "draw".');
    assert.equal((await rows(`select 1 from groups where code in ('ZZ', 'ZY')`)).length, 0);
    // A list request names no field: it is still answered as a list.
    const listed = await shared.admin.inject({ method: 'POST', url: '/api/groups', payload: { draw: 4, start: 0, length: 2 } });
    assert.deepEqual([listed.json().draw, listed.json().data.length], [4, 2]);
  });

  test('a body too deep to read is judged by who sends it: 403 without the right, else the add refuses the field', async () => {
    const deep = { Code: 'ZX', Name: { a: { b: { c: { d: { e: { f: 1 } } } } } } };
    const trainee = await signIn(shared.t.app, 'trainee');
    assert.equal((await trainee.inject({ method: 'POST', url: '/api/groups', payload: deep })).statusCode, 403);
    const refused = await change(shared.admin, 'POST', 'groups', deep);
    assert.deepEqual(refused.Failed[0]!.fields, { Name: m.pattern });
    const list = await trainee.inject({
      method: 'POST',
      url: '/api/groups',
      payload: { draw: 1, a: { b: { c: { d: { e: { f: { g: 1 } } } } } } },
    });
    assert.equal(list.statusCode, 403, 'a list nobody could read is still refused to who may not list');
  });

  test('a version that is not a whole number is called a version', async () => {
    const res = await shared.admin.inject({ method: 'PATCH', url: '/api/stores', payload: { StoreID: 1, Version: '3.0', City: 'Q' } });
    assert.equal(res.statusCode, 400);
    assert.match(res.json().Error, /^The record versions in "Version" must be whole numbers/);
  });

  test('a refusal by the database names the field as the dialog does', async () => {
    const missing = await change(shared.admin, 'POST', 'stores', await storeToAdd({ StoreNumber: 98101, StateID: 9999 }));
    assert.equal(missing.Failed[0]!.error, `State: ${m.tableNotInList}`);
  });
});

describe('own account', () => {
  test('nobody deactivates, demotes or deletes their own account; other changes to it go through', async () => {
    const manager = await signIn(shared.t.app, 'manager');
    const me = async () =>
      (await rows<{ user_id: number; version: number }>(`select user_id, version from users where user_name = 'manager'`))[0]!;
    for (const [field, message] of [
      ['IsAdmin', 'You cannot change "Administrator" on your own account: please ask another administrator.'],
      ['IsActive', 'You cannot change "Active" on your own account: please ask another administrator.'],
    ] as const) {
      const { user_id, version } = await me();
      const refused = await change(manager, 'PATCH', 'users', { UserID: user_id, Version: version, [field]: false });
      assert.deepEqual(refused.Failed, [{ key: user_id, error: message, fields: { [field]: message }, forbidden: true }]);
    }
    // Only super administrators delete accounts, and not their own.
    const admin = (await rows<{ user_id: number; version: number }>(`select user_id, version from users where user_name = 'admin'`))[0]!;
    const gone = await change(shared.admin, 'DELETE', 'users', { UserID: admin.user_id, Version: admin.version });
    assert.deepEqual(gone.Failed, [
      { key: admin.user_id, error: 'You cannot delete your own account: please ask another administrator.', forbidden: true },
    ]);
    const { user_id, version } = await me();
    // Unchanged flags and the rest of the account are the user's to edit.
    const renamed = await change(manager, 'PATCH', 'users', {
      UserID: user_id,
      Version: version,
      IsAdmin: true,
      IsActive: 'on',
      FirstName: 'Morgan',
    });
    assert.deepEqual(renamed.Succeed, [user_id]);
    const after = (
      await rows<{ is_admin: boolean; is_active: boolean; first_name: string }>(
        'select is_admin, is_active, first_name from users where user_id = $1',
        [user_id],
      )
    )[0];
    assert.deepEqual(after, { is_admin: true, is_active: true, first_name: 'Morgan' });
    assert.equal((await manager.inject({ url: '/api/users?length=1' })).statusCode, 200, 'still an administrator');
    // Another administrator may.
    const other = await change(shared.admin, 'PATCH', 'users', { UserID: user_id, Version: version + 1, IsActive: false });
    assert.deepEqual(other.Succeed, [user_id]);
    await shared.t.db.pool.query('update users set is_active = true where user_id = $1', [user_id]);
  });
});

describe('long changes', () => {
  test('between the rows of a long change other requests are answered', async () => {
    const sales = await rows<{ sale_id: number; version: number }>('select sale_id, version from sales order by sale_id limit 1000');
    const order: string[] = [];
    const bulk = change(shared.admin, 'PATCH', 'sales', {
      SaleIDs: sales.map((s) => s.sale_id),
      Versions: sales.map((s) => s.version),
      Transactions: 42,
    }).then((answer) => (order.push('bulk change'), answer));
    // Once the change is under way (its first rows are done), another user's request.
    const changed = async () =>
      (
        await rows<{ n: number }>('select count(*)::int as n from sales where sale_id = any($1) and transactions = 42', [
          sales.map((s) => s.sale_id),
        ])
      )[0]!.n;
    await until(async () => (await changed()) > 0, 'the change is under way', { every: 5 });
    const analyst = await signIn(shared.t.app, 'analyst');
    assert.equal((await analyst.inject({ url: '/api/common/current-user' })).statusCode, 200);
    order.push('other request');
    const answer = await bulk;
    assert.equal(answer.Succeed.length, 1000);
    assert.deepEqual(order, ['other request', 'bulk change']);
  });
});

describe('rules the database keeps', () => {
  test('the head office group keeps its code, and no other group takes it', async () => {
    const groups = await rows<{ group_id: number; code: string; version: number }>(
      `select group_id, code, version from groups where code in ('HQ', 'NE') order by code`,
    );
    const [hq, ne] = groups as [(typeof groups)[number], (typeof groups)[number]];
    const message = 'the head office group keeps the code HQ, and no other group can take it.';
    for (const [group, Code] of [
      [hq, 'HQ1'],
      [ne, 'HQ'],
    ] as const) {
      const refused = await change(shared.admin, 'PATCH', 'groups', { GroupID: group.group_id, Version: group.version, Code });
      assert.deepEqual(refused.Failed, [{ key: group.group_id, error: `Code: ${message}`, fields: { Code: message } }]);
    }
    const renamed = await change(shared.admin, 'PATCH', 'groups', {
      GroupID: hq.group_id,
      Version: hq.version,
      Name: 'Head office (all stores)',
    });
    assert.deepEqual(renamed.Succeed, [hq.group_id]);
  });

  test('a group or a state takes no name another has, in any case', async () => {
    const group = await change(shared.admin, 'POST', 'groups', { Code: 'NE2', Name: 'NORTHEAST' });
    assert.deepEqual(group.Failed[0]!.fields, { Name: m.unique });
    const state = await change(shared.admin, 'POST', 'states', { Code: 'ZZ', Name: 'nebraska', Region: 'MW' });
    assert.deepEqual(state.Failed[0]!.fields, { Name: m.unique });
  });

  test('a cycle ends on or after its start: the end is refused in words', async () => {
    const reversed = await change(shared.admin, 'POST', 'cycles', {
      Kind: 'weekly',
      Name: 'Reversed',
      StartDate: '10/01/2031',
      EndDate: '03/01/2031',
    });
    assert.deepEqual(reversed.Failed, [
      {
        key: null,
        error: 'End: please enter a date on or after the start.',
        fields: { EndDate: 'please enter a date on or after the start.' },
      },
    ]);
  });

  test('several fields refused at once read as one sentence each', async () => {
    const all = await change(shared.admin, 'POST', 'cycles', { Kind: 'x', Name: '', StartDate: 'x', EndDate: 'y' });
    assert.equal(
      all.Failed[0]!.error,
      `Kind: please check this value. Name: ${m.required.replace(/\.$/, '')}. Start: please enter a valid date. End: please enter a valid date.`,
    );
  });
});
