// Bundles the browser code (islands/boot.ts and the lazily loaded islands) and the stylesheet into
// static/build/ with content-hashed names and a manifest.json (scripts/browser-bundle.mjs). Also
// bundles the server into dist/server/ for `npm start` (and the seeding tool for `npm run seed`): plain
// JavaScript, so a production install needs no TypeScript loader (tsx is a dev dependency) and the running
// server holds none in memory (about 35 MB of it); node_modules stay outside the bundle. Then, beside the
// browser bundle, it makes the embedded database's cluster image (dist/db-image/: server/db/cluster-image.ts)
// when the server was built, so that a first start copies a migrated database instead of creating one.
//   node scripts/build.mjs             build once
//   node scripts/build.mjs --if-stale  build only when a source is newer than the manifest
//   node scripts/build.mjs --watch     rebuild on change (npm run dev)
import * as esbuild from 'esbuild';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { browserOptions, browserSources, buildBrowserBundle, isFresh, root, writeManifest } from './browser-bundle.mjs';

const entry = 'islands/boot.ts';
const outdir = join(root, 'static/build');
const manifestPath = join(outdir, 'manifest.json');
const sources = [...browserSources, join(root, 'scripts/build.mjs')];

const serverOut = join(root, 'dist/server');
const imagesDir = join(root, 'dist/db-image');
const serverSources = ['server', 'common', 'islands', 'package-lock.json', 'scripts/build.mjs'].map((p) => join(root, p));
const serverOptions = {
  entryPoints: {
    // main.mjs sets NODE_ENV before it loads server.mjs (server/launch.ts).
    main: join(root, 'server/launch.ts'),
    server: join(root, 'server/main.ts'),
    'embedded-server': join(root, 'server/db/embedded-server.ts'),
    'seed-cli': join(root, 'server/demo/seed-cli.ts'),
    'cluster-image-cli': join(root, 'server/db/cluster-image-cli.ts'),
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outdir: serverOut,
  outExtension: { '.js': '.mjs' },
  sourcemap: 'linked',
  logLevel: 'warning',
};

/**
 * Makes the cluster image (the CLI does nothing when the image of the current key is there), with PGlite's
 * WebAssembly compiled for a short run (server/paths.ts). Never fails the build: without an image, a first
 * start creates its database itself, as it did before images.
 */
function makeClusterImage() {
  const child = spawn(process.execPath, [join(serverOut, 'cluster-image-cli.mjs')], {
    stdio: 'inherit',
    env: { ...process.env, EMBEDDED_DB_BASELINE: '1' },
  });
  return new Promise((resolve) => {
    const warn = (why) => {
      console.warn(`no database image (a first start creates its database itself): ${why}`);
      resolve();
    };
    child.once('error', (err) => warn(err.message));
    child.once('exit', (code) => (code === 0 ? resolve() : warn(`making it exited with ${code}`)));
  });
}

const args = new Set(process.argv.slice(2));
const serverStale = !(args.has('--if-stale') && isFresh(join(serverOut, 'server.mjs'), serverSources));
if (!args.has('--watch') && serverStale) {
  await esbuild.build(serverOptions);
  console.log('built dist/server/main.mjs, server.mjs, embedded-server.mjs, seed-cli.mjs, cluster-image-cli.mjs');
}
// Made while the browser bundle builds: the server's sources (the migrations among them) may have changed it.
const image = !args.has('--watch') && (serverStale || !existsSync(imagesDir)) ? makeClusterImage() : Promise.resolve();
if (args.has('--if-stale') && isFresh(manifestPath, sources)) {
  await image;
  process.exit(0);
}
if (args.has('--watch')) {
  mkdirSync(outdir, { recursive: true });
  const ctx = await esbuild.context({
    ...browserOptions(entry, outdir),
    // The callback returns nothing: esbuild reads an object it returns as options.
    plugins: [
      {
        name: 'manifest',
        setup(b) {
          b.onEnd((r) => {
            if (r.metafile) writeManifest(r.metafile, entry, outdir);
          });
        },
      },
    ],
  });
  await ctx.watch();
  console.log('esbuild: watching islands/, common/ and static/css/');
} else {
  const manifest = await buildBrowserBundle(entry, outdir);
  console.log(`built ${Object.values(manifest).join(', ')}`);
  await image;
}
