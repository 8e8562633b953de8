// How many exports may run at once, per user and per app instance, and how long one waits for a client that
// stopped reading (stall.ts). A download holds a connection (a server's) or a held cursor (embedded) until its
// client has taken the last byte: without a bound, a few stalled downloads would hold them all, and one user
// starting export after export would slow everyone. A slot is held until the export's own work has ended,
// not only its response: a client that leaves does not free the database from the rows it asked for.
import { msg } from '../../messages.ts';
import type { Database } from '../../db/index.ts';
import type { Limits } from '../../limits.ts';
import { slotsOf, type UserSlots } from '../../user-slots.ts';

/** Exports under way on each database. */
const running = new WeakMap<Database, UserSlots>();

export function exportsRunning(db: Database): number {
  return slotsOf(running, db).total;
}

/** A slot for one export of this user's (its release, to call once the export has ended), or why none is free. */
export function claimExportSlot(db: Database, userId: number, limits: Limits['exports']): { release: () => void } | { refusal: string } {
  const slots = slotsOf(running, db);
  if (slots.total >= limits.atOnce) return { refusal: msg('tableExportBusy', limits.atOnce) };
  if (slots.heldBy(userId) >= limits.perUser) return { refusal: msg('tableExportUserBusy', limits.perUser) };
  return { release: slots.take(userId) };
}
