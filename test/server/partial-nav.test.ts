// The server side of partial navigation beyond the shell's basics: which partial answers name a URL to
// push, the settings the browser reads from the layout, and server-rendered islands.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { useTestApp, createTestApp, signIn } from '../support/app.ts';

const shared = useTestApp('admin');

describe('partial answers', () => {
  test('a page visit (target #main) gets the URL to push; a panel or popup load of the same page does not', async () => {
    const visit = await shared.admin.inject({ url: '/test/page?n=2', headers: { 'hx-request': 'true', 'hx-target': 'main#main' } });
    assert.equal(visit.headers['hx-push-url'], '/test/page?n=2');
    const panel = await shared.admin.inject({ url: '/test/page?n=2', headers: { 'hx-request': 'true', 'hx-target': 'div#panel' } });
    assert.equal(panel.headers['hx-push-url'], undefined);
    assert.match(panel.body, /^<title>Page 2 · Backroom<\/title><main id="main" hx-history-elt tabindex="-1">/);
  });

  test('every answer names the app version, errors and API calls included', async () => {
    for (const url of ['/', '/test/status/500', '/api/common/current-user', '/no-such-page']) {
      const res = await shared.admin.inject({ url, headers: { 'hx-request': 'true' } });
      assert.equal(res.headers['x-app-version'], shared.t.app.assets.version, url);
    }
  });

  test('the test-only "new release" page answers another version', async () => {
    const res = await shared.admin.inject({ url: '/test/new-release', headers: { 'hx-request': 'true' } });
    assert.equal(res.headers['x-app-version'], 'new-release');
  });
});

describe('what the layout tells the browser', () => {
  test('the htmx settings carry the spec numbers: 10 s timeout, 20 cached pages; #loader is the indicator', async () => {
    const res = await shared.admin.inject({ url: '/' });
    const meta = /<meta name="htmx-config" content="([^"]+)">/.exec(res.body)?.[1] ?? '';
    const config = JSON.parse(meta.replace(/&quot;/g, '"').replace(/&#34;/g, '"')) as {
      defaultTimeout: number;
      historyCache: { size: number };
    };
    assert.equal(config.defaultTimeout, 10_000);
    assert.equal(config.historyCache.size, 20);
    assert.match(res.body, /<body [^>]*hx-indicator:inherited="#loader"/);
    assert.match(res.body, /<meta name="app-version" content="[0-9a-f]{12}">/);
  });

  test('the language file URL is given when configured, empty otherwise', async () => {
    assert.match((await shared.admin.inject({ url: '/' })).body, /<meta name="language-url" content="">/);
    const other = await createTestApp({ languageUrl: '/test/language.json' });
    try {
      const res = await (await signIn(other.app, 'admin')).inject({ url: '/' });
      assert.match(res.body, /<meta name="language-url" content="\/test\/language.json">/);
    } finally {
      await other.close();
    }
  });
});

describe('islands', () => {
  test('an island is rendered on the server inside its container, with its props and identifier prefix', async () => {
    const res = await shared.admin.inject({ url: '/test/island' });
    const m =
      /<div data-island="demo-counter" data-island-id="(demo-counter-[0-9a-f]{8}-)" data-props="([^"]+)"><div class="demo-counter">/.exec(
        res.body,
      );
    assert.ok(m, 'container with server markup directly inside');
    assert.deepEqual(JSON.parse(m[2]!.replace(/&#34;/g, '"')), { start: 3, label: 'Clicks' });
    assert.match(res.body, new RegExp(`id="_${m[1]}`), 'useId values carry the prefix');
    assert.match(res.body, /<output[^>]*>3<\/output>/);
  });
});
