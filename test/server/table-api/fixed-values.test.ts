// Fields with a fixed set of values (a cycle's kind, a message's severity, a menu's role and icon, a state's
// region) and a sale's day, through the table API: anything outside the set is refused on its field with the
// spec's 'please check this value.' and nothing is stored; a sale's day may be neither after today nor
// before its store opened, each refusal in words of its own. The demo data keeps to the sets. And what the
// table screens tell their island: each such field's choices in words, and whether a PDF can be had.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { resources as definitions } from '../../../server/resources/index.ts';
import { storesDef } from '../../../server/resources/stores.ts';
import type { Column } from '../../../common/resources/types.ts';
import type { TableConfig } from '../../../common/table-config.ts';
import { defaultMessages as m, msg } from '../../../server/messages.ts';
import { tableConfig } from '../../../server/table-screen/table-config.ts';
import { sameDatabaseApp, signIn, useTestApp, type SignedIn } from '../../support/app.ts';
import { Backends } from '../../support/backends.ts';
import { chromiumPath } from '../../support/browser.ts';
import { postgresBase } from '../../support/template-db.ts';
import { islandProps } from '../../support/islands-on-page.ts';
import { changeStatus } from './support.ts';

const shared = useTestApp('admin', 'itdesk', 'manager');

interface Answer {
  Succeed: number[];
  Failed: Array<{ key: number | null; error: string; fields?: Record<string, string> }>;
  Data: Array<Record<string, unknown>>;
}

async function change(user: SignedIn, method: 'POST' | 'PATCH', resource: string, payload: unknown): Promise<Answer> {
  const res = await user.inject({ method, url: `/api/${resource}`, payload });
  // A refusal answers in the same shape, its status saying why.
  assert.equal(res.statusCode, changeStatus(res.json()), res.body);
  return res.json() as Answer;
}

async function rows<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await shared.t.db.pool.query(text, params)).rows as T[];
}

/** yyyy-mm-dd of the day `days` from today, in the server's (this process's) time zone. */
function dayFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The island's props on a table screen. */
async function screenConfig(user: SignedIn, path: string): Promise<TableConfig> {
  const res = await user.inject({ url: path });
  assert.equal(res.statusCode, 200);
  return islandProps<{ config: TableConfig }>(res.body).config;
}

describe('fields with a fixed set of values', () => {
  test('POST /api/states with Region "XX" is refused on Region with the spec\'s words, and nothing is stored', async () => {
    const answer = await change(shared.admin, 'POST', 'states', { Code: 'QX', Name: 'Nowhere', Region: 'XX' });
    assert.deepEqual(answer.Failed, [
      { key: null, error: 'Region: please check this value.', fields: { Region: 'please check this value.' } },
    ]);
    assert.equal(m.pattern, 'please check this value.');
    assert.deepEqual(await rows(`select 1 from states where code = 'QX'`), []);
  });

  test('PATCH of a state to a region outside the set is refused, the row unchanged', async () => {
    const [state] = await rows<{ state_id: number; version: number; region: string }>(
      `select state_id, version, region from states where code = 'VT'`,
    );
    const answer = await change(shared.admin, 'PATCH', 'states', { StateID: state!.state_id, Version: state!.version, Region: 'ne' });
    assert.deepEqual(answer.Failed, [{ key: state!.state_id, error: 'Region: please check this value.', fields: { Region: m.pattern } }]);
    const [after] = await rows<{ region: string; version: number }>(`select region, version from states where code = 'VT'`);
    assert.deepEqual(after, { region: state!.region, version: state!.version });
  });

  test('a cycle kind, a message severity, a menu role and icon outside their sets are each refused on their field', async () => {
    const cycle = await change(shared.admin, 'POST', 'cycles', {
      Kind: 'yearly',
      Name: 'Year',
      StartDate: '01/01/2020',
      EndDate: '31/12/2020',
    });
    assert.deepEqual(cycle.Failed[0]!.fields, { Kind: m.pattern });
    const [casey] = await rows<{ user_id: number }>(`select user_id from users where user_name = 'analyst'`);
    const message = await change(shared.itdesk, 'POST', 'messages', { UserID: casey!.user_id, Title: 'Hi', Severity: 'urgent' });
    assert.deepEqual(message.Failed[0]!.fields, { Severity: m.pattern });
    const menu = await change(shared.admin, 'POST', 'menus', { Title: 'Odd', SortOrder: 5, Icon: 'rocket' });
    assert.deepEqual(menu.Failed[0]!.fields, { Icon: m.pattern });
    assert.deepEqual(await rows(`select 1 from menus where title = 'Odd'`), []);
  });

  test('a value of the set is taken as sent, and a menu may still name no icon', async () => {
    const state = await change(shared.admin, 'POST', 'states', { Code: 'QY', Name: 'Somewhere', Region: 'WE' });
    assert.deepEqual(state.Failed, []);
    assert.equal(state.Data[0]!.Region, 'WE');
    const menu = await change(shared.admin, 'POST', 'menus', { Title: 'Plain', SortOrder: 6, Icon: '' });
    assert.deepEqual(menu.Failed, []);
    const drawn = await change(shared.admin, 'POST', 'menus', { Title: 'Drawn', SortOrder: 7, Icon: 'chart' });
    assert.equal(drawn.Data[0]!.Icon, 'chart');
  });

  test('the demo data holds only values of the sets', async () => {
    const sets = Object.fromEntries(
      definitions.flatMap((d) =>
        (d.browserHalf.columns as ReadonlyArray<Column>).flatMap((c) => (c.values ? [[`${d.name}.${c.name}`, new Set(c.values)]] : [])),
      ),
    );
    const stored: Record<string, string> = {
      'cycles.Kind': 'select distinct kind as v from cycles',
      'messages.Severity': 'select distinct severity as v from inbox',
      'menus.Icon': `select distinct icon as v from menus where icon <> ''`,
      'states.Region': 'select distinct region as v from states',
    };
    for (const [name, sql] of Object.entries(stored)) {
      const values = (await rows<{ v: string }>(sql)).map((r) => r.v);
      assert.ok(values.length > 0, name);
      for (const v of values) assert.ok(sets[name]?.has(v), `${name}: ${v}`);
    }
  });

  test("the screens' dialogs get each such field as a select of its values, in words", async () => {
    const states = await screenConfig(shared.admin, '/states');
    const region = states.fields.find((f) => f.name === 'Region')!;
    assert.equal(region.kind, 'select');
    assert.deepEqual(region.choices, [
      { value: 'NE', label: 'Northeast' },
      { value: 'SE', label: 'Southeast' },
      { value: 'MW', label: 'Midwest' },
      { value: 'SW', label: 'Southwest' },
      { value: 'WE', label: 'West' },
    ]);
    const menus = await screenConfig(shared.admin, '/admin/menus');
    const icon = menus.fields.find((f) => f.name === 'Icon')!;
    assert.equal(icon.kind, 'select');
    const kind = (await screenConfig(shared.admin, '/cycles')).fields.find((f) => f.name === 'Kind')!;
    assert.deepEqual(kind.choices, [
      { value: 'weekly', label: 'Weekly' },
      { value: 'monthly', label: 'Monthly' },
    ]);
  });
});

describe("a sale's day", () => {
  async function oldStore(): Promise<number> {
    const [store] = await rows<{ store_id: number }>(
      `select store_id from stores where open_date < '2000-01-01' order by store_id limit 1`,
    );
    return store!.store_id;
  }
  const sale = (StoreID: number, SaleDate: string) => ({ StoreID, SaleDate, Sales: '10.00', Transactions: 2, Margin: '0.2' });

  test("after today is refused on the date, in the dialog's words, whichever way it is written", async () => {
    const store = await oldStore();
    for (const day of ['01/01/2030', '2030-01-01', dayFromToday(1)]) {
      const answer = await change(shared.manager, 'POST', 'sales', sale(store, day));
      assert.deepEqual(answer.Failed, [{ key: null, error: `Date: ${m.notAfterToday}`, fields: { SaleDate: m.notAfterToday } }], day);
    }
    assert.deepEqual(await rows(`select 1 from sales where store_id = $1 and sale_date > current_date`, [store]), []);
  });

  test('today is a day a sale may be recorded for', async () => {
    const store = await oldStore();
    await shared.t.db.pool.query('delete from sales where store_id = $1 and sale_date = $2', [store, dayFromToday(0)]);
    const answer = await change(shared.manager, 'POST', 'sales', sale(store, dayFromToday(0)));
    assert.deepEqual(answer.Failed, []);
    assert.equal(answer.Succeed.length, 1);
  });

  test('before its store opened is refused on the date, naming the opening day', async () => {
    const [store] = await rows<{ store_id: number; day_before: string; opened: string }>(
      `select store_id, (open_date - 1)::text as day_before, to_char(open_date, 'DD/MM/YYYY') as opened
       from stores where open_date > '2020-01-01' and open_date <= current_date order by store_id limit 1`,
    );
    const answer = await change(shared.manager, 'POST', 'sales', sale(store!.store_id, store!.day_before));
    const words = msg('saleBeforeStoreOpened', store!.opened);
    assert.match(words, new RegExp(store!.opened.replaceAll('/', '\\/')));
    assert.deepEqual(answer.Failed, [{ key: null, error: words, fields: { SaleDate: words } }]);
    assert.deepEqual(await rows(`select 1 from sales where store_id = $1 and sale_date = $2`, [store!.store_id, store!.day_before]), []);
  });

  test("a store's opening day moved past its first sale is refused on the field, naming that sale's day", async () => {
    const [store] = await rows<{ store_id: number; version: number; open_date: string; first: string; first_shown: string }>(
      `select s.store_id, s.version, s.open_date::text as open_date, min(sa.sale_date)::text as first,
              to_char(min(sa.sale_date), 'DD/MM/YYYY') as first_shown
       from stores s join sales sa using (store_id) group by s.store_id order by s.store_id limit 1`,
    );
    const move = (OpenDate: string, Version = store!.version) =>
      change(shared.manager, 'PATCH', 'stores', { StoreID: store!.store_id, Version, OpenDate });
    const words = msg('storeOpensAfterSales', store!.first_shown);
    const later = (await rows<{ d: string }>(`select ($1::date + 1)::text as d`, [store!.first]))[0]!.d;
    assert.deepEqual((await move(later)).Failed, [{ key: store!.store_id, error: words, fields: { OpenDate: words } }]);
    const [kept] = await rows<{ open_date: string }>('select open_date::text as open_date from stores where store_id = $1', [
      store!.store_id,
    ]);
    assert.equal(kept!.open_date, store!.open_date, 'the opening day stays as it was');
    // The first sale's own day, or an earlier one, is allowed.
    const moved = await move(store!.first);
    assert.deepEqual(moved.Failed, []);
    assert.deepEqual((await move(store!.open_date, store!.version + 1)).Failed, []);
  });

  test('a sale saved while its store opening day moves waits for the move, and is checked against the new day', {
    // Two transactions at once need a second connection, which the embedded database does not have.
    skip: postgresBase() ? false : 'the embedded database has one connection',
  }, async () => {
    const [store] = await rows<{ store_id: number; open_date: string; next_day: string; next_shown: string }>(
      `select store_id, open_date::text as open_date, (open_date + 1)::text as next_day, to_char(open_date + 1, 'DD/MM/YYYY') as next_shown
       from stores s where open_date > '2020-01-01' and open_date < current_date - 2
         and not exists (select 1 from sales sa where sa.store_id = s.store_id and sa.sale_date <= s.open_date + 1)
       order by store_id limit 1`,
    );
    assert.ok(store, 'a store with no sale on its first two days');
    // The move is held open in its transaction, as a slow edit's would be; the sale for the old opening day meets it.
    const client = await shared.t.db.pool.connect();
    const backends = await Backends.of(shared.t.db.pool.options.connectionString!);
    try {
      await client.query('begin');
      await client.query('update stores set open_date = $2 where store_id = $1', [store!.store_id, store!.next_day]);
      const saved = change(shared.manager, 'POST', 'sales', sale(store!.store_id, store!.open_date));
      // The sale's check waits for the store's row, which the move holds.
      await backends.found(/for share/, "the sale's check waits for the store's row", { waitingFor: 'Lock' });
      await client.query('commit');
      const words = msg('saleBeforeStoreOpened', store!.next_shown);
      assert.deepEqual((await saved).Failed, [{ key: null, error: words, fields: { SaleDate: words } }]);
      assert.deepEqual(await rows('select 1 from sales where store_id = $1 and sale_date = $2', [store!.store_id, store!.open_date]), []);
    } finally {
      await client.query('rollback').catch(() => {});
      client.release();
      await backends.close();
      await shared.t.db.pool.query('update stores set open_date = $2 where store_id = $1', [store!.store_id, store!.open_date]);
    }
  });
});

describe("the table's PDF, as the screen tells its island", () => {
  const skip = chromiumPath() ? false : 'no Chromium on this machine';
  test('with a Chromium: available, holding at most the configured rows', { skip }, async () => {
    const config = await screenConfig(shared.manager, '/sales');
    assert.deepEqual(config.pdf, { available: true, maxRows: shared.t.config.limits.reports.maxRows });
    assert.equal(config.pdf.maxRows, 5000);
  });

  test('without one (a Chromium path that does not exist): not available', async () => {
    const app = await sameDatabaseApp(shared.t, { chromiumPath: '/nonexistent/chromium' });
    try {
      const manager = await signIn(app, 'manager');
      const config = await screenConfig(manager, '/sales');
      assert.equal(config.pdf?.available, false);
    } finally {
      await app.close();
    }
  });
});

describe("a screen's list call and refresh, as its definition says", () => {
  test('GET and a refresh after each change unless the definition says otherwise', async () => {
    const config = await screenConfig(shared.admin, '/stores');
    assert.equal(config.listMethod, undefined);
    assert.equal(config.refreshAfterChange, undefined);
    const user = { IsAdmin: true, IsSuperAdmin: false, Roles: [] } as unknown as Parameters<typeof tableConfig>[1];
    const pdf = { available: true, maxRows: 10 };
    const own = tableConfig(
      { ...storesDef.browserHalf, screen: '/stores', listMethod: 'POST', refreshAfterChange: false },
      user,
      true,
      'alert',
      pdf,
      true,
    );
    assert.deepEqual([own.listMethod, own.refreshAfterChange, own.pdf], ['POST', false, pdf]);
  });
});
