// README's "Add a resource" recipe, followed for an entity the product does not have (suppliers): its table,
// its two halves, its menu place and a detail page, given to an app built with them as main.ts builds its
// own. Nothing else is written for it: its menu entry, its list, its add, its screen, its export, its rows'
// links to their detail page and its changes in the audit log follow from the definition and the page's
// route, as the recipe says. Not taken: naming it in the product's `tableNames`, which a test cannot add to.
import { after, before, describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { defineResource, Version } from '../../../common/resources/types.ts';
import { buildApp } from '../../../server/app.ts';
import type { TableName } from '../../../server/db/table-changes.ts';
import { detailRoute } from '../../../server/details/detail-route.ts';
import { withScreen } from '../../../server/details/detail-tables.ts';
import { recordFields, type ShownColumns } from '../../../server/details/record-fields.ts';
import { loadServerLanguage } from '../../../server/language.ts';
import { msg } from '../../../server/messages.ts';
import { resources } from '../../../server/resources/index.ts';
import { defineResourceSql } from '../../../server/resources/resource-def.ts';
import { addMenuEntries } from '../../../server/shell/menu-entries.ts';
import { openTestDatabase, signIn, testConfig, type SignedIn, type TestDatabase } from '../../support/app.ts';
import { currentQuery, url, type Row } from '../table-api/support.ts';
import { islandProps } from '../../support/islands-on-page.ts';

// Its browser-safe half (common/resources/suppliers.ts in the product).
const suppliers = defineResource({
  name: 'suppliers',
  title: 'Suppliers',
  screen: '/suppliers',
  menu: { section: 'stores', icon: 'list', order: 55 },
  key: 'SupplierID',
  version: 'Version',
  columns: [
    { name: 'SupplierID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true },
    { name: 'Name', label: 'Name', type: 'text', format: 'text', sortable: true, searchable: true },
    { name: 'Phone', label: 'Phone', type: 'text', format: 'text', searchable: true },
    Version,
  ],
  fields: [
    { name: 'Name', kind: 'text', rules: { required: true, maxLength: 60 } },
    { name: 'Phone', kind: 'text', rules: { required: true, maxLength: 20 } },
  ],
  defaultSort: [{ column: 'Name', dir: 'asc' }],
  pageSize: 25,
  access: { list: { admin: true }, export: { admin: true }, add: { admin: true }, edit: { admin: true }, delete: { admin: true } },
});

// Its SQL half (server/resources/suppliers.ts).
const suppliersDef = defineResourceSql(suppliers, {
  // The one step a test cannot take: `tableNames` (server/db/table-changes.ts) is the product's list, read by tsc.
  table: 'suppliers' as TableName,
  alias: 'sp',
  columns: { SupplierID: 'sp.supplier_id', Name: 'sp.name', Phone: 'sp.phone', Version: 'sp.version' },
});

// Its migration (server/db/migrations/NNN_suppliers.sql).
const migration = `create table suppliers (
  supplier_id serial primary key,
  name text not null,
  phone text not null,
  version integer not null default 1
)`;

// Its detail page (a route file under server/routes/ in the product, registered in server/app.ts).
const shownFields: ShownColumns<typeof suppliers> = ['Name', 'Phone'];

async function supplierDetailRoute(app: FastifyInstance) {
  const of = withScreen(suppliersDef);
  detailRoute(app, of, {
    async show(_req, reply, row) {
      return reply.page('record', {
        title: String(row.Name),
        back: { href: of.pagePath, text: msg('detailBackTo', suppliersDef.title) },
        fields: recordFields(suppliers, row, shownFields),
      });
    },
  });
}

const config = testConfig();
let database: TestDatabase;
let app: FastifyInstance;
let menuAdded: string[];
let admin: SignedIn;
let clerk: SignedIn;

before(async () => {
  database = await openTestDatabase({ ...config, exportConnections: config.limits.exports.atOnce });
  await database.db.pool.query(migration);
  app = await buildApp({ config, db: database.db, resources: [...resources, suppliersDef] });
  await app.register(supplierDetailRoute);
  await app.ready();
  await loadServerLanguage(app);
  // As main.ts does at every start: the database, seeded before suppliers existed, gets their menu entry.
  menuAdded = await addMenuEntries(database.db.pool, app.resources);
  admin = await signIn(app, 'admin');
  clerk = await signIn(app, 'clerk');
});

after(async () => {
  await app?.close();
  await database?.drop();
});

const listQuery = currentQuery(['SupplierID', 'Name', 'Phone', 'Version']);

describe('an entity added as README says', () => {
  let added: number;

  test('its menu entry is added at start and shown to whoever may list it, opening its table screen', async () => {
    assert.deepEqual(menuAdded, ['/suppliers']);
    const link = /<a href="\/suppliers" class="menu-link[^>]*>.*?Suppliers<\/a>/;
    assert.match((await admin.inject({ url: '/' })).body, link);
    assert.doesNotMatch((await clerk.inject({ url: '/' })).body, link);
    const screen = await admin.inject({ url: '/suppliers' });
    assert.equal(screen.statusCode, 200);
    assert.match(screen.body, /data-island="data-table"/);
    assert.equal((await clerk.inject({ url: '/suppliers' })).statusCode, 403);
  });

  test('its table API lists it, for whoever may list it only', async () => {
    const res = await admin.inject({ url: url('suppliers', listQuery) });
    assert.equal(res.statusCode, 200);
    const body = res.json<{ recordsTotal: number; data: Row[] }>();
    assert.equal(body.recordsTotal, 0);
    assert.deepEqual(body.data, []);
    assert.equal((await clerk.inject({ url: url('suppliers', listQuery) })).statusCode, 403);
  });

  test('a row is added through its table API, and listed', async () => {
    const res = await admin.inject({ method: 'POST', url: '/api/suppliers', payload: { Name: 'Acme Parts', Phone: '555-0100' } });
    assert.equal(res.statusCode, 200);
    const answer = res.json<{ Succeed: number[]; Failed: unknown[]; Data: Row[] }>();
    assert.deepEqual(answer.Failed, []);
    added = answer.Succeed[0]!;
    assert.ok(added > 0);
    assert.deepEqual(answer.Data, [{ SupplierID: added, Name: 'Acme Parts', Phone: '555-0100', Version: 1 }]);
    const listed = (await admin.inject({ url: url('suppliers', listQuery) })).json<{ data: Row[] }>().data;
    assert.deepEqual(listed, answer.Data);
  });

  test("the row's detail page shows its fields; a key that names no row is not found", async () => {
    const page = await admin.inject({ url: `/suppliers/${added}` });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<h1>Acme Parts<\/h1>/);
    assert.match(page.body, /<dt>Name<\/dt><dd>Acme Parts<\/dd>/);
    assert.match(page.body, /<dt>Phone<\/dt><dd>555-0100<\/dd>/);
    assert.equal((await admin.inject({ url: `/suppliers/${added + 1}` })).statusCode, 404);
    assert.equal((await clerk.inject({ url: `/suppliers/${added}` })).statusCode, 403);
  });

  test('its CSV export holds the row', async () => {
    const res = await admin.inject({ url: url('suppliers/export', { format: 'csv' }) });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-disposition'], 'attachment; filename="suppliers.csv"');
    // UTF-16LE after its byte-order mark (export.test.ts holds the format itself).
    assert.deepEqual(res.rawPayload.subarray(2).toString('utf16le').split('\r\n'), ['Name,Phone', 'Acme Parts,555-0100', '']);
  });

  test('its table screen links each row to its detail page, which the app registered', async () => {
    const page = (await admin.inject({ url: '/suppliers' })).body;
    assert.equal(islandProps<{ config: { detail: boolean } }>(page).config.detail, true);
  });

  test('an edit of it shows in the audit log for an admin, in its own words, and its table is offered there', async () => {
    const edit = await admin.inject({
      method: 'PATCH',
      url: '/api/suppliers',
      payload: { SupplierID: added, Version: 1, Phone: '555-0199' },
    });
    assert.deepEqual(edit.json<{ Succeed: number[] }>().Succeed, [added]);
    const columns = ['At', 'UserName', 'Resource', 'Action', 'RowKey', 'Changes'];
    const query = currentQuery(columns, { 'columns[2][search][value]': 'suppliers', 'order[0][column]': '0', 'order[0][dir]': 'asc' });
    const res = await admin.inject({ url: url('audit', query) });
    assert.equal(res.statusCode, 200);
    const entries = res
      .json<{ data: Row[] }>()
      .data.map(({ Resource, Action, RowKey, Changes }) => ({ Resource, Action, RowKey, Changes }));
    // Its version, internal to the definition, is left out: the entry is read in the supplier's words.
    assert.deepEqual(entries, [
      { Resource: 'suppliers', Action: 'insert', RowKey: String(added), Changes: 'Name: Acme Parts\nPhone: 555-0100' },
      { Resource: 'suppliers', Action: 'update', RowKey: String(added), Changes: 'Phone: 555-0100 → 555-0199' },
    ]);
    const tables = await admin.inject({ url: url('audit/filter-values', { column: 'Resource' }) });
    assert.ok(tables.json<{ values: string[] }>().values.includes('suppliers'), "the log's table filter offers it");
    const report = await admin.inject({ url: '/reports?report=audit-trail' });
    assert.match(report.body, /<option value="suppliers"[^>]*>Suppliers<\/option>/, 'the audit-trail report offers it');
  });
});
