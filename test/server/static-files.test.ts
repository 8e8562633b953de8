// Static files through HTTP: the browser bundles are public and cached for good; their source maps are
// served to signed-in administrators only, unless the app runs in development (npm run dev). The icon a
// browser asks for by itself (/favicon.ico) is served to anyone.
import { after, before, describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { createTestApp, signIn, useTestApp, type TestApp } from '../support/app.ts';

const shared = useTestApp('admin', 'manager', 'clerk');

/** The URL of the main bundle's source map, as the bundle's sourceMappingURL names it. */
const mapUrl = (t: TestApp): string => `${t.app.assets.url('app.js')}.map`;

describe('the icon', () => {
  test('/favicon.ico answers an icon to anyone, signed in or not (a PDF tab asks for it)', async () => {
    const res = await shared.t.app.inject({ url: '/favicon.ico' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^image\/(x-icon|vnd\.microsoft\.icon)/);
    // An .ico's header: reserved 0, type 1 (icon), and at least one image.
    assert.deepEqual([...res.rawPayload.subarray(0, 4)], [0, 0, 1, 0]);
    assert.ok(res.rawPayload.readUInt16LE(4) >= 1);
    assert.equal(res.headers['cache-control'], 'public, max-age=3600');
  });
});

describe('compressed bundles', () => {
  test('scripts and stylesheets go out compressed ahead of time, brotli or gzip as the browser accepts, and unpack to the file itself', async () => {
    for (const name of ['app.js', 'app.css', 'react-root.js']) {
      const url = shared.t.app.assets.url(name);
      const plain = await shared.t.app.inject({ url, headers: { 'accept-encoding': 'identity' } });
      assert.equal(plain.statusCode, 200, url);
      const br = await shared.t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
      assert.equal(br.headers['content-encoding'], 'br', url);
      assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable');
      assert.deepEqual(brotliDecompressSync(br.rawPayload), plain.rawPayload);
      // At the best ratio, not the quick one a response compressed on the fly gets.
      const best = brotliCompressSync(plain.rawPayload, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      assert.equal(br.rawPayload.length, best.length, url);
      const gz = await shared.t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      assert.equal(gz.headers['content-encoding'], 'gzip', url);
      assert.deepEqual(gunzipSync(gz.rawPayload), plain.rawPayload);
    }
  });
});

describe('source maps in production', () => {
  test('the bundle is public, but its source map is 404 to anyone signed out and to staff', async () => {
    const bundle = await shared.t.app.inject({ url: shared.t.app.assets.url('app.js') });
    assert.equal(bundle.statusCode, 200);
    assert.match(bundle.body, /sourceMappingURL=app-\w+\.js\.map/);
    for (const url of [mapUrl(shared.t), `${shared.t.app.assets.url('index.js')}.map`, `${shared.t.app.assets.url('app.css')}.map`]) {
      assert.equal((await shared.t.app.inject({ url })).statusCode, 404, url);
      assert.equal((await shared.clerk.inject({ url })).statusCode, 404, url);
    }
  });

  test('administrators get source maps, kept out of shared caches', async () => {
    for (const user of [shared.admin, shared.manager]) {
      const res = await user.inject({ url: mapUrl(shared.t) });
      assert.equal(res.statusCode, 200);
      assert.equal(JSON.parse(res.body).version, 3);
      assert.equal(res.headers['cache-control'], 'private, no-store');
    }
  });
});

describe('source maps in development', () => {
  let dev: TestApp;
  before(async () => {
    dev = await createTestApp({ development: true });
  });
  after(() => dev.close());

  test('anyone gets them, signed in or not', async () => {
    assert.equal((await dev.app.inject({ url: mapUrl(dev) })).statusCode, 200);
    assert.equal((await (await signIn(dev.app, 'clerk')).inject({ url: mapUrl(dev) })).statusCode, 200);
  });
});
