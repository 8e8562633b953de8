// How many exports may run at once on an app instance, and how long one waits for a client that stopped
// reading (export-stall.ts). A download holds a connection (a server's) or a held cursor (embedded) until its client has taken
// the last byte: without a bound, a few stalled downloads would hold them all.
import { EXPORT_CONNECTIONS, type Database } from '../../db/index.ts';

/** Tests lower them. */
export const exportLimits = { concurrent: EXPORT_CONNECTIONS, stallMs: 60_000 };

const running = new WeakMap<Database, number>();

export function exportsRunning(db: Database): number {
  return running.get(db) ?? 0;
}

/** A slot for one export (its release, to call once it ends however it ends), or null when all are taken. */
export function claimExportSlot(db: Database): (() => void) | null {
  if (exportsRunning(db) >= exportLimits.concurrent) return null;
  running.set(db, exportsRunning(db) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running.set(db, exportsRunning(db) - 1);
  };
}
