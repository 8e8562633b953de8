// The add-an-entity recipe (docs/recipes/add-an-entity.md), followed for an entity the product does not have:
// its one definition (with a reference to the states: one declaration), its migration, its menu place and a
// detail page, given to an app built with them as main.ts builds its own. Nothing else is written for it: its
// menu entry, its list, its add, its screen, its export, its rows' links to their detail page and its changes
// in the audit log follow from the definition and the page's route. A field its add leaves out takes its
// column's default. Its name is one no product entity will take ("recipe-vendors"), so a newcomer who adds a
// real entity of any name keeps this test green.
import { after, before, describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import { Version } from '../../../common/resources/types.ts';
import { resources } from '../../../server/resources/index.ts';
import { defineResource, reference } from '../../../server/resources/define.ts';
import { statesDef } from '../../../server/resources/states.ts';
import type { SignedIn, TestDatabase } from '../../support/app.ts';
import { type AddedEntityApp, serveAddedEntity } from '../../support/added-entity.ts';
import { currentQuery, url, type Row } from '../table-api/support.ts';
import { islandProps } from '../../support/islands-on-page.ts';

// Its definition (server/resources/recipe-vendors.ts in the product).
const vendorsDef = defineResource({
  name: 'recipe-vendors',
  title: 'Vendors',
  screen: '/recipe-vendors',
  menu: { section: 'stores', icon: 'list', order: 55 },
  table: 'recipe_vendors',
  alias: 'rv',
  key: 'VendorID',
  version: 'Version',
  columns: [
    { name: 'VendorID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true, sql: 'rv.vendor_id' },
    {
      name: 'Name',
      label: 'Name',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      sql: 'rv.name',
      field: { kind: 'text', rules: { required: true, maxLength: 60 } },
    },
    {
      name: 'Phone',
      label: 'Phone',
      type: 'text',
      format: 'text',
      searchable: true,
      sql: 'rv.phone',
      nullable: true,
      field: { kind: 'text', rules: { maxLength: 20 } },
    },
    reference(statesDef, { key: 'StateID', sql: 'rv.state_id', alias: 'vs', label: 'State', shows: { StateName: 'Name' }, optional: true }),
    { name: 'IsActive', label: 'Active', type: 'boolean', format: 'boolean', sortable: true, sql: 'rv.is_active', field: { kind: 'flag' } },
    { ...Version, sql: 'rv.version' },
  ],
  defaultSort: [{ column: 'Name', dir: 'asc' }],
  pageSize: 25,
  access: { list: { admin: true }, export: { admin: true }, add: { admin: true }, edit: { admin: true }, delete: { admin: true } },
});

// Its migration (server/db/migrations/NNN_recipe_vendors.sql).
const migration = `create table recipe_vendors (
  vendor_id serial primary key,
  name text not null,
  phone text,
  state_id integer references states (state_id),
  is_active boolean not null default true,
  version integer not null default 1
)`;

let database: TestDatabase;
let served: AddedEntityApp;
let menuAdded: string[];
let admin: SignedIn;
let clerk: SignedIn;

before(async () => {
  assert.ok(!resources.some((r) => r.name === vendorsDef.name), 'the example is not a product entity');
  served = await serveAddedEntity(vendorsDef, migration);
  ({ database, menuAdded, admin, clerk } = served);
});

after(async () => {
  await served?.close();
});

const listQuery = currentQuery(['VendorID', 'Name', 'Phone', 'StateID', 'StateName', 'IsActive', 'Version']);

describe('an entity added as the recipe says', () => {
  let added: number;

  test('its menu entry is added at start and shown to whoever may list it, opening its table screen', async () => {
    assert.deepEqual(menuAdded, ['/recipe-vendors']);
    const link = /<a href="\/recipe-vendors" class="menu-link[^>]*>.*?Vendors<\/a>/;
    assert.match((await admin.inject({ url: '/' })).body, link);
    assert.doesNotMatch((await clerk.inject({ url: '/' })).body, link);
    const screen = await admin.inject({ url: '/recipe-vendors' });
    assert.equal(screen.statusCode, 200);
    assert.match(screen.body, /data-island="data-table"/);
    assert.equal((await clerk.inject({ url: '/recipe-vendors' })).statusCode, 403);
  });

  test('its table API lists it, for whoever may list it only', async () => {
    const res = await admin.inject({ url: url('recipe-vendors', listQuery) });
    assert.equal(res.statusCode, 200);
    const body = res.json<{ recordsTotal: number; data: Row[] }>();
    assert.equal(body.recordsTotal, 0);
    assert.deepEqual(body.data, []);
    assert.equal((await clerk.inject({ url: url('recipe-vendors', listQuery) })).statusCode, 403);
  });

  test('a row is added through its table API, and listed: a field left out takes its column default', async () => {
    const vermont = (await database.db.pool.query("select state_id from states where code = 'VT'")).rows[0].state_id as number;
    const res = await admin.inject({
      method: 'POST',
      url: '/api/recipe-vendors',
      payload: { Name: 'Acme Parts', Phone: '555-0100', StateID: vermont },
    });
    assert.equal(res.statusCode, 200);
    const answer = res.json<{ Succeed: number[]; Failed: unknown[]; Data: Row[] }>();
    assert.deepEqual(answer.Failed, []);
    added = answer.Succeed[0]!;
    assert.ok(added > 0);
    assert.deepEqual(answer.Data, [
      { VendorID: added, Name: 'Acme Parts', Phone: '555-0100', StateID: vermont, StateName: 'Vermont', IsActive: true, Version: 1 },
    ]);
    const listed = (await admin.inject({ url: url('recipe-vendors', listQuery) })).json<{ data: Row[] }>().data;
    assert.deepEqual(listed, answer.Data);
    // Optional: no phone and no state are NULL, and the row is listed with them.
    const bare = await admin.inject({ method: 'POST', url: '/api/recipe-vendors', payload: { Name: 'Bare Supplies', Phone: '' } });
    assert.deepEqual(
      bare.json<{ Data: Row[] }>().Data.map(({ Phone, StateID, StateName, IsActive }) => ({ Phone, StateID, StateName, IsActive })),
      [{ Phone: null, StateID: null, StateName: null, IsActive: true }],
    );
    assert.equal((await admin.inject({ url: url('recipe-vendors', listQuery) })).json<{ recordsTotal: number }>().recordsTotal, 2);
  });

  test("the row's detail page, which it gets without writing one, shows its fields; a key that names no row is not found", async () => {
    const page = await admin.inject({ url: `/recipe-vendors/${added}` });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<h1>Vendors: Acme Parts<\/h1>/);
    assert.match(page.body, /<dt>Name<\/dt><dd>Acme Parts<\/dd>/);
    assert.match(page.body, /<dt>Phone<\/dt><dd>555-0100<\/dd>/);
    assert.match(page.body, /<dt>State<\/dt><dd>Vermont<\/dd>/);
    assert.equal((await admin.inject({ url: `/recipe-vendors/${added + 100}` })).statusCode, 404);
    assert.equal((await clerk.inject({ url: `/recipe-vendors/${added}` })).statusCode, 403);
  });

  test('its CSV export holds the row', async () => {
    const res = await admin.inject({ url: url('recipe-vendors/export', { format: 'csv' }) });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-disposition'], 'attachment; filename="recipe-vendors.csv"');
    // UTF-16LE after its byte-order mark (export.test.ts holds the format itself).
    assert.deepEqual(res.rawPayload.subarray(2).toString('utf16le').split('\r\n'), [
      'Name,Phone,State,Active',
      'Acme Parts,555-0100,Vermont,Yes',
      'Bare Supplies,,,Yes',
      '',
    ]);
  });

  test('its table screen links each row to its detail page, which the app registered', async () => {
    const page = (await admin.inject({ url: '/recipe-vendors' })).body;
    assert.equal(islandProps<{ config: { detail: boolean } }>(page).config.detail, true);
  });

  test('an edit of it shows in the audit log for an admin, in its own words, and its table is offered there', async () => {
    const edit = await admin.inject({
      method: 'PATCH',
      url: '/api/recipe-vendors',
      payload: { VendorID: added, Version: 1, Phone: '555-0199' },
    });
    assert.deepEqual(edit.json<{ Succeed: number[] }>().Succeed, [added]);
    const columns = ['At', 'UserName', 'Resource', 'Action', 'RowKey', 'Changes'];
    const query = currentQuery(columns, { 'columns[2][search][value]': 'recipe-vendors', 'order[0][column]': '0', 'order[0][dir]': 'asc' });
    const res = await admin.inject({ url: url('audit', query) });
    assert.equal(res.statusCode, 200);
    const entries = res
      .json<{ data: Row[] }>()
      .data.map(({ Resource, Action, RowKey, Changes }) => ({ Resource, Action, RowKey, Changes }));
    // Its version and keys, internal to the definition, are left out: the entry is read in the vendor's words,
    // its table by its title and its row by its name.
    assert.deepEqual(
      entries.filter((e) => e.RowKey === 'Acme Parts'),
      [
        {
          Resource: 'recipe-vendors',
          Action: 'insert',
          RowKey: 'Acme Parts',
          Changes: 'Name: Acme Parts\nPhone: 555-0100\nActive: Yes\nState: Vermont',
        },
        { Resource: 'recipe-vendors', Action: 'update', RowKey: 'Acme Parts', Changes: 'Phone: 555-0100 → 555-0199' },
      ],
    );
    const tables = await admin.inject({ url: url('audit/filter-values', { column: 'Resource' }) });
    assert.ok(tables.json<{ values: string[] }>().values.includes('recipe-vendors'), "the log's table filter offers it");
    const report = await admin.inject({ url: '/reports?report=audit-trail' });
    assert.match(report.body, /<option value="recipe-vendors"[^>]*>Vendors<\/option>/, 'the audit-trail report offers it');
  });
});
