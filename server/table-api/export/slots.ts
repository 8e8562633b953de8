// How many exports may run at once, per user and per app instance, and how long one waits for a client that
// stopped reading (stall.ts). A download holds a connection (a server's) or a held cursor (embedded) until its
// client has taken the last byte: without a bound, a few stalled downloads would hold them all, and one user
// starting export after export would slow everyone. A slot is held until the export's own work has ended,
// not only its response: a client that leaves does not free the database from the rows it asked for.
import { msg } from '../../messages.ts';
import type { Database } from '../../db/index.ts';
import type { Limits } from '../../limits.ts';

/** Exports under way on each database, by user id. */
const running = new WeakMap<Database, Map<number, number>>();

function runningByUser(db: Database): Map<number, number> {
  let byUser = running.get(db);
  if (!byUser) running.set(db, (byUser = new Map()));
  return byUser;
}

export function exportsRunning(db: Database): number {
  let total = 0;
  for (const count of runningByUser(db).values()) total += count;
  return total;
}

/** A slot for one export of this user's (its release, to call once the export has ended), or why none is free. */
export function claimExportSlot(db: Database, userId: number, limits: Limits['exports']): { release: () => void } | { refusal: string } {
  const byUser = runningByUser(db);
  if (exportsRunning(db) >= limits.atOnce) return { refusal: msg('tableExportBusy', limits.atOnce) };
  if ((byUser.get(userId) ?? 0) >= limits.perUser) return { refusal: msg('tableExportUserBusy', limits.perUser) };
  byUser.set(userId, (byUser.get(userId) ?? 0) + 1);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      const left = (byUser.get(userId) ?? 1) - 1;
      if (left > 0) byUser.set(userId, left);
      else byUser.delete(userId);
    },
  };
}
