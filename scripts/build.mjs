// Bundles the browser code (islands/boot.ts and the lazily loaded islands) and the stylesheet into
// static/build/ with content-hashed names, and writes manifest.json mapping entry names to files. Also
// bundles the server into dist/server/ for `npm start`: plain JavaScript, so the running server holds no
// TypeScript loader in memory (about 35 MB of it); node_modules stay outside the bundle.
// The previous build's files are kept: a page (or a server) still running on them must not lose its
// lazily loaded chunks because a new build landed; older ones are removed.
//   node scripts/build.mjs             build once
//   node scripts/build.mjs --if-stale  build only when a source is newer than the manifest
//   node scripts/build.mjs --watch     rebuild on change (npm run dev)
import * as esbuild from 'esbuild';
import { readdirSync, statSync, writeFileSync, readFileSync, rmSync, existsSync, mkdirSync } from 'node:fs';
import { join, relative, basename } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = join(root, 'static/build');
const manifestPath = join(outdir, 'manifest.json');
// Every file the last build wrote, so the one after it knows what it may remove.
const filesPath = join(outdir, 'files.json');
const sources = ['islands', 'common', 'static/css', 'package-lock.json', 'scripts/build.mjs'].map((p) => join(root, p));

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((f) => newest(join(path, f))));
}

const options = {
  entryPoints: { app: join(root, 'islands/boot.ts'), 'app-style': join(root, 'static/css/app.css') },
  bundle: true,
  format: 'esm',
  splitting: true,
  minify: true,
  sourcemap: 'linked',
  target: ['chrome120', 'firefox120', 'safari17'],
  outdir,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunks/[name]-[hash]',
  assetNames: 'assets/[name]-[hash]',
  metafile: true,
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
};

function writeManifest(metafile) {
  const manifest = {};
  for (const [file, out] of Object.entries(metafile.outputs)) {
    if (!out.entryPoint || file.endsWith('.map')) continue;
    const name = basename(out.entryPoint).replace(/\.tsx?$/, '.js');
    manifest[name === 'boot.js' ? 'app.js' : name.endsWith('.css') ? 'app.css' : name] = relative(outdir, join(root, file));
  }
  // The stylesheet entry emits only CSS; esbuild names it after the entry key.
  for (const file of Object.keys(metafile.outputs)) {
    if (file.endsWith('.css') && basename(file).startsWith('app-style-')) manifest['app.css'] = relative(outdir, join(root, file));
  }
  const written = Object.keys(metafile.outputs).map((f) => relative(outdir, join(root, f)));
  const previous = existsSync(filesPath) ? JSON.parse(readFileSync(filesPath, 'utf8')) : [];
  const keep = new Set([...written, ...previous, 'manifest.json', 'files.json']);
  for (const file of listFiles(outdir)) if (!keep.has(file)) rmSync(join(outdir, file));
  writeFileSync(filesPath, JSON.stringify(written));
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
  return manifest;
}

function listFiles(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(dir, join(prefix, e.name)) : [join(prefix, e.name)],
  );
}

const serverOut = join(root, 'dist/server');
const serverSources = ['server', 'common', 'package-lock.json', 'scripts/build.mjs'].map((p) => join(root, p));
const serverOptions = {
  entryPoints: { main: join(root, 'server/main.ts'), 'embedded-server': join(root, 'server/db/embedded-server.ts') },
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

const args = new Set(process.argv.slice(2));
const isFresh = (output, inputs) => existsSync(output) && statSync(output).mtimeMs >= Math.max(...inputs.map(newest));
if (!args.has('--watch') && !(args.has('--if-stale') && isFresh(join(serverOut, 'main.mjs'), serverSources))) {
  await esbuild.build(serverOptions);
  console.log('built dist/server/main.mjs, dist/server/embedded-server.mjs');
}
if (args.has('--if-stale') && isFresh(manifestPath, sources)) {
  process.exit(0);
}
mkdirSync(outdir, { recursive: true });
if (args.has('--watch')) {
  const ctx = await esbuild.context({
    ...options,
    plugins: [{ name: 'manifest', setup(b) { b.onEnd((r) => r.metafile && writeManifest(r.metafile)); } }],
  });
  await ctx.watch();
  console.log('esbuild: watching islands/, common/ and static/css/');
} else {
  const result = await esbuild.build(options);
  const manifest = writeManifest(result.metafile);
  console.log(`built ${Object.values(manifest).join(', ')}`);
}
