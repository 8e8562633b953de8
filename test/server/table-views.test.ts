// Saved views of the tables (issue 39) through HTTP: a view kept by one session opens in another (another
// browser, after signing out), by its link and as the person's default; a view shared with a group and
// opened by a user of another region shows that user's stores only (the view carries table state, the list
// applies the person's scope); nobody sees, opens, changes or deletes another's private view, nor changes a
// shared view they did not make unless an administrator; bad input (an empty, over-long or taken name, a
// malformed state, a table unknown or not theirs) is refused with a clear message and changes nothing; an
// address naming a view that cannot be opened shows the table's own state with a notice, never an error page.
import { before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { DataTableProps } from '../../common/table-config.ts';
import { stateWithView, VIEWS_PER_TABLE, type TableView, type TableViews } from '../../common/table-views.ts';
import { VIEW_NAME_MAX } from '../../common/view-names.ts';
import { defaultTableState } from '../../common/table-state.ts';
import { listUrl } from '../../islands/data-table/list-query.ts';
import { defaultMessages as m, msg } from '../../server/messages.ts';
import { signIn, useTestApp, type SignedIn } from '../support/app.ts';
import { islandProps } from '../support/islands-on-page.ts';
import { unescapeHtml } from '../support/forms.ts';

const shared = useTestApp('admin', 'manager', 'analyst', 'clerk');

/** Users made for this file: a sales user of the West (another region than the analyst's Northeast), and a Northeast colleague. */
const made = {} as { westSales: SignedIn; northeastSales: SignedIn };

async function addUser(name: string, group: string, role: string): Promise<SignedIn> {
  const pool = shared.t.db.pool;
  // The demo password's hash, taken from a demo user: the new user signs in as they do.
  await pool.query(
    `insert into users (user_name, first_name, last_name, password_hash, group_id)
     select $1, 'View', 'Tester', password_hash, (select group_id from groups where code = $2) from users where user_name = 'clerk'`,
    [name, group],
  );
  await pool.query(
    `insert into user_roles (user_id, role_id) select u.user_id, r.role_id from users u, roles r where u.user_name = $1 and r.code = $2`,
    [name, role],
  );
  return signIn(shared.t.app, name);
}

interface Refusal {
  error: string;
  fields?: Record<string, string>;
}

async function addView(user: SignedIn, payload: Record<string, unknown>) {
  const res = await user.inject({ method: 'POST', url: '/api/table-views', payload });
  return { status: res.statusCode, body: res.json() as TableView & Refusal };
}

async function saved(user: SignedIn, payload: Record<string, unknown>): Promise<TableView> {
  const { status, body } = await addView(user, payload);
  assert.equal(status, 200, JSON.stringify(body));
  return body;
}

async function listed(user: SignedIn, table: string): Promise<TableViews> {
  const res = await user.inject({ url: `/api/table-views?table=${table}` });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as TableViews;
}

const names = async (user: SignedIn, table: string) => (await listed(user, table)).Views.map((v) => v.Name);

async function change(user: SignedIn, id: number, payload: Record<string, unknown>) {
  const res = await user.inject({ method: 'PATCH', url: `/api/table-views/${id}`, payload });
  return { status: res.statusCode, body: res.json() as TableView & Refusal };
}

async function remove(user: SignedIn, id: number) {
  const res = await user.inject({ method: 'DELETE', url: `/api/table-views/${id}` });
  return { status: res.statusCode, body: res.body ? (res.json() as Refusal) : null };
}

async function setDefault(user: SignedIn, table: string, id: number | null) {
  return user.inject({ method: 'PUT', url: '/api/table-views/default', payload: { Table: table, ViewID: id } });
}

/** The table screen at `url` as `user` opens it: its status, the island's props, and the notices above the table. */
async function screen(user: SignedIn, url: string) {
  const res = await user.inject({ url });
  const notices = [...res.body.matchAll(/<p class="notice" role="status">([^<]*)<\/p>/g)].map((n) => unescapeHtml(n[1]!));
  return { status: res.statusCode, props: res.statusCode === 200 ? islandProps<DataTableProps>(res.body) : null, notices };
}

const storesOf = async (group: string) =>
  new Set(
    (
      await shared.t.db.pool.query<{ store_id: number }>(
        'select store_id from stores where group_id = (select group_id from groups where code = $1)',
        [group],
      )
    ).rows.map((r) => r.store_id),
  );

const viewCount = async () => (await shared.t.db.pool.query<{ n: number }>('select count(*)::int as n from table_views')).rows[0]!.n;

describe('saved views', () => {
  before(async () => {
    made.westSales = await addUser('westsales', 'WE', 'sales');
    made.northeastSales = await addUser('nesales', 'NE', 'sales');
  });

  test('a view kept in one session is listed and opens by its link in another, after signing out', async () => {
    const state = { sort: [{ column: 'City', dir: 'desc' }], pageSize: 50, columnVisibility: { OpenDate: false }, search: 'Port' };
    const view = await saved(shared.clerk, { Table: 'stores', Name: '  West, by city  ', State: state });
    assert.equal(view.Name, 'West, by city', 'the name is kept trimmed');
    assert.deepEqual([view.Mine, view.Shared, view.CanChange, view.Table], [true, false, true, 'stores']);
    assert.deepEqual(view.State, state);

    const elsewhere = await signIn(shared.t.app, 'clerk');
    await elsewhere.inject({ method: 'POST', url: '/logout' });
    const again = await signIn(shared.t.app, 'clerk');
    assert.deepEqual(await names(again, 'stores'), ['West, by city']);
    const opened = await screen(again, `/stores?view=${view.ViewID}`);
    assert.equal(opened.status, 200);
    assert.equal(opened.props!.viewFrom, 'address');
    assert.deepEqual(opened.props!.view?.State, state);
    assert.deepEqual(opened.notices, []);
    // The views of one table are not another's.
    assert.deepEqual(await names(again, 'states'), []);
  });

  test("a view shared with the group, opened by a user of another region, shows only that user's stores", async () => {
    // The Northeast analyst filters the sales to a Northeast and a West state, and shares it.
    const state = { filters: { StateCode: 'NY|CA' }, sort: [{ column: 'Sales', dir: 'desc' }], pageSize: 100 };
    const view = await saved(shared.analyst, { Table: 'sales', Name: 'NY and CA', Shared: true, State: state });
    assert.ok((await names(made.northeastSales, 'sales')).includes('NY and CA'), 'listed for the group');
    assert.ok(!(await names(made.westSales, 'sales')).includes('NY and CA'), 'not listed for another group');

    // The West user opens its link: the view opens, its state and nothing else.
    const opened = await screen(made.westSales, `/sales?view=${view.ViewID}`);
    assert.equal(opened.status, 200);
    assert.deepEqual(opened.props!.view?.State, state);
    assert.equal(opened.props!.view?.CanChange, false);
    const west = await storesOf('WE');
    assert.ok(
      opened.props!.initial.data.every((r) => west.has(r.StoreID as number)),
      'the first page holds West stores only',
    );

    // The list the island asks for with the view applied: the West user's rows are all West stores (CA), the analyst's Northeast (NY).
    const { config } = opened.props!;
    const viewed = stateWithView(config, defaultTableState(config), opened.props!.view!.State);
    const rowsFor = async (user: SignedIn) => {
      const res = await user.inject({ url: listUrl(config, viewed, null) });
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data as Array<{ StoreID: number; StateCode: string }>;
    };
    const westRows = await rowsFor(made.westSales);
    assert.ok(westRows.length > 0);
    assert.ok(
      westRows.every((r) => west.has(r.StoreID) && r.StateCode === 'CA'),
      'West stores in California only',
    );
    const northeast = await storesOf('NE');
    const analystRows = await rowsFor(shared.analyst);
    assert.ok(analystRows.length > 0);
    assert.ok(
      analystRows.every((r) => northeast.has(r.StoreID) && r.StateCode === 'NY'),
      'Northeast stores in New York only',
    );
  });

  test('nobody else sees, opens, changes, deletes or opens by default a private view, administrators included', async () => {
    const view = await saved(shared.clerk, { Table: 'stores', Name: 'Mine alone', State: { pageSize: 10 } });
    const sameGroup = await addUser('weststores', 'WE', 'stores');
    for (const other of [shared.admin, shared.manager, sameGroup]) {
      assert.ok(!(await names(other, 'stores')).includes('Mine alone'));
      const patched = await change(other, view.ViewID, { Version: view.Version, Name: 'Taken over' });
      assert.equal(patched.status, 404);
      assert.equal(patched.body.error, m.viewNotFound);
      assert.equal((await remove(other, view.ViewID)).status, 404);
      assert.equal((await setDefault(other, 'stores', view.ViewID)).statusCode, 404);
    }
    const opened = await screen(shared.admin, `/stores?view=${view.ViewID}`);
    assert.equal(opened.status, 200, 'the table opens, never an error page');
    assert.equal(opened.props!.view, undefined);
    assert.deepEqual(opened.notices, [m.viewMissing]);
    const stored = await shared.t.db.pool.query('select name from table_views where view_id = $1', [view.ViewID]);
    assert.deepEqual(stored.rows, [{ name: 'Mine alone' }], 'untouched');
  });

  test('a shared view is changed only by its maker or an administrator', async () => {
    const view = await saved(shared.analyst, { Table: 'sales', Name: 'Shared weekly', Shared: true, State: { pageSize: 25 } });
    const colleague = (await listed(made.northeastSales, 'sales')).Views.find((v) => v.ViewID === view.ViewID)!;
    assert.equal(colleague.CanChange, false);
    const refused = await change(made.northeastSales, view.ViewID, { Version: view.Version, Name: 'Mine now' });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error, msg('viewNotYours', 'Shared weekly'));
    assert.equal((await remove(made.northeastSales, view.ViewID)).status, 403);

    // An administrator of another group, given its link, may.
    const renamed = await change(shared.manager, view.ViewID, { Version: view.Version, Name: 'Weekly (checked)' });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
    assert.deepEqual(
      [renamed.body.Name, renamed.body.Mine, renamed.body.CanChange, renamed.body.Version],
      ['Weekly (checked)', false, true, 2],
    );
    // Its maker replaces its state, then stops sharing it: the administrator can no longer reach it.
    const replaced = await change(shared.analyst, view.ViewID, { Version: 2, State: { pageSize: 50, search: 'Boston' } });
    assert.deepEqual(replaced.body.State, { pageSize: 50, search: 'Boston' });
    assert.equal((await change(shared.analyst, view.ViewID, { Version: 3, Shared: false })).status, 200);
    assert.equal((await remove(shared.manager, view.ViewID)).status, 404);
    assert.equal((await remove(shared.analyst, view.ViewID)).status, 204);
    assert.equal((await remove(shared.analyst, view.ViewID)).status, 404);
  });

  test('a change made on a view changed meanwhile is refused, and the view kept as it is', async () => {
    const view = await saved(shared.clerk, { Table: 'stores', Name: 'Twice', State: { pageSize: 25 } });
    assert.equal((await change(shared.clerk, view.ViewID, { Version: view.Version, State: { pageSize: 50 } })).status, 200);
    const stale = await change(shared.clerk, view.ViewID, { Version: view.Version, State: { pageSize: 100 } });
    assert.equal(stale.status, 409);
    assert.equal(stale.body.error, msg('viewChangedMeanwhile', 'Twice'));
    assert.deepEqual((await listed(shared.clerk, 'stores')).Views.find((v) => v.ViewID === view.ViewID)?.State, { pageSize: 50 });
  });

  test('the default view opens the table, until it is no longer one the person may open', async () => {
    // Opened first, so that the default as it was is kept (server/table-views/table-views.ts): each change forgets it.
    await screen(shared.clerk, '/stores');
    const own = await saved(shared.clerk, {
      Table: 'stores',
      Name: 'By number',
      State: { sort: [{ column: 'StoreNumber', dir: 'desc' }] },
      IsDefault: true,
    });
    assert.equal((await listed(shared.clerk, 'stores')).DefaultViewID, own.ViewID);
    let opened = await screen(shared.clerk, '/stores');
    assert.deepEqual([opened.props!.viewFrom, opened.props!.view?.ViewID], ['default', own.ViewID]);
    // The address wins over the default; another's shared view may be one's default too.
    const theirs = await saved(shared.manager, { Table: 'stores', Name: 'Managers', Shared: true, State: { pageSize: 100 } });
    opened = await screen(shared.clerk, `/stores?view=${theirs.ViewID}`);
    assert.equal(opened.props!.view?.ViewID, theirs.ViewID);
    assert.equal((await setDefault(shared.clerk, 'stores', theirs.ViewID)).json().DefaultViewID, theirs.ViewID);
    assert.equal((await screen(shared.clerk, '/stores')).props!.view?.ViewID, theirs.ViewID);
    assert.ok((await names(shared.clerk, 'stores')).includes('Managers'), 'a default of another group is listed');
    // No longer shared: nobody else's default any more.
    const unshared = await change(shared.manager, theirs.ViewID, { Version: theirs.Version, Shared: false });
    assert.equal(unshared.status, 200);
    opened = await screen(shared.clerk, '/stores');
    assert.deepEqual([opened.props!.view, opened.props!.viewFrom], [undefined, undefined]);
    assert.equal((await listed(shared.clerk, 'stores')).DefaultViewID, null);
    // One's own default goes with its view.
    await setDefault(shared.clerk, 'stores', own.ViewID);
    assert.equal((await remove(shared.clerk, own.ViewID)).status, 204);
    assert.equal((await screen(shared.clerk, '/stores')).props!.view, undefined);
    assert.equal((await setDefault(shared.clerk, 'stores', null)).json().DefaultViewID, null);
  });

  test('an address naming a view that cannot open shows the table with a notice, never an error page', async () => {
    const ofStates = await saved(shared.admin, { Table: 'states', Name: 'States view', State: { pageSize: 10 } });
    for (const asked of ['999999', 'abc', '', '0', '99999999999999999999', String(ofStates.ViewID)]) {
      const opened = await screen(shared.admin, `/stores?view=${encodeURIComponent(asked)}`);
      assert.equal(opened.status, 200, asked);
      assert.deepEqual([opened.props!.view, opened.props!.viewFrom], [undefined, 'address'], asked);
      assert.deepEqual(opened.notices, [m.viewMissing], asked);
    }
  });

  describe('bad input gets a clear message and keeps nothing', () => {
    const before = { count: 0 };
    test('an empty, blank or over-long name', async () => {
      before.count = await viewCount();
      for (const [name, problem] of [
        ['', m.required],
        ['   ', m.required],
        ['x'.repeat(VIEW_NAME_MAX + 1), msg('maxLength', VIEW_NAME_MAX)],
      ] as const) {
        const { status, body } = await addView(shared.clerk, { Table: 'stores', Name: name, State: {} });
        assert.equal(status, 400);
        assert.equal(body.error, `${m.viewName}: ${problem}`);
        assert.deepEqual(body.fields, { Name: problem });
      }
      const view = await saved(shared.clerk, { Table: 'stores', Name: 'x'.repeat(VIEW_NAME_MAX), State: {} });
      const renamed = await change(shared.clerk, view.ViewID, { Version: view.Version, Name: ' ' });
      assert.equal(renamed.status, 400);
      assert.deepEqual(renamed.body.fields, { Name: m.required });
      assert.equal(await viewCount(), before.count + 1);
    });

    test('a name the person already gave a view of the table, whatever its case', async () => {
      await saved(shared.clerk, { Table: 'stores', Name: 'Openings', State: {} });
      const { status, body } = await addView(shared.clerk, { Table: 'stores', Name: 'OPENINGS', State: {} });
      assert.equal(status, 400);
      assert.equal(body.error, msg('viewNameTaken', 'OPENINGS'));
      assert.deepEqual(body.fields, { Name: body.error });
      const other = await saved(shared.clerk, { Table: 'stores', Name: 'Closings', State: {} });
      const renamed = await change(shared.clerk, other.ViewID, { Version: other.Version, Name: 'openings' });
      assert.equal(renamed.status, 400);
      assert.equal(renamed.body.error, msg('viewNameTaken', 'openings'));
      // Another person, or another table, may use it.
      await saved(shared.admin, { Table: 'stores', Name: 'Openings', State: {} });
      await saved(shared.clerk, { Table: 'states', Name: 'Openings', State: {} });
    });

    test('a malformed state', async () => {
      const count = await viewCount();
      const cases: Array<[unknown, string]> = [
        ['not an object', m.viewStateNotObject],
        [{ rows: 5 }, msg('viewStateUnknownPart', 'rows')],
        [{ page: 3 }, msg('viewStateUnknownPart', 'page')],
        [{ sort: [{ column: 'Nonexistent', dir: 'asc' }] }, msg('viewStateUnusable', 'sort')],
        [{ sort: [{ column: 'City', dir: 'sideways' }] }, msg('viewStateUnusable', 'sort')],
        [{ pageSize: 33 }, msg('viewStateUnusable', 'pageSize')],
        [{ filters: { OpenDate: 'yesterday-ish' } }, msg('viewStateUnusable', 'filters')],
        [{ columnVisibility: { Secret: false } }, msg('viewStateUnusable', 'columnVisibility')],
        [{ mainGroup: 'Nonexistent' }, msg('viewStateUnusable', 'mainGroup')],
        [{ search: 's'.repeat(20_000) }, msg('viewStateTooLarge', JSON.stringify({ search: 's'.repeat(20_000) }).length, 16_000)],
      ];
      for (const [state, error] of cases) {
        const { status, body } = await addView(shared.clerk, { Table: 'stores', Name: 'Bad state', State: state });
        assert.equal(status, 400, JSON.stringify(state));
        assert.ok(body.error === error || typeof state === 'string', `${JSON.stringify(state).slice(0, 80)}: ${body.error}`);
      }
      // A well-formed state in another key order, and no sort at all, are kept.
      await saved(shared.clerk, { Table: 'stores', Name: 'Key order', State: { sort: [{ dir: 'asc', column: 'City' }] } });
      await saved(shared.clerk, { Table: 'stores', Name: 'No sort', State: { sort: [] } });
      assert.equal(await viewCount(), count + 2);
    });

    test('a table unknown, or one the person may not see', async () => {
      const unknown = await addView(shared.clerk, { Table: 'nonexistent', Name: 'x', State: {} });
      assert.equal(unknown.status, 404);
      assert.equal(unknown.body.error, msg('viewTableUnknown', 'nonexistent'));
      // The clerk has no sales role: neither their views of sales nor a shared one.
      assert.equal((await addView(shared.clerk, { Table: 'sales', Name: 'x', State: {} })).status, 403);
      assert.equal((await shared.clerk.inject({ url: '/api/table-views?table=sales' })).statusCode, 403);
      const sales = await saved(shared.analyst, { Table: 'sales', Name: 'Not for clerks', Shared: true, State: {} });
      assert.equal((await setDefault(shared.clerk, 'sales', sales.ViewID)).statusCode, 403);
      assert.equal((await screen(shared.clerk, `/sales?view=${sales.ViewID}`)).status, 403);
    });

    test('a change that says nothing to change, and more views than one person keeps of a table', async () => {
      const view = await saved(made.westSales, { Table: 'sales', Name: 'Only one', State: {} });
      const nothing = await change(made.westSales, view.ViewID, { Version: view.Version });
      assert.equal(nothing.status, 400);
      assert.equal(nothing.body.error, m.viewChangeNothing);
      await shared.t.db.pool.query(
        `insert into table_views (table_name, owner_id, name, state)
         select 'sales', (select user_id from users where user_name = 'westsales'), 'Bulk ' || i, '{}' from generate_series(2, $1) i`,
        [VIEWS_PER_TABLE],
      );
      const { status, body } = await addView(made.westSales, { Table: 'sales', Name: 'One too many', State: {} });
      assert.equal(status, 400);
      assert.equal(body.error, msg('viewsTooMany', VIEWS_PER_TABLE));
    });
  });
});
