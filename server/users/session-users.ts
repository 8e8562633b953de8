// Each session's signed-in user, kept for a few seconds: every request of a signed-in person starts by looking
// it up (plugins/session.ts), and at hundreds of requests a second that one statement, in its socket writes
// and PostgreSQL's work, was the largest share of a busy instance's processor time (issue 37's profile). What
// it reads changes through the app, and every such change forgets all that is kept, at once here and through
// the hub on every instance: an account, its roles, instances or group changed (changeTables on the access
// tables: deactivation and a new password end sessions), a session ended (signed out, replaced by a new
// sign-in, refused by the identity provider: `ended` in session.ts and the hub's session-ended), and a gap in
// the hub's events. A kept session whose expiry has passed is read afresh (another instance may have slid
// it); one opened through the identity provider is never kept, as its checks with the provider move it on.
// A change made outside the app (psql) shows within KEPT_MS, as the other kept figures' do.
import type pg from 'pg';
import type { Database } from '../db/index.ts';
import { accessTables } from '../hub/access-changes.ts';
import { keepFiguresOf } from '../table-api/cache/changed-tables.ts';
import { forgetResource, ShortLived } from '../table-api/cache/short-lived.ts';
import { loadSessionUser, type SessionUser } from './current-user.ts';

const KEPT_MS = 10_000;
const SET = 'session-users';
keepFiguresOf(SET, ['sessions', ...accessTables]);

const kept = new ShortLived<SessionUser | null>(KEPT_MS, 10_000);

/** The live session with this id and its active user, as kept or read now (then kept); null if none. */
export async function keptSessionUser(db: Database, sessionId: string): Promise<SessionUser | null> {
  const found = await kept.get(
    db.pool,
    SET,
    [sessionId],
    () => loadSessionUser(db, sessionId),
    (session) => session !== null && !session.viaProvider,
  );
  if (found && found.expiresAt.getTime() <= Date.now()) return loadSessionUser(db, sessionId);
  return found;
}

/** A session ended: none kept is used again before it is read afresh. */
export function forgetSessionUsers(pool: pg.Pool): void {
  forgetResource(pool, SET);
}
