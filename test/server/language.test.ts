// The language file reaches what the server writes too: with LANGUAGE_URL set, pages, the header and
// refusals speak the file's words; keys it leaves out keep their defaults; a file that cannot be read leaves
// every default, and the app still starts.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { sameDatabaseApp, signIn, useTestApp, type TestConfig } from '../support/app.ts';
import { testLanguage } from '../support/routes/test-pages.ts';
import { defaultMessages } from '../../server/messages.ts';
import { islandProps } from '../support/islands-on-page.ts';
import type { TableConfig } from '../../common/table-config.ts';

describe('the language file on the server', () => {
  // Each test builds its app with its own language settings on the file's one database (the words are the
  // app's, not the database's; a database copy costs more than the app).
  const shared = useTestApp();
  async function withApp(overrides: TestConfig, body: (app: FastifyInstance) => Promise<void>): Promise<void> {
    const app = await sameDatabaseApp(shared.t, overrides);
    try {
      await body(app);
    } finally {
      await app.close();
    }
  }

  test("replaces the server's texts with the file's, and keeps the defaults of keys it leaves out", async () => {
    await withApp({ languageUrl: '/test/language.json' }, async (app) => {
      const clerk = await signIn(app, 'clerk');
      const page = (await clerk.inject({ url: '/' })).body;
      assert.match(page, new RegExp(`<button type="submit">${testLanguage.signOut}</button>`));
      const west = (await shared.t.db.pool.query(`select count(*)::int as n from stores join groups using (group_id) where code = 'WE'`))
        .rows[0].n;
      assert.match(page, new RegExp(`id="store-selector-label">Alle ${west} Filialen in West<`));
      assert.match(page, new RegExp(defaultMessages.skipToContent), 'a key the file leaves out');
      const refused = await clerk.inject({ url: '/admin/users' });
      assert.equal(refused.statusCode, 403);
      assert.match(refused.body, new RegExp(testLanguage.forbidden));
    });
  });

  test("renames a resource's title and labels: its table screen, its dialogs, its exports and the forms that share its fields", async () => {
    await withApp({ languageUrl: '/test/language.json' }, async (app) => {
      const admin = await signIn(app, 'admin');
      const stores = (await admin.inject({ url: '/stores' })).body;
      assert.match(stores, /<h1[^>]*>Filialen<\/h1>/);
      const config = islandProps<{ config: TableConfig }>(stores).config;
      assert.equal(config.title, testLanguage['stores.title']);
      assert.equal(config.columns.find((c) => c.name === 'City')?.label, testLanguage['stores.City']);
      assert.equal(config.fields.find((f) => f.name === 'City')?.label, testLanguage['stores.City'], "the field has its column's label");
      const csv = await admin.inject({ url: '/api/stores/export?format=csv&length=1' });
      assert.match(Buffer.from(csv.rawPayload).subarray(2).toString('utf16le').split('\r\n')[0]!, /,Ort,/);
      const salesPage = (await admin.inject({ url: '/sales' })).body;
      const sales = islandProps<{ config: TableConfig }>(salesPage).config;
      assert.equal(sales.fields.find((f) => f.name === 'Margin')?.label, testLanguage['sales.Margin.field']);
      assert.equal(sales.columns.find((c) => c.name === 'Margin')?.label, 'Margin', 'the column keeps its own');
      assert.match(
        (await admin.inject({ url: '/admin/users/new' })).body,
        new RegExp(`for="new-user-FirstName">${testLanguage['users.FirstName']}\\s`),
      );
    });
  });

  test("shows a resource's words in the language of the moment wherever they are shown", async () => {
    await withApp({ languageUrl: '/test/language.json' }, async (app) => {
      const admin = await signIn(app, 'admin');
      const store = (await shared.t.db.pool.query('select store_id, version, city from stores order by store_id limit 1')).rows[0];
      // A refusal names the field in its words: a city too long for its column.
      const refused = await admin.inject({
        method: 'PATCH',
        url: '/api/stores',
        payload: { StoreID: store.store_id, Version: store.version, City: 'x'.repeat(61) },
      });
      assert.match(refused.json().Failed[0].error, new RegExp(`^${testLanguage['stores.City']}: `));
      // A filter's refusal names the column in its words.
      const filter = await admin.inject({
        url: '/api/stores?draw=1&columns[0][data]=OpenDate&columns[0][search][value]=31/02/2026&columns[1][data]=City',
      });
      assert.equal(filter.statusCode, 400);
      assert.match(filter.json().error, new RegExp(testLanguage['stores.OpenDate']));
      // The change, in the audit log's words and the detail page's.
      const edited = await admin.inject({
        method: 'PATCH',
        url: '/api/stores',
        payload: { StoreID: store.store_id, Version: store.version, City: 'Neustadt' },
      });
      assert.equal(edited.statusCode, 200, edited.body);
      const detail = (await admin.inject({ url: `/stores/${store.store_id}` })).body;
      assert.match(detail, new RegExp(`<dt>${testLanguage['stores.City']}</dt><dd>Neustadt</dd>`));
      assert.match(
        detail,
        new RegExp(
          `<dt>${testLanguage['stores.City']}</dt><dd><span class="before">${store.city}</span> → <span class="after">Neustadt</span>`,
        ),
      );
      assert.match(detail, new RegExp(testLanguage['stores.title']), 'the way back names the table in its words');
      // The Excel export's header and sheet, and the table's printed rows.
      const xlsx = await admin.inject({ url: '/api/stores/export?format=xlsx&length=1&columns[0][data]=Name&columns[1][data]=City' });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      assert.equal(sheet.name, testLanguage['stores.title']);
      assert.equal(sheet.getRow(1).getCell(2).text, testLanguage['stores.City']);
      // A value's words, in a select's choices.
      const states = islandProps<{ config: TableConfig }>((await admin.inject({ url: '/states' })).body).config;
      const region = states.fields.find((f) => f.name === 'Region')!;
      assert.deepEqual(region.choices?.[0], { value: 'NE', label: testLanguage['states.Region.NE'] });
      assert.equal(states.columns.find((c) => c.name === 'Region')?.valueLabels?.NE, testLanguage['states.Region.NE']);
    });
  });

  test('leaves the default messages when the file cannot be read, and the app still starts', async () => {
    await withApp({ languageUrl: '/test/no-such-language.json' }, async (app) => {
      const admin = await signIn(app, 'admin');
      assert.match((await admin.inject({ url: '/' })).body, new RegExp(`<button type="submit">${defaultMessages.signOut}</button>`));
    });
  });

  test('gives the defaults back when the app closes', async () => {
    await withApp({ languageUrl: '/test/language.json' }, async () => {});
    await withApp({}, async (app) => {
      const admin = await signIn(app, 'admin');
      assert.match((await admin.inject({ url: '/' })).body, new RegExp(`<button type="submit">${defaultMessages.signOut}</button>`));
    });
  });
});
