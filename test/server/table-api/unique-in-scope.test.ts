// A unique value's refusal ("please make sure the value is unique.") says that a row holding the value
// exists. A user whose scope is one region must get it only for rows they can see, or it tells them what
// exists elsewhere: so every unique key a scoped user can write lies within their scope (store numbers are
// unique per region, migration 009), and an add or edit outside it answers as for a value nobody holds.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { signIn, useTestApp } from '../../support/app.ts';
import { defaultMessages as m } from '../../../server/messages.ts';
import { resources } from '../../../server/resources/index.ts';
import type { ActionAccess } from '../../../common/resources/types.ts';

const shared = useTestApp();

interface Answer {
  Succeed: number[];
  Failed: Array<{ key: number | null; error: string; fields?: Record<string, string> }>;
}

async function one<T>(text: string, params: unknown[] = []): Promise<T> {
  return (await shared.t.db.pool.query(text, params)).rows[0] as T;
}

describe('store numbers', () => {
  test('a clerk may use a number another region uses: the answer is the one a free number gets, so it tells nothing', async () => {
    const clerk = await signIn(shared.t.app, 'clerk');
    const send = async (method: 'POST' | 'PATCH', payload: object) =>
      (await clerk.inject({ method, url: '/api/stores', payload })).json() as Answer;
    const elsewhere = await one<{ store_number: number }>(
      `select store_number from stores join groups using (group_id) where code = 'NE' order by store_number limit 1`,
    );
    const own = await one<{ store_id: number; store_number: number; version: number; state_id: number; group_id: number }>(
      `select store_id, store_number, s.version, state_id, group_id from stores s join groups g using (group_id) where g.code = 'WE' order by store_number limit 1`,
    );
    const store = {
      Name: 'Second Street',
      City: 'Reno',
      StateID: own.state_id,
      GroupID: own.group_id,
      OpenDate: '2024-05-01',
      IsActive: 'on',
    };

    const free = await send('POST', { ...store, StoreNumber: 99201 });
    const takenElsewhere = await send('POST', { ...store, StoreNumber: elsewhere.store_number });
    assert.deepEqual([free.Failed, takenElsewhere.Failed], [[], []]);
    assert.equal(takenElsewhere.Succeed.length, 1);

    // Within the clerk's own region the number is refused: the store holding it is one they can see.
    const takenHere = await send('POST', { ...store, StoreNumber: own.store_number });
    assert.deepEqual(takenHere.Failed, [{ key: null, error: `Store #: ${m.unique}`, fields: { StoreNumber: m.unique } }]);

    // An edit is answered the same way.
    const other = await one<{ store_number: number }>(
      `select store_number from stores join groups using (group_id) where code = 'NE' order by store_number desc limit 1`,
    );
    const edited = await send('PATCH', { StoreID: own.store_id, Version: own.version, StoreNumber: other.store_number });
    assert.deepEqual(edited.Succeed, [own.store_id]);
  });
});

/** Whether someone who does not see every store (no admin flag) may pass this rule. */
const openToRegionalUsers = (rule: ActionAccess): boolean => rule !== false && !rule.admin && !rule.superAdmin;

// Each unique key (its columns, sorted) of a table a scoped user may write, and why a clash on it can only
// be with a row they can see. A new unique key, or a new scoped resource, fails here until it is reviewed.
const reviewed: Record<string, Array<{ columns: string[]; why: string }>> = {
  stores: [{ columns: ['group_id', 'store_number'], why: 'one region: a regional user adds and edits stores of their own region only' }],
  sales: [{ columns: ['sale_date', 'store_id'], why: "one store: writing a sale needs the store within the user's scope" }],
  inbox: [],
};

describe('unique keys within the scope', () => {
  test('every unique key of a table a scoped user may write lies within their scope', async () => {
    const tables = [
      ...new Set(
        resources.filter((r) => r.scope && (openToRegionalUsers(r.access.add) || openToRegionalUsers(r.access.edit))).map((r) => r.table),
      ),
    ];
    assert.deepEqual(tables.sort(), Object.keys(reviewed).sort());
    for (const table of tables) {
      const keys = (
        await shared.t.db.pool.query<{ columns: string[] }>(
          `select array(select a.attname::text from unnest(i.indkey::int2[]) k join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k order by 1) as columns
         from pg_index i where i.indrelid = $1::regclass and i.indisunique and not i.indisprimary`,
          [table],
        )
      ).rows.map((r) => r.columns);
      const expected = reviewed[table]!;
      assert.deepEqual(
        keys.sort(),
        expected.map((k) => k.columns).sort(),
        `${table}: reviewed as ${expected.map((k) => k.why).join('; ') || 'no unique key'}`,
      );
    }
  });
});
