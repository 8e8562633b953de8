// The language file reaches what the server writes too: with LANGUAGE_URL set, pages, the header and
// refusals speak the file's words; keys it leaves out keep their defaults; a file that cannot be read leaves
// every default, and the app still starts.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { createTestApp, signIn } from '../support/app.ts';
import { testLanguage } from '../support/routes/test-pages.ts';
import { defaultMessages } from '../../server/messages.ts';
import { islandProps } from '../support/islands-on-page.ts';
import type { TableConfig } from '../../common/table-config.ts';

describe('the language file on the server', () => {
  test("replaces the server's texts with the file's, and keeps the defaults of keys it leaves out", async () => {
    const t = await createTestApp({ languageUrl: '/test/language.json' });
    try {
      const clerk = await signIn(t.app, 'clerk');
      const page = (await clerk.inject({ url: '/' })).body;
      assert.match(page, new RegExp(`<button type="submit">${testLanguage.signOut}</button>`));
      const west = (await t.db.pool.query(`select count(*)::int as n from stores join groups using (group_id) where code = 'WE'`)).rows[0]
        .n;
      assert.match(page, new RegExp(`id="store-selector-label">Alle ${west} Filialen in West<`));
      assert.match(page, new RegExp(defaultMessages.skipToContent), 'a key the file leaves out');
      const refused = await clerk.inject({ url: '/admin/users' });
      assert.equal(refused.statusCode, 403);
      assert.match(refused.body, new RegExp(testLanguage.forbidden));
    } finally {
      await t.close();
    }
  });

  test("renames a resource's title and labels: its table screen, its dialogs, its exports and the forms that share its fields", async () => {
    const t = await createTestApp({ languageUrl: '/test/language.json' });
    try {
      const admin = await signIn(t.app, 'admin');
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
    } finally {
      await t.close();
    }
  });

  test('leaves the default messages when the file cannot be read, and the app still starts', async () => {
    const t = await createTestApp({ languageUrl: '/test/no-such-language.json' });
    try {
      const admin = await signIn(t.app, 'admin');
      assert.match((await admin.inject({ url: '/' })).body, new RegExp(`<button type="submit">${defaultMessages.signOut}</button>`));
    } finally {
      await t.close();
    }
  });

  test('gives the defaults back when the app closes', async () => {
    const t = await createTestApp({ languageUrl: '/test/language.json' });
    await t.close();
    const other = await createTestApp();
    try {
      const admin = await signIn(other.app, 'admin');
      assert.match((await admin.inject({ url: '/' })).body, new RegExp(`<button type="submit">${defaultMessages.signOut}</button>`));
    } finally {
      await other.close();
    }
  });
});
