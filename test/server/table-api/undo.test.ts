// Undo of a table change (issue 39): an edit or delete answers an UndoID, and POST /api/<resource>/undo puts
// its rows back through the same checks as any write: on another instance of the same database, only for
// the user who made it, once, within its time; a row changed since is left alone and named. A bulk edit
// checks each row's version on its own.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { sameDatabaseApp, signIn, useTestApp, type SignedIn } from '../../support/app.ts';
import { defaultMessages as m } from '../../../server/messages.ts';
import { fill } from '../../../server/messages.ts';
import { UNDO_SECONDS } from '../../../common/undo.ts';
import type { Row } from './support.ts';

const shared = useTestApp('admin', 'manager');

interface Answer {
  Succeed: number[];
  Failed: Array<{ key: number | null; error: string; conflict?: boolean; forbidden?: boolean }>;
  Data: Row[];
  Error: string | null;
  UndoID?: number;
}

async function call(user: SignedIn, method: 'PATCH' | 'DELETE' | 'POST', url: string, payload: unknown) {
  const res = await user.inject({ method, url, payload });
  return { status: res.statusCode, body: res.json() as Answer };
}

async function rows<T = Row>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await shared.t.db.pool.query(text, params)).rows as T[];
}

/** Stores only the tests touch: made here, so no other test's rows move under them. */
async function newStores(n: number, tag: string): Promise<Array<{ StoreID: number; Version: number; StoreNumber: number }>> {
  const made = await rows<{ store_id: number; version: number; store_number: number }>(
    `insert into stores (store_number, name, city, state_id, group_id, open_date, is_active)
     select 900000 + (random() * 99999)::int, $2 || ' ' || i, 'Undoville', (select min(state_id) from states), (select min(group_id) from groups), '2020-01-01', true
     from generate_series(1, $1) i returning store_id, version, store_number`,
    [n, tag],
  );
  return made.map((r) => ({ StoreID: r.store_id, Version: r.version, StoreNumber: r.store_number }));
}

async function storeRow(id: number) {
  return (
    await rows<{ name: string; city: string; is_active: boolean; version: number }>(
      'select name, city, is_active, version from stores where store_id = $1',
      [id],
    )
  )[0];
}

async function auditActions(resource: string, key: number): Promise<string[]> {
  const r = await rows<{ action: string; undoes: number | null }>(
    `select action, undoes from audit_log where resource = $1 and row_key = $2 order by audit_id`,
    [resource, String(key)],
  );
  return r.map((a) => (a.undoes === null ? a.action : `${a.action} undoes`));
}

describe('undo of an edit', () => {
  test('reaches another instance of the same database and puts the rows back as they were, audited', async () => {
    const stores = await newStores(3, 'Undo across');
    const edit = await call(shared.admin, 'PATCH', '/api/stores', {
      StoreIDs: stores.map((s) => s.StoreID),
      Versions: stores.map((s) => s.Version),
      City: 'Elsewhere',
    });
    assert.equal(edit.status, 200);
    assert.equal(edit.body.Succeed.length, 3);
    assert.ok(edit.body.UndoID, 'the edit answers the id its undo names');

    const other = await sameDatabaseApp(shared.t, {});
    try {
      const admin = await signIn(other, 'admin');
      const undo = await call(admin, 'POST', '/api/stores/undo', { UndoID: edit.body.UndoID });
      assert.equal(undo.status, 200);
      assert.deepEqual(undo.body.Succeed.sort(), stores.map((s) => s.StoreID).sort());
      assert.deepEqual(undo.body.Failed, []);
      assert.ok(undo.body.Data.every((r) => r.City === 'Undoville'));
      for (const s of stores) {
        const now = await storeRow(s.StoreID);
        assert.equal(now!.city, 'Undoville');
        assert.equal(now!.version, s.Version + 2, 'the undo is an edit of its own');
        assert.deepEqual(await auditActions('stores', s.StoreID), ['update', 'update undoes']);
      }
      // Once: a second undo, on either instance, is refused.
      const again = await call(shared.admin, 'POST', '/api/stores/undo', { UndoID: edit.body.UndoID });
      assert.equal(again.status, 409);
      assert.equal(again.body.Error, m.undoAlreadyDone);
    } finally {
      await other.close();
    }
    // The audit log's table shows the undoing.
    const listed = await shared.admin.inject({
      url: `/api/audit?draw=1&start=0&length=10&columns[0][data]=RowKey&columns[0][search][value]=${stores[0]!.StoreID}&columns[1][data]=Action&columns[1][search][value]=&columns[2][data]=Resource&columns[2][search][value]=stores`,
    });
    // Each entry names its row by what names it in its table: the store's number.
    const actions = (listed.json() as { data: Row[] }).data.filter((r) => r.RowKey === String(stores[0]!.StoreNumber)).map((r) => r.Action);
    assert.ok(actions.includes('update (undo)'), `the audit table lists ${actions.join(', ')}`);
  });

  test('leaves a row changed meanwhile by someone else as it is, and says which and why', async () => {
    const stores = await newStores(2, 'Undo conflict');
    const edit = await call(shared.admin, 'PATCH', '/api/stores', {
      StoreIDs: stores.map((s) => s.StoreID),
      Versions: stores.map((s) => s.Version),
      IsActive: false,
    });
    assert.equal(edit.status, 200);
    const [kept, moved] = stores as [(typeof stores)[0], (typeof stores)[0]];
    const meanwhile = await call(shared.manager, 'PATCH', '/api/stores', {
      StoreID: moved.StoreID,
      Version: moved.Version + 1,
      City: 'Moved',
    });
    assert.equal(meanwhile.status, 200);

    const undo = await call(shared.admin, 'POST', '/api/stores/undo', { UndoID: edit.body.UndoID });
    assert.equal(undo.status, 200);
    assert.deepEqual(undo.body.Succeed, [kept.StoreID]);
    assert.equal(undo.body.Failed.length, 1);
    assert.equal(undo.body.Failed[0]!.key, moved.StoreID);
    assert.equal(undo.body.Failed[0]!.error, fill(m.undoRowNotRestored, [String(moved.StoreNumber), m.undoChangedSince]));
    assert.equal((await storeRow(kept.StoreID))!.is_active, true);
    const other = await storeRow(moved.StoreID);
    assert.equal(other!.is_active, false, 'the row changed since keeps the change and what was done after it');
    assert.equal(other!.city, 'Moved');
  });

  test('is refused to anyone but the user who made the change', async () => {
    const [store] = await newStores(1, 'Undo not yours');
    const edit = await call(shared.admin, 'PATCH', '/api/stores', { StoreID: store!.StoreID, Version: store!.Version, City: 'Mine' });
    const undo = await call(shared.manager, 'POST', '/api/stores/undo', { UndoID: edit.body.UndoID });
    assert.equal(undo.status, 403);
    assert.equal(undo.body.Error, m.undoNotYours);
    assert.equal((await storeRow(store!.StoreID))!.city, 'Mine');
    // Still the author's to undo.
    const own = await call(shared.admin, 'POST', '/api/stores/undo', { UndoID: edit.body.UndoID });
    assert.equal(own.status, 200);
    assert.equal((await storeRow(store!.StoreID))!.city, 'Undoville');
  });

  test('is refused once its time is over, by the database clock', async () => {
    const [store] = await newStores(1, 'Undo late');
    const edit = await call(shared.admin, 'PATCH', '/api/stores', { StoreID: store!.StoreID, Version: store!.Version, City: 'Late' });
    const [record] = await rows<{ window: number }>(
      `select extract(epoch from undo_until - (select at from audit_log where audit_id = r.audit_id))::float as window
       from change_undos u join change_undo_rows r using (undo_id) where undo_id = $1`,
      [edit.body.UndoID],
    );
    assert.ok(
      record!.window > UNDO_SECONDS && record!.window < UNDO_SECONDS + 10,
      `${record!.window} s: the notice's time and a short grace`,
    );
    // As though the time and its grace had passed.
    await rows(`update change_undos set undo_until = now() - interval '1 second' where undo_id = $1`, [edit.body.UndoID]);
    const undo = await call(shared.admin, 'POST', '/api/stores/undo', { UndoID: edit.body.UndoID });
    assert.equal(undo.status, 409);
    assert.equal(undo.body.Error, fill(m.undoTooLate, [UNDO_SECONDS]));
    assert.equal((await storeRow(store!.StoreID))!.city, 'Late');
  });

  test('an unknown change, or one of another table, is refused', async () => {
    const [store] = await newStores(1, 'Undo elsewhere');
    const edit = await call(shared.admin, 'PATCH', '/api/stores', { StoreID: store!.StoreID, Version: store!.Version, City: 'There' });
    const wrongTable = await call(shared.admin, 'POST', '/api/states/undo', { UndoID: edit.body.UndoID });
    assert.equal(wrongTable.status, 409);
    assert.equal(wrongTable.body.Error, m.undoUnknown);
    const bad = await shared.admin.inject({ method: 'POST', url: '/api/stores/undo', payload: { UndoID: 'x' } });
    assert.equal(bad.statusCode, 400);
  });
});

describe('undo of a delete', () => {
  test('adds the rows back with their keys, audited, and a sale with its store totals', async () => {
    const [store] = await newStores(1, 'Undo delete');
    const del = await call(shared.admin, 'DELETE', '/api/stores', { StoreID: store!.StoreID, Version: store!.Version });
    assert.equal(del.status, 200);
    assert.equal(await storeRow(store!.StoreID), undefined);
    const undo = await call(shared.admin, 'POST', '/api/stores/undo', { UndoID: del.body.UndoID });
    assert.equal(undo.status, 200);
    assert.deepEqual(undo.body.Succeed, [store!.StoreID]);
    assert.equal(undo.body.Data[0]!.StoreNumber, store!.StoreNumber);
    assert.equal((await storeRow(store!.StoreID))!.name, 'Undo delete 1');
    assert.deepEqual(await auditActions('stores', store!.StoreID), ['delete', 'insert undoes']);

    const [sale] = await rows<{ sale_id: number; store_id: number; version: number; sales: string }>(
      'select sale_id, store_id, version, sales from sales order by sale_id desc limit 1',
    );
    const totals = async () =>
      (
        await rows<{ row_count: number; sales: string }>('select row_count::int, sales::text from sales_store_totals where store_id = $1', [
          sale!.store_id,
        ])
      )[0];
    const before = await totals();
    const gone = await call(shared.admin, 'DELETE', '/api/sales', { SaleID: sale!.sale_id, Version: sale!.version });
    assert.equal(gone.status, 200);
    assert.equal((await totals())!.row_count, before!.row_count - 1);
    const back = await call(shared.admin, 'POST', '/api/sales/undo', { UndoID: gone.body.UndoID });
    assert.equal(back.status, 200);
    assert.deepEqual(back.body.Succeed, [sale!.sale_id]);
    assert.deepEqual(await totals(), before, "the store's kept totals count the sale again");
  });

  test('a user deleted comes back with their roles', async () => {
    const [user] = await rows<{ user_id: number; version: number }>(`select user_id, version from users u where user_name = 'trainee'`);
    await rows(`insert into user_roles (user_id, role_id) select $1, role_id from roles where code = 'stores'`, [user!.user_id]);
    const roles = async () =>
      (
        await rows<{ code: string }>(`select r.code from user_roles ur join roles r using (role_id) where ur.user_id = $1 order by 1`, [
          user!.user_id,
        ])
      ).map((r) => r.code);
    const had = await roles();
    const del = await call(shared.admin, 'DELETE', '/api/users', { UserID: user!.user_id, Version: user!.version });
    assert.equal(del.status, 200, JSON.stringify(del.body));
    const undo = await call(shared.admin, 'POST', '/api/users/undo', { UndoID: del.body.UndoID });
    assert.equal(undo.status, 200, JSON.stringify(undo.body));
    assert.deepEqual(await roles(), had);
  });
});

describe('bulk edit', () => {
  test('sets only the fields sent, each row at its own version: one changed meanwhile fails alone', async () => {
    const stores = await newStores(3, 'Bulk');
    const [a, b, c] = stores as [(typeof stores)[0], (typeof stores)[0], (typeof stores)[0]];
    // Someone else edits b after the three were read.
    const meanwhile = await call(shared.manager, 'PATCH', '/api/stores', {
      StoreID: b.StoreID,
      Version: b.Version,
      Name: 'Taken meanwhile',
    });
    assert.equal(meanwhile.status, 200);
    const edit = await call(shared.admin, 'PATCH', '/api/stores', {
      StoreIDs: [a.StoreID, b.StoreID, c.StoreID],
      Versions: [a.Version, b.Version, c.Version],
      City: 'Bulkton',
      IsActive: false,
    });
    assert.equal(edit.status, 200);
    assert.deepEqual(edit.body.Succeed, [a.StoreID, c.StoreID]);
    assert.equal(edit.body.Failed.length, 1);
    assert.equal(edit.body.Failed[0]!.key, b.StoreID);
    assert.equal(edit.body.Failed[0]!.conflict, true);
    for (const s of [a, c]) {
      const now = await storeRow(s.StoreID);
      assert.equal(now!.city, 'Bulkton');
      assert.equal(now!.is_active, false);
      assert.match(now!.name, /^Bulk \d$/, 'a field not sent keeps its value');
      assert.deepEqual(await auditActions('stores', s.StoreID), ['update']);
    }
    const untouched = await storeRow(b.StoreID);
    assert.equal(untouched!.name, 'Taken meanwhile');
    assert.equal(untouched!.city, 'Undoville');
    assert.deepEqual(await auditActions('stores', b.StoreID), ['update'], "the other user's edit alone");
    // Its undo puts back only the two it changed.
    const undo = await call(shared.admin, 'POST', '/api/stores/undo', { UndoID: edit.body.UndoID });
    assert.deepEqual(undo.body.Succeed.sort(), [a.StoreID, c.StoreID].sort());
  });
});
