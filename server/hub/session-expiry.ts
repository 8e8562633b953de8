// A socket outlives the request that opened it, but not its session: a session that expired (no request slid
// it on) or whose user was made inactive closes its sockets as sign-out does. Only sessions whose expiry known
// here has passed are looked up, so an active hub costs the database nothing until then.
import type pg from 'pg';
import type { Connections } from './connections.ts';

export async function endExpiredSessions(pool: pg.Pool, connections: Connections, now = new Date()): Promise<void> {
  const due = connections.sessionsDue(now);
  if (due.length === 0) return;
  const { rows } = await pool.query<{ session_id: string; expires_at: Date }>(
    `select s.session_id, s.expires_at from sessions s join users u using (user_id)
     where s.session_id = any($1) and s.expires_at > $2 and u.is_active`,
    [due, now],
  );
  const live = new Map(rows.map((r) => [r.session_id, r.expires_at]));
  for (const session of due) {
    const expiresAt = live.get(session);
    if (expiresAt) connections.renewSession(session, expiresAt);
    else connections.endSession(session);
  }
}
