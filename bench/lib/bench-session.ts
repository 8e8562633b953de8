// A signed-in session made straight in the database, for benches: a bench database may be a chain seeded by
// `npm run seed`, whose users have that seed's passwords, not the bench's, so signing in through /login with
// the bench's password would fail (401). The row is the one a sign-in writes (server/plugins/session.ts).
import { randomBytes } from 'node:crypto';
import type { Database } from '../../server/db/index.ts';
import { hashToken, SESSION_COOKIE } from '../../server/plugins/session.ts';

/** A new session of `username` (a day long), as the Cookie header that carries it. */
export async function benchSession(db: Database, username: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const made = await db.pool.query(
    `insert into sessions (session_id, user_id, csrf_token, expires_at)
     select $1, user_id, $2, now() + interval '1 day' from users where lower(user_name) = lower($3) and is_active`,
    [hashToken(token), randomBytes(24).toString('base64url'), username],
  );
  if (made.rowCount !== 1) throw new Error(`the bench database has no user ${username}`);
  return `${SESSION_COOKIE}=${token}`;
}

/** `count` staff of every kind of `roles` in turn, each with a session of their own. */
export async function staffSessions<R extends string>(
  db: Database,
  roles: ReadonlyArray<R>,
  count: number,
): Promise<Array<{ role: R; cookie: string }>> {
  const people: Array<{ role: R; cookie: string }> = [];
  for (let i = 0; i < count; i++) {
    const role = roles[i % roles.length]!;
    people.push({ role, cookie: await benchSession(db, role) });
  }
  return people;
}
