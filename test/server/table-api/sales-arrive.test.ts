// A "Daily sales missing" alert is cleared once the day arrives through the table API too (issue 36), as it is
// by an import or the feed: a sale added in the Add dialog, or put back by the undo of its delete, clears its
// store's day and answers the alerts of the users none of whose stores is missing it any more; a day filled
// for one of its two missing stores stays missing for the other, and alerted to whoever sees that one.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { msg } from '../../../server/messages.ts';
import { onTableChanges } from '../../../server/db/table-changes.ts';
import { checkMissingSales } from '../../../server/inbox/system/missing-sales.ts';
import { useTestApp, type SignedIn } from '../../support/app.ts';

const shared = useTestApp('analyst', 'manager');

async function rows<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await shared.t.db.pool.query(text, params)).rows as T[];
}

/** An active store of the region `code`, open long before the days these tests fill; the `nth` of them. */
async function storeOf(code: string, nth = 0): Promise<number> {
  const found = await rows<{ store_id: number }>(
    `select s.store_id from stores s join groups g using (group_id)
      where g.code = $1 and s.is_active and s.open_date <= current_date - 500 order by s.store_id offset $2 limit 1`,
    [code, nth],
  );
  assert.ok(found[0], `a store of ${code}`);
  return found[0].store_id;
}

/**
 * A day long before the sales history (`ago` days back, one per test) on which every store open has its sale
 * but `missing`'s, each given here by the database alone.
 */
async function dayWithout(ago: number, missing: number[]): Promise<string> {
  const [{ day }] = (await rows<{ day: string }>(`select to_char(current_date - $1::int, 'YYYY-MM-DD') as day`, [ago])) as [
    { day: string },
  ];
  await rows(
    `insert into sales (store_id, sale_date, sales, transactions, margin)
     select s.store_id, $1::date, 100, 10, 0.2 from stores s
      where s.is_active and s.open_date <= $1::date and s.store_id <> all($2::int[])`,
    [day, missing],
  );
  return day;
}

/** The alerts of `day` the user has not read. */
async function unread(userName: string, day: string): Promise<number> {
  const [r] = await rows<{ n: number }>(
    `select count(*)::int as n from inbox i join users u using (user_id) where u.user_name = $1 and i.topic = $2 and not i.is_read`,
    [userName, `sales-missing:${day}`],
  );
  return r!.n;
}

/** The stores of `day` still recorded missing. */
async function stillMissing(day: string): Promise<number[]> {
  return (await rows<{ store_id: number }>(`select store_id from sales_missing_alerts where sale_date = $1 order by 1`, [day])).map(
    (r) => r.store_id,
  );
}

async function addSale(user: SignedIn, store: number, day: string) {
  const res = await user.inject({
    method: 'POST',
    url: '/api/sales',
    payload: { StoreID: store, SaleDate: day, Sales: '1234.50', Transactions: 42, Margin: '0.25' },
  });
  return { status: res.statusCode, body: res.json() as { Succeed: number[]; UndoID?: number; Error: string | null } };
}

describe('a daily sale written through the table API', () => {
  test("added in the Add dialog: its store's day no longer missing, the alerts of its day read", async () => {
    const store = await storeOf('NE');
    const day = await dayWithout(400, [store]);
    assert.equal(await checkMissingSales(shared.t.app, day), 1);
    assert.equal(await unread('analyst', day), 1, 'the analyst sees the store: alerted');
    assert.equal(await unread('manager', day), 1);

    const announced: string[][] = [];
    onTableChanges(shared.t.db.pool, (tables) => announced.push([...tables]));
    const added = await addSale(shared.analyst, store, day);
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.equal(added.body.Succeed.length, 1);
    assert.deepEqual(await stillMissing(day), []);
    assert.equal(await unread('analyst', day), 0, 'answered');
    assert.equal(await unread('manager', day), 0);
    assert.ok(announced.some((t) => t.includes('sales') && t.includes('sales_missing_alerts')));

    // Another resource's change has nothing to clear, and names no missing stores.
    const [other] = await rows<{ store_id: number; version: number }>('select store_id, version from stores where store_id = $1', [store]);
    announced.length = 0;
    const edit = await shared.manager.inject({
      method: 'PATCH',
      url: '/api/stores',
      payload: { StoreID: other!.store_id, Version: other!.version, City: 'Arrival' },
    });
    assert.equal(edit.statusCode, 200);
    assert.ok(announced.length > 0 && announced.every((t) => !t.includes('sales_missing_alerts')));
  });

  test('put back by the undo of its delete: the day missing meanwhile arrives again', async () => {
    const store = await storeOf('NE', 1);
    const day = await dayWithout(401, []);
    const [sale] = await rows<{ sale_id: number; version: number }>(
      'select sale_id, version from sales where store_id = $1 and sale_date = $2',
      [store, day],
    );
    const gone = await shared.manager.inject({
      method: 'DELETE',
      url: '/api/sales',
      payload: { SaleID: sale!.sale_id, Version: sale!.version },
    });
    assert.equal(gone.statusCode, 200);
    const undoId = (gone.json() as { UndoID: number }).UndoID;
    assert.equal(await checkMissingSales(shared.t.app, day), 1);
    assert.equal(await unread('analyst', day), 1);

    const back = await shared.manager.inject({ method: 'POST', url: '/api/sales/undo', payload: { UndoID: undoId } });
    assert.equal(back.statusCode, 200, back.body);
    assert.deepEqual((back.json() as { Succeed: number[] }).Succeed, [sale!.sale_id]);
    assert.deepEqual(await stillMissing(day), []);
    assert.equal(await unread('analyst', day), 0);
    assert.equal(await unread('manager', day), 0);

    // No edit moves a sale onto a missing day: its store and day are set when it is added, for good.
    const [now] = await rows<{ version: number }>('select version from sales where sale_id = $1', [sale!.sale_id]);
    const moved = await shared.manager.inject({
      method: 'PATCH',
      url: '/api/sales',
      payload: { SaleID: sale!.sale_id, Version: now!.version, SaleDate: '2001-01-01' },
    });
    assert.equal(moved.statusCode, 400);
    assert.equal((moved.json() as { Error: string }).Error, msg('tableReadOnlyField', 'Date', 'SaleDate'));
  });

  test('filling one of two missing stores leaves the other missing, and alerted to whoever sees it', async () => {
    const [northeast, west] = [await storeOf('NE', 2), await storeOf('WE')];
    const day = await dayWithout(402, [northeast, west]);
    assert.equal(await checkMissingSales(shared.t.app, day), 2);
    assert.equal(await unread('analyst', day), 1);
    assert.equal(await unread('manager', day), 1);

    assert.equal((await addSale(shared.analyst, northeast, day)).status, 200);
    assert.deepEqual(await stillMissing(day), [west]);
    assert.equal(await unread('analyst', day), 0, "none of the analyst's stores is missing any more");
    assert.equal(await unread('manager', day), 1, 'the manager sees the West store, still missing');

    assert.equal((await addSale(shared.manager, west, day)).status, 200);
    assert.deepEqual(await stillMissing(day), []);
    assert.equal(await unread('manager', day), 0);
  });
});
