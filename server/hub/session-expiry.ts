// A socket outlives the request that opened it, but not its session: a session that expired (no request slid
// it on), ended (signed out) or whose user was made inactive closes its sockets as sign-out does. Every
// heartbeat, only sessions whose expiry known here has passed are looked up, so an active hub costs the
// database nothing until then; after a gap in the hub's events every session with a socket here is looked up
// (missed-events.ts), as a sign-out announced during the gap never arrived.
import type pg from 'pg';
import type { Connections } from './connections.ts';

export async function endExpiredSessions(pool: pg.Pool, connections: Connections, now = new Date()): Promise<void> {
  await checkSessions(pool, connections, connections.sessionsDue(now), now);
}

/** Closes the sockets of those of `sessions` that no longer live; the others learn their expiry. */
export async function checkSessions(pool: pg.Pool, connections: Connections, sessions: string[], now = new Date()): Promise<void> {
  if (sessions.length === 0) return;
  const { rows } = await pool.query<{ session_id: string; expires_at: Date }>(
    `select s.session_id, s.expires_at from sessions s join users u using (user_id)
     where s.session_id = any($1) and s.expires_at > $2 and u.is_active`,
    [sessions, now],
  );
  const live = new Map(rows.map((r) => [r.session_id, r.expires_at]));
  for (const session of sessions) {
    const expiresAt = live.get(session);
    if (expiresAt) connections.renewSession(session, expiresAt);
    else connections.endSession(session);
  }
}
