// The embedded database's own process: PGlite (PostgreSQL in WASM) runs its queries synchronously on the
// thread that calls it, so it lives here, in a child process, and the app talks to it over a unix socket
// with an ordinary PostgreSQL client. A slow query then never stalls the HTTP server's event loop.
// A new data directory starts as a copy of the cluster image the build made, when one is given (cluster-image.ts).
import { mkdirSync, openSync, closeSync, writeSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { copyClusterImage, holdsDatabase } from './cluster-image.ts';
import type { DatabaseCreation } from './embedded.ts';

const [dataDir, socketPath, image] = process.argv.slice(2);
if (!dataDir || !socketPath) throw new Error('usage: embedded-server DATA_DIR SOCKET_PATH [CLUSTER_IMAGE]');

const lockPath = join(dataDir, 'backroom.lock');
let db: PGlite;
let created: DatabaseCreation;
try {
  mkdirSync(dataDir, { recursive: true });
  takeLock(lockPath);
  created = prepareDataDir(dataDir, image);
  db = await PGlite.create({ dataDir, extensions: { pg_trgm } });
} catch (err) {
  // Tell the parent why in one line; it shows this to whoever started the app.
  process.send?.({ error: (err as Error).message });
  process.exit(1);
}
// The app's pool keeps ONE connection (PGlite has one backend; concurrent connections sharing it can receive
// each other's results). The server still admits a few, because `pg` drops a connection after a query error
// and opens the next one before the old socket has finished closing: with a limit of 1 that new connection
// would be refused.
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 4 });
await server.start();
process.send?.({ ready: true, created });

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  try {
    await server.stop();
    await db.close();
  } finally {
    releaseLock(lockPath);
    process.exit(0);
  }
}
process.on('message', (m: unknown) => {
  if (m && typeof m === 'object' && 'stop' in m) void stop();
});
// The parent died or closed the channel: never keep a data directory open with nobody to serve.
process.on('disconnect', () => void stop());
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

/** Under the lock: where this start's database comes from. An image that cannot be copied leaves PGlite to create it. */
function prepareDataDir(dir: string, image: string | undefined): DatabaseCreation {
  if (holdsDatabase(dir)) return { from: 'existing' };
  if (!image) return { from: 'initdb' };
  try {
    copyClusterImage(image, dir);
    return { from: 'image' };
  } catch (err) {
    return { from: 'initdb', imageError: (err as Error).message };
  }
}

/** PGlite takes no lock on its directory, and two writers would corrupt it: refuse a live second owner. */
function takeLock(path: string): void {
  try {
    const fd = openSync(path, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const owner = Number.parseInt(readFileSync(path, 'utf8'), 10);
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(`The data directory ${dataDir} is in use by process ${owner}.`);
    }
    unlinkSync(path);
    takeLock(path);
  }
}

function releaseLock(path: string): void {
  try {
    if (Number.parseInt(readFileSync(path, 'utf8'), 10) === process.pid) unlinkSync(path);
  } catch {
    // Already gone: nothing to release.
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
