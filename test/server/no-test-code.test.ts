// Production carries no test code: the test pages, forms, views and the demo island live in test/support/,
// which adds them to the apps the tests build. The app's browser bundle does not hold the demo island, and
// the app built without the test support has no test pages.
import { test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import { buildDir } from '../../server/paths.ts';
import { openTestDatabase, signIn } from '../support/app.ts';
import { testBundleDir } from '../support/test-bundle.ts';

/** The scripts (or stylesheets) of the last build in a bundle folder (files.json; the folder also keeps the build before it). */
function bundleScripts(dir: string, kind = '.js'): string {
  const files = JSON.parse(readFileSync(`${dir}files.json`, 'utf8')) as string[];
  return files
    .filter((f) => f.endsWith(kind))
    .map((f) => readFileSync(dir + f, 'utf8'))
    .join('\n');
}

test("the app's browser bundle holds no demo island, nor its styles; the tests' bundle does", () => {
  assert.doesNotMatch(bundleScripts(buildDir), /demo-counter/);
  assert.doesNotMatch(bundleScripts(buildDir, '.css'), /demo-counter/);
  assert.match(bundleScripts(testBundleDir), /demo-counter/, 'the name looked for is the one the tests register');
});

test('the app built without the test support answers 404 on the test pages', async () => {
  const { db, drop } = await openTestDatabase();
  const app = await buildApp({ config: readConfig({}), db });
  try {
    const admin = await signIn(app, 'admin');
    for (const url of ['/test/page', '/test/playground', '/test/island', '/test/forms/unique', '/test/language.json']) {
      assert.equal((await admin.inject({ url })).statusCode, 404, url);
    }
  } finally {
    await app.close();
    await drop();
  }
});
