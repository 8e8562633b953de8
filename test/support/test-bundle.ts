// The tests' browser bundle: the app's own with the islands only tests use (entry test/support/islands/boot.ts),
// which `npm test` builds into .test-cache/build/ (scripts/test.mjs) the way `npm run build` builds the app's.
// A test app that loads it in a browser serves it at /static/test-build/ in place of the app's bundle.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { loadAssets, type Assets } from '../../server/assets.ts';
import { staticFileRules } from '../../server/static-files.ts';
import { cacheDir } from './template-db.ts';

export const testBundleDir = `${join(cacheDir, 'build')}/`;
const urlPath = '/static/test-build/';

export function testBundleAssets(): Assets {
  return loadAssets(testBundleDir, urlPath);
}

/**
 * Served as the app serves its own bundle (server/app.ts): the brotli files the build wrote beside each script
 * (not compressed again on every request, which cost each browser test's server processor time) and cached
 * for good by their hashed names, so a browser context loads each file once, not once per page.
 */
export async function serveTestBundle(app: FastifyInstance): Promise<void> {
  // The app's own static plugin decorates the reply already.
  await app.register(fastifyStatic, {
    root: testBundleDir,
    prefix: urlPath,
    decorateReply: false,
    preCompressed: true,
    ...staticFileRules(app.config),
  });
}
