// The browser bundle: an entry script and the stylesheet (static/css/app.css), bundled by esbuild with
// content-hashed names into a folder with a manifest.json mapping `app.js` and `app.css` to their files
// (server/assets.ts reads it). scripts/build.mjs builds the app's into static/build/ from islands/boot.ts;
// scripts/test.mjs builds the tests' into .test-cache/build/ from test/support/islands/boot.ts the same way.
// A folder keeps the previous build's files: a page (or a server) still running on them must not lose its
// lazily loaded chunks because a new build landed; older ones are removed.
import * as esbuild from 'esbuild';
import { readdirSync, statSync, writeFileSync, readFileSync, rmSync, existsSync, mkdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const root = fileURLToPath(new URL('..', import.meta.url));
/** What every browser bundle is made of, besides its own entry: a newer file here makes a bundle stale. */
export const browserSources = ['islands', 'common', 'static/css', 'package-lock.json', 'scripts/browser-bundle.mjs'].map((p) =>
  join(root, p),
);

/** The newest modification time of a file or of anything under a folder (0 when missing). */
export function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((f) => newest(join(path, f))));
}

/** Whether `output` exists and is newer than every input. */
export const isFresh = (output, inputs) => existsSync(output) && statSync(output).mtimeMs >= Math.max(...inputs.map(newest));

/** esbuild's options for a bundle of `entry` (a path from the project root, as esbuild's metafile names it) into `outdir`. */
export function browserOptions(entry, outdir) {
  return {
    // Paths in the metafile are then relative to the project root, whatever the working directory.
    absWorkingDir: root,
    // Dialogs' own sheets come when one opens, not with every page (islands/shell/dialog-styles.ts).
    entryPoints: {
      app: join(root, entry),
      'app-style': join(root, 'static/css/app.css'),
      'table-dialogs': join(root, 'static/css/table-dialogs.css'),
      'store-dialog-style': join(root, 'static/css/store-dialog.css'),
    },
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
}

/**
 * Writes outdir's manifest.json from a build of `entry` (its metafile): `app.js` and `app.css` for the pages,
 * `table-dialogs.css` and `store-dialog.css` for dialogs, and each lazily loaded module by its own name. Then removes the files older than the previous build.
 */
export function writeManifest(metafile, entry, outdir) {
  const manifest = {};
  for (const [file, out] of Object.entries(metafile.outputs)) {
    if (!out.entryPoint || file.endsWith('.map')) continue;
    const name = out.entryPoint === entry ? 'app.js' : basename(out.entryPoint).replace(/\.tsx?$/, '.js');
    manifest[name] = relative(outdir, join(root, file));
  }
  // The stylesheet entry emits only CSS; esbuild names it after the entry key.
  for (const file of Object.keys(metafile.outputs)) {
    if (file.endsWith('.css') && basename(file).startsWith('app-style-')) manifest['app.css'] = relative(outdir, join(root, file));
  }
  const filesPath = join(outdir, 'files.json');
  const built = Object.keys(metafile.outputs).map((f) => relative(outdir, join(root, f)));
  const written = [...built, ...precompress(outdir, built)];
  const previous = existsSync(filesPath) ? JSON.parse(readFileSync(filesPath, 'utf8')) : [];
  const keep = new Set([...written, ...previous, 'manifest.json', 'files.json']);
  for (const file of listFiles(outdir)) if (!keep.has(file)) rmSync(join(outdir, file));
  writeFileSync(filesPath, JSON.stringify(written));
  writeFileSync(join(outdir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

/** Builds `entry` into `outdir` once and writes its manifest. */
export async function buildBrowserBundle(entry, outdir) {
  mkdirSync(outdir, { recursive: true });
  const result = await esbuild.build(browserOptions(entry, outdir));
  return writeManifest(result.metafile, entry, outdir);
}

/**
 * Writes each script and stylesheet beside itself compressed at the best ratio, brotli (`.br`) and gzip
 * (`.gz`), which @fastify/static sends to browsers that accept them (preCompressed). Compressing on each
 * request runs brotli at quality 4 to stay quick; done once here at 11, a first load carries about 13% fewer
 * bytes (React alone: 67 KB at 4, 57 KB at 11), which on a slow office line is time a person waits.
 * The names written.
 */
function precompress(outdir, files) {
  const out = [];
  for (const file of files.filter((f) => f.endsWith('.js') || f.endsWith('.css'))) {
    const body = readFileSync(join(outdir, file));
    writeFileSync(join(outdir, `${file}.br`), brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(join(outdir, `${file}.gz`), gzipSync(body, { level: 9 }));
    out.push(`${file}.br`, `${file}.gz`);
  }
  return out;
}

function listFiles(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(dir, join(prefix, e.name)) : [join(prefix, e.name)],
  );
}
