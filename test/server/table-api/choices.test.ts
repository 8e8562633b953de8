// The choices of select fields: GET /api/<resource>/options lists them for whoever may add or edit through
// the field (scoped to what that user may reach, narrowed by the field's condition), and a change whose
// select value is not among them is refused on that field.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { useTestApp, type SignedIn } from '../../support/app.ts';
import { defaultMessages as m, msg } from '../../../server/messages.ts';
import { storesDef } from '../../../server/resources/stores.ts';
import { rowFailure } from '../../../server/table-api/change/db-errors.ts';
import { CHOICES_LISTED } from '../../../server/table-api/change/choices.ts';

const shared = useTestApp('admin', 'itdesk', 'analyst', 'clerk');

interface Choices {
  options: Array<{ value: number; label: string }>;
  more: boolean;
}

async function choices(user: SignedIn, resource: string, query: string) {
  const res = await user.inject({ url: `/api/${resource}/options?${query}` });
  return { status: res.statusCode, body: res.json() as Choices & { error?: string } };
}

async function rows<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await shared.t.db.pool.query(text, params)).rows as T[];
}

describe('listing the choices', () => {
  test('a sender chooses among the active users by full name, though not allowed to list users, and can narrow them by name', async () => {
    assert.equal((await shared.itdesk.inject({ url: '/api/users' })).statusCode, 403);
    const { status, body } = await choices(shared.itdesk, 'messages', 'field=UserID');
    assert.equal(status, 200);
    const active = await rows<{ user_id: number; full_name: string }>(
      `select user_id, concat_ws(' ', first_name, nullif(middle_name, ''), last_name) as full_name
       from users where is_active order by 2, user_id`,
    );
    assert.deepEqual(body, { options: active.map((u) => ({ value: u.user_id, label: u.full_name })), more: false });
    const former = (
      await rows<{ full_name: string }>(`select concat_ws(' ', first_name, last_name) as full_name from users where user_name = 'former'`)
    )[0]!;
    assert.ok(!body.options.some((o) => o.label === former.full_name), 'an inactive user is no choice');
    const analyst = (
      await rows<{ first_name: string; full_name: string }>(
        `select first_name, concat_ws(' ', first_name, nullif(middle_name, ''), last_name) as full_name from users where user_name = 'analyst'`,
      )
    )[0]!;
    const narrowed = await choices(
      shared.itdesk,
      'messages',
      `field=UserID&search=${encodeURIComponent(analyst.first_name.toUpperCase())}`,
    );
    assert.deepEqual(
      narrowed.body.options.map((o) => o.label),
      [analyst.full_name],
    );
    // Literal text: a % finds only a % in a name.
    assert.deepEqual((await choices(shared.itdesk, 'messages', 'field=UserID&search=%25')).body.options, []);
  });

  test('a store-scoped user chooses among the stores they may reach, each by name, number and state, a page at a time', async () => {
    const { status, body } = await choices(shared.analyst, 'sales', 'field=StoreID');
    assert.equal(status, 200);
    const reachable = await rows<{ store_id: number; label: string }>(
      `select s.store_id, s.name || ' (#' || s.store_number || ', ' || st.code || ')' as label
       from stores s join groups g using (group_id) join states st using (state_id)
       where g.code = 'NE' order by label, s.store_id`,
    );
    assert.deepEqual(
      body.options,
      reachable.slice(0, CHOICES_LISTED).map((s) => ({ value: s.store_id, label: s.label })),
    );
    // Two stores of one name are told apart.
    const labels = body.options.map((o: { label: string }) => o.label);
    assert.equal(new Set(labels).size, labels.length);
    assert.equal(body.more, reachable.length > CHOICES_LISTED);
  });

  test('a regional user adding a store chooses only their own group, an administrator any', async () => {
    const groups = await rows<{ group_id: number; name: string; code: string }>(
      'select group_id, name, code from groups order by name, group_id',
    );
    const west = groups.find((g) => g.code === 'WE')!;
    assert.deepEqual((await choices(shared.clerk, 'stores', 'field=GroupID')).body.options, [{ value: west.group_id, label: west.name }]);
    assert.deepEqual(
      (await choices(shared.admin, 'stores', 'field=GroupID')).body.options,
      groups.map((g) => ({ value: g.group_id, label: g.name })),
    );
    const [state] = await rows<{ state_id: number }>('select state_id from states limit 1');
    const store = {
      StoreNumber: 97001,
      Name: 'Elsewhere',
      City: 'Reno',
      StateID: state!.state_id,
      OpenDate: '2024-01-02',
      GroupID: groups.find((g) => g.code === 'NE')!.group_id,
    };
    const refused = await shared.clerk.inject({ method: 'POST', url: '/api/stores', payload: store });
    assert.deepEqual(refused.json().Failed[0].fields, { GroupID: m.tableNotInList });
  });

  test('only who may add or edit through the field gets its choices; an unknown or plain field is refused', async () => {
    // The clerk may not add sales; the recipient is chosen only when adding, which the analyst may not.
    assert.equal((await choices(shared.clerk, 'sales', 'field=StoreID')).status, 403);
    assert.equal((await choices(shared.analyst, 'messages', 'field=UserID')).status, 403);
    for (const query of ['field=Title', 'field=Nope', '']) {
      const refused = await choices(shared.itdesk, 'messages', query);
      assert.equal(refused.status, 400, query);
      assert.match(String(refused.body.error), /^This table has no field ".*" to choose a value for\.$/);
    }
    assert.equal((await choices(shared.itdesk, 'messages', `field=UserID&search=${'x'.repeat(201)}`)).status, 400);
  });

  test('a field or search sent twice is refused by name; a field without choices is a bad request whoever asks', async () => {
    const twice = await choices(shared.itdesk, 'messages', 'field=UserID&search=a&search=b');
    assert.deepEqual([twice.status, twice.body], [400, { error: msg('tableRepeated', 'search') }]);
    const fields = await choices(shared.itdesk, 'messages', 'field=UserID&field=Title');
    assert.deepEqual([fields.status, fields.body], [400, { error: msg('tableNoChoices', 'UserIDTitle') }]);
    // The analyst may neither add nor edit stores: a real select field is forbidden, an unknown one refused.
    assert.equal((await choices(shared.analyst, 'stores', 'field=GroupID')).status, 403);
    assert.deepEqual((await choices(shared.analyst, 'stores', 'field=Nope')).body, { error: msg('tableNoChoices', 'Nope') });
  });
});

describe('changes', () => {
  test("a value not among the field's choices is refused on the field: inactive, out of reach, past the range", async () => {
    const [former] = await rows<{ user_id: number }>(`select user_id from users where user_name = 'former'`);
    for (const UserID of [former!.user_id, 99_999_999_999, 2_147_483_648]) {
      const res = await shared.itdesk.inject({ method: 'POST', url: '/api/messages', payload: { UserID, Title: 'Hello' } });
      assert.deepEqual(
        res.json().Failed,
        [{ key: null, error: `Recipient: ${m.tableNotInList}`, fields: { UserID: m.tableNotInList } }],
        String(UserID),
      );
    }
    const [west] = await rows<{ store_id: number }>(`select store_id from stores join groups using (group_id) where code = 'WE' limit 1`);
    const sale = { StoreID: west!.store_id, SaleDate: '1999-02-01', Sales: '1.00', Transactions: 1, Margin: '0.1' };
    const outside = await shared.analyst.inject({ method: 'POST', url: '/api/sales', payload: sale });
    assert.deepEqual(outside.json().Failed[0].fields, { StoreID: m.tableNotInList });
    assert.equal((await rows(`select 1 from sales where sale_date = '1999-02-01'`)).length, 0);
  });

  test('a value the database cannot hold is named by the field whose value it quotes', async () => {
    const err = await shared.t.db.pool.query('select $1::int', ['99999999999']).catch((e: unknown) => e);
    const stateId = storesDef.columns.find((c) => c.name === 'StateID')!;
    const city = storesDef.columns.find((c) => c.name === 'City')!;
    assert.deepEqual(
      rowFailure(storesDef, err, [
        { column: city, value: '99999999999 Main St' },
        { column: stateId, value: 99999999999 },
      ]),
      {
        error: `State: ${m.pattern}`,
        fields: { StateID: m.pattern },
      },
    );
  });
});
