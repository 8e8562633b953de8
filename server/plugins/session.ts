// Server-side sessions: the cookie holds a random token, the database holds its SHA-256 with the user,
// the CSRF token and the session's data (e.g. saved table state). Expiry slides on use. Every app
// instance reads the same table, so any instance can serve any request.
// The lookup starts as the request arrives and is awaited by the request gate (request-gate.ts), before the
// access and CSRF checks: what a route does between (reading its parameters, e.g. a table request's) runs
// while the database answers. The session's user is kept for a few seconds (users/session-users.ts): every
// request asks for it, and every change to what it reads, a session ended included, forgets it.
import { createHash, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '../messages.ts';
import type { CurrentUser } from '../../common/roles.ts';
import type pg from 'pg';
import { inTransaction } from '../db/transaction.ts';
import { forgetSessionUsers, keptSessionUser } from '../users/session-users.ts';
import { providerSessionStands, type ProviderTokens } from '../auth/oidc/provider-sessions.ts';

/** The cookie that carries a session's token (benches make sessions of their own: bench/lib/bench-session.ts). */
export const SESSION_COOKIE = 'backroom_sid';

interface Session {
  id: string;
  csrfToken: string;
  expiresAt: Date;
  /** The user's password is temporary (set by an administrator): they must choose their own before anything else. */
  mustChangePassword: boolean;
  /** The user has a password at all (one made through the company's identity provider has none). */
  hasPassword: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Known once the request gate has run (request-gate.ts; or after `await signedIn(req)`); null when signed out. */
    user: CurrentUser | null;
    /** The user of a route behind the request gate, which lets nobody signed out through; a 401 anywhere else. */
    signedInUser(): CurrentUser;
    session: Session | null;
    /** The session lookup under way, if the request carries a session cookie. */
    sessionLookup: Promise<void> | null;
  }
  interface FastifyInstance {
    /** Runs `listener` with a session's id when it ends: signed out, or replaced by a new sign-in. */
    onSessionEnd(listener: (sessionId: string) => void): void;
  }
  interface FastifyReply {
    /**
     * Starts a session for the user (ending this browser's earlier one); gives its CSRF token. A sign-in
     * through the company's identity provider keeps its tokens, to check the session with it and sign out there.
     */
    signIn(userId: number, provider?: ProviderTokens): Promise<string>;
    /** Ends this browser's session; gives the provider's ID token when the session came through the provider. */
    signOut(): Promise<{ providerIdToken: string | null }>;
    /**
     * Runs `change`, which ends every session of the signed-in user (a new password: migration 013), in one
     * transaction with writing this browser's session back as it was (its id, CSRF token and data, the tables'
     * saved state): the browser stays signed in and its open tabs keep working; the user's others are signed out.
     */
    keepSessionThrough(change: (client: pg.PoolClient) => Promise<void>): Promise<void>;
  }
}

/** A session's id in the database: the SHA-256 of its cookie's token, never the token itself. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
/** Sliding expiry is written at most once a minute per session, not on every request. */
const SLIDE_GRANULARITY_MS = 60_000;

/** A request that needs a user has none: answered as a 401 (plugins/errors.ts). */
class NotSignedIn extends Error {
  readonly statusCode = 401;
  constructor() {
    super(msg('unauthenticated'));
  }
}

/** Settles when the request's user and session are known (they are once the request gate has run). */
export async function signedIn(req: FastifyRequest): Promise<void> {
  if (req.sessionLookup) await req.sessionLookup;
}

export default fp(async function sessions(app: FastifyInstance) {
  const seconds = app.config.sessionSeconds;
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);
  app.decorateRequest('sessionLookup', null);
  app.decorateRequest('signedInUser', function (this: FastifyRequest) {
    if (!this.user) throw new NotSignedIn();
    return this.user;
  });
  const endListeners: Array<(sessionId: string) => void> = [];
  app.decorate('onSessionEnd', (listener: (sessionId: string) => void) => void endListeners.push(listener));
  const ended = (sessionId: string) => {
    forgetSessionUsers(app.db.pool);
    for (const listener of endListeners) listener(sessionId);
  };

  app.addHook('onRequest', (req, reply, done) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token && token.length <= 100) {
      req.sessionLookup = lookUp(req, reply, token);
      // Awaited by the gate; a request that ends before (a refused body) must not leave it unhandled.
      req.sessionLookup.catch(() => {});
    }
    done();
  });

  async function lookUp(req: FastifyRequest, reply: FastifyReply, token: string): Promise<void> {
    const id = hashToken(token);
    const found = await keptSessionUser(app.db, id);
    if (found?.providerCheckDue && !(await providerSessionStands(app.db.pool, app.oidc, id, req.log))) {
      // The provider no longer vouches for the user: the session ends here, as a sign-out would end it.
      await app.db.pool.query('delete from sessions where session_id = $1', [id]);
      ended(id);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return;
    }
    if (!found) {
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return;
    }
    req.user = found.user;
    req.session = {
      id,
      csrfToken: found.csrfToken,
      expiresAt: found.expiresAt,
      mustChangePassword: found.mustChangePassword,
      hasPassword: found.hasPassword,
    };
    if (found.expiresAt.getTime() - Date.now() < seconds * 1000 - SLIDE_GRANULARITY_MS) {
      const r = await app.db.pool.query<{ expires_at: Date }>(
        `update sessions set expires_at = now() + make_interval(secs => $2) where session_id = $1 returning expires_at`,
        [id, seconds],
      );
      // In what is kept too, so that the next requests do not slide it again.
      if (r.rows[0]) req.session.expiresAt = found.expiresAt = r.rows[0].expires_at;
      setCookie(req, reply, token);
    }
  }

  app.decorateReply('signIn', async function (this: FastifyReply, userId: number, provider?: ProviderTokens) {
    const token = randomBytes(32).toString('base64url');
    const csrf = randomBytes(24).toString('base64url');
    // Sign-in replaces any earlier session of this browser (no session fixation).
    const old = this.request.cookies[SESSION_COOKIE];
    if (old) {
      await app.db.pool.query('delete from sessions where session_id = $1', [hashToken(old)]);
      ended(hashToken(old));
    }
    await app.db.pool.query(
      `insert into sessions (session_id, user_id, csrf_token, expires_at, provider_id_token, provider_refresh_token, provider_check_at)
       values ($1, $2, $3, now() + make_interval(secs => $4), $5, $6, now() + make_interval(secs => $7))`,
      [
        hashToken(token),
        userId,
        csrf,
        seconds,
        provider?.idToken ?? null,
        provider?.refreshToken ?? null,
        provider?.checkInSeconds ?? null,
      ],
    );
    // Expired sessions are swept at sign-in, which is often enough and costs nothing on ordinary requests.
    await app.db.pool.query('delete from sessions where expires_at < now()');
    setCookie(this.request, this, token);
    return csrf;
  });

  app.decorateReply('keepSessionThrough', async function (this: FastifyReply, change: (client: pg.PoolClient) => Promise<void>) {
    const session = this.request.session;
    if (!session) throw new NotSignedIn();
    await inTransaction(app.db.pool, async (client) => {
      // The row as it is, written back after `change` has deleted it: committed together, the session never
      // goes missing, so its cookie and the hub sockets of its other tabs carry on (the hub closes only the
      // sockets of sessions gone).
      const kept = await client.query<
        { user_id: number; csrf_token: string; data: unknown; created_at: Date; expires_at: Date } & Record<string, unknown>
      >(
        `select user_id, csrf_token, data, created_at, expires_at, provider_id_token, provider_refresh_token, provider_check_at
         from sessions where session_id = $1 for update`,
        [session.id],
      );
      const row = kept.rows[0];
      if (!row) throw new NotSignedIn();
      await change(client);
      await client.query(
        `insert into sessions (session_id, user_id, csrf_token, data, created_at, expires_at, provider_id_token, provider_refresh_token,
                               provider_check_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9) on conflict (session_id) do nothing`,
        [
          session.id,
          row.user_id,
          row.csrf_token,
          row.data,
          row.created_at,
          row.expires_at,
          row.provider_id_token,
          row.provider_refresh_token,
          row.provider_check_at,
        ],
      );
    });
  });

  app.decorateReply('signOut', async function (this: FastifyReply) {
    const token = this.request.cookies[SESSION_COOKIE];
    let providerIdToken: string | null = null;
    if (token) {
      const r = await app.db.pool.query<{ provider_id_token: string | null }>(
        'delete from sessions where session_id = $1 returning provider_id_token',
        [hashToken(token)],
      );
      providerIdToken = r.rows[0]?.provider_id_token ?? null;
      ended(hashToken(token));
    }
    this.clearCookie(SESSION_COOKIE, { path: '/' });
    return { providerIdToken };
  });

  function setCookie(req: FastifyRequest, reply: FastifyReply, token: string): void {
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: req.protocol === 'https',
      maxAge: seconds,
    });
  }
});
