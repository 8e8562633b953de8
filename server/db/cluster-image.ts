// The embedded database's cluster image: a PGlite data directory created and migrated ahead (by the build:
// make-cluster-image.ts), so that a first start on a new data directory copies it instead of creating the
// database (initdb: 3-6 s of processor time) and applying every migration. An image is named by a key over
// what made it (PGlite's version, every migration's name and text); a start uses only the image of the key it
// computes itself, so an image made before a migration changed, or for another PGlite, is never used.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { migrationsDir, root } from '../paths.ts';

/** Where the build leaves the image: beside the server bundle it belongs to. */
export const clusterImagesDir = join(root, 'dist', 'db-image');

/** PostgreSQL writes this file last when it creates a data directory; its presence means "a database is here". */
const VERSION_FILE = 'PG_VERSION';

/** The installed PGlite's version: a data directory is for the PostgreSQL build that made it. */
function pgliteVersion(): string {
  // Its package.json is not among the package's exports: found beside its entry file (dist/index.*).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = JSON.parse(readFileSync(join(dirname(dirname(entry)), 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

/** The key of the image the current migrations and PGlite make. */
export function clusterImageKey(migrations = migrationsDir): string {
  const hash = createHash('sha256').update(`pglite ${pgliteVersion()}\n`);
  for (const file of readdirSync(migrations).sort()) hash.update(`${file}\n`).update(readFileSync(join(migrations, file)));
  return hash.digest('hex').slice(0, 16);
}

/** The folder the current image has (or will have) in `imagesDir`. */
export function clusterImagePath(imagesDir = clusterImagesDir, migrations = migrationsDir): string {
  return join(imagesDir, clusterImageKey(migrations));
}

/** The image a new data directory may start from, if one was made for the current key (never throws: no image then). */
export function currentClusterImage(imagesDir = clusterImagesDir): string | undefined {
  try {
    const image = clusterImagePath(imagesDir);
    return existsSync(join(image, VERSION_FILE)) ? image : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `dataDir` holds a database (PostgreSQL writes PG_VERSION when it has created one). */
export function holdsDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, VERSION_FILE));
}

/**
 * Copies `image` into `dataDir`, which holds no database yet. PG_VERSION goes last: a copy cut short (a crash,
 * a full disk) is then not taken for a database, and the next start copies again. A copy that fails is
 * removed and the error thrown; the caller then creates the database the slow way.
 */
export function copyClusterImage(image: string, dataDir: string): void {
  const entries = readdirSync(image).filter((name) => name !== VERSION_FILE);
  try {
    for (const name of entries) cpSync(join(image, name), join(dataDir, name), { recursive: true });
    cpSync(join(image, VERSION_FILE), join(dataDir, VERSION_FILE));
  } catch (err) {
    for (const name of [VERSION_FILE, ...entries]) rmSync(join(dataDir, name), { recursive: true, force: true });
    throw err;
  }
}
