// The audit, readable: the Audit log table's Changes say "label: old → new" a line, in the words of the
// table each entry is about (the column's label, the value as that table shows it), never JSON; the records
// before and after stay there as stored, and an export keeps the raw form. A record's detail page shows its
// history, newest first, the most recent few with a link listing more.
import { before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { useTestApp } from '../support/app.ts';
import { defaultMessages as m } from '../../server/messages.ts';
import type { Column } from '../../common/resources/types.ts';

const shared = useTestApp('admin', 'manager');

const sql = async <T>(text: string, params: unknown[] = []) => (await shared.t.db.pool.query(text, params)).rows as T[];

interface Store {
  id: number;
  name: string;
  number: number;
  version: number;
}

async function editStore(store: Store, values: Record<string, unknown>): Promise<Store> {
  const res = await shared.admin.inject({
    method: 'PATCH',
    url: '/api/stores',
    payload: { StoreID: store.id, Version: store.version, ...values },
  });
  assert.deepEqual(res.json().Succeed, [store.id], res.body);
  return { ...store, version: store.version + 1 };
}

interface AuditRow {
  Resource: string;
  RowKey: string;
  Action: string;
  Changes: string;
  Before: string;
  After: string;
}

/** The newest audit log rows as the table lists them to `admin`. */
async function auditRows(length = 5): Promise<AuditRow[]> {
  const res = await shared.admin.inject({ url: `/api/audit?start=0&length=${length}&order[0][column]=1&order[0][dir]=desc` });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as AuditRow[];
}

describe('the Audit log table', () => {
  let store: Store;
  before(async () => {
    [store] = (await sql<Store>(
      'select store_id as id, name, store_number as number, version from stores where is_active order by store_id limit 1',
    )) as [Store];
  });

  test('shows each change as "label: old → new", one a line, in the words of its table', async () => {
    store = await editStore(store, { Name: 'Readable Name', IsActive: false });
    const [entry] = await auditRows(1);
    assert.equal(entry!.Resource, 'stores', 'the table as stored: its screen shows its title (namesTables)');
    assert.equal(entry!.RowKey, String(store.number), 'the row by what names it in its table: the store number');
    assert.equal(entry!.Changes, `Name: ${store.name} → Readable Name\nActive: Yes → No`);
    assert.doesNotMatch(entry!.Changes, /[{}"]|Version|UpdateDate/, 'no JSON, no internal columns');
    assert.equal(JSON.parse(entry!.Before).Name, store.name, 'the record before stays as stored');
    store = await editStore(store, { IsActive: true });
  });

  test("a user's roles, a temporary password and an empty value read as words, and no password is ever shown", async () => {
    const [trainee] = await sql<{ user_id: number; version: number }>("select user_id, version from users where user_name = 'trainee'");
    const patch = (values: Record<string, unknown>, version: number) =>
      shared.admin.inject({ method: 'PATCH', url: '/api/users', payload: { UserID: trainee!.user_id, Version: version, ...values } });
    assert.equal((await patch({ Roles: ['sales', 'stores'], TemporaryPassword: 'secret temporary' }, trainee!.version)).statusCode, 200);
    const [entry] = await auditRows(1);
    assert.equal(
      entry!.Changes,
      `Roles: ${m.auditEmptyValue} → sales, stores\nTemporary password: ${m.auditPasswordSet}\nMust change password: No → Yes`,
    );
    assert.equal(entry!.RowKey, 'trainee', 'the account by its user name');
    assert.doesNotMatch(JSON.stringify(entry), /secret temporary|scrypt/);
  });

  test("a message sent says whom to, and the entry's table is named by its title", async () => {
    const [manager] = await sql<{ user_id: number }>("select user_id from users where user_name = 'manager'");
    const sent = await shared.admin.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { UserID: manager!.user_id, Title: 'Stock count', Body: 'Please count aisle 4', Severity: 'info' },
    });
    assert.equal(sent.statusCode, 200, sent.body);
    const [entry] = await auditRows(1);
    assert.equal(entry!.Resource, 'messages');
    assert.equal(entry!.Action, 'insert', 'the stored action: the table shows it as a word');
    assert.match(entry!.Changes, /^To: [^\n]+$/m, entry!.Changes);
    const [name] = await sql<{ name: string }>("select first_name || ' ' || last_name as name from users where user_name = 'manager'");
    assert.ok(entry!.Changes.includes(`To: ${name!.name}`), entry!.Changes);
  });

  test('is read on a phone: Changes shows there, the records before and after only when asked for', async () => {
    const { auditDef } = await import('../../server/resources/audit.ts');
    const column = (name: string): Column => auditDef.browserHalf.columns.find((c) => c.name === name)!;
    assert.equal(column('Changes').hiddenOnMobile, undefined);
    assert.equal(column('Changes').hidden, undefined);
    assert.equal(column('Before').hidden, true);
    assert.equal(column('After').hidden, true);
  });

  test('an export keeps the raw form: field names and stored values', async () => {
    const res = await shared.admin.inject({ url: '/api/audit/export?format=csv&order[0][column]=1&order[0][dir]=desc' });
    assert.equal(res.statusCode, 200, res.body);
    // The CSV is UTF-16 (what Excel opens as written).
    assert.match(res.rawPayload.toString('utf16le'), /"IsActive: false → true\nVersion: \d+ → \d+"/);
  });
});

describe("a record's history on its detail page", () => {
  test("a store's page lists its changes newest first in its table's words, ten at first, with a link listing more", async () => {
    let [store] = (await sql<Store>('select store_id as id, name, version from stores where is_active order by store_id desc limit 1')) as [
      Store,
    ];
    for (let n = 1; n <= 12; n += 1) store = await editStore(store, { City: `Town ${n}` });
    const page = await shared.manager.inject({ url: `/stores/${store.id}` });
    assert.equal(page.statusCode, 200);
    const cities = [
      ...page.body.matchAll(/<dt>City<\/dt><dd><span class="before">[^<]*<\/span> → <span class="after">Town (\d+)<\/span>/g),
    ].map((x) => Number(x[1]));
    assert.deepEqual(cities, [12, 11, 10, 9, 8, 7, 6, 5, 4, 3], 'the ten newest, newest first');
    assert.ok(page.body.includes('<td>admin</td>'), 'who');
    const more = /<a href="([^"]+)">Show more changes<\/a>/.exec(page.body);
    assert.equal(more?.[1], `/stores/${store.id}?changes=50`);
    const all = await shared.manager.inject({ url: more![1]! });
    const listed = [...all.body.matchAll(/<span class="after">Town (\d+)<\/span>/g)].length;
    assert.equal(listed, 12);
    assert.doesNotMatch(all.body, /Show more changes/, 'no link once every change is listed');
    assert.equal((await shared.manager.inject({ url: `/stores/${store.id}?changes=0` })).statusCode, 400);
  });

  test("a user's page lists the changes to the account in the users table's words", async () => {
    const [clerk] = await sql<{ user_id: number; version: number }>("select user_id, version from users where user_name = 'clerk'");
    const res = await shared.admin.inject({
      method: 'PATCH',
      url: '/api/users',
      payload: { UserID: clerk!.user_id, Version: clerk!.version, Instances: ['PROD', 'TRAIN'] },
    });
    assert.equal(res.statusCode, 200, res.body);
    const page = await shared.admin.inject({ url: `/admin/users/${clerk!.user_id}` });
    assert.ok(page.body.includes('<dt>Instances</dt><dd><span class="before">PROD</span> → <span class="after">PROD, TRAIN</span></dd>'));
  });
});
