// Sign-in and sign-out. Tries are throttled per user name and address with growing delays (see
// auth/sign-in-throttle.ts for the policy): a throttled try is answered 429 with Retry-After and the form.
// A page whose session has ended under an open form signs in again in place (islands/shell/sign-in-again.ts):
// asked for JSON, GET /login gives the sign-in token and POST /login answers in JSON, with the new session's
// CSRF token, instead of a page or a redirect.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SchemaRoutes } from '../plugins/typed-routes.ts';
import { msg } from '../messages.ts';
import { verifyPassword } from '../auth/password.ts';
import { admitSignIn } from '../auth/sign-in-attempts.ts';
import { passwordSignsIn } from '../auth/password-sign-in.ts';
import { safeNext } from '../auth/safe-next.ts';
import { sendError, wantsJson } from '../plugins/errors.ts';
import { signInPage, waitMessage } from '../auth/sign-in-page.ts';
import { providerSignOut } from '../auth/oidc/provider-sign-out.ts';

// Compared against when the user does not exist, so timing does not tell which user names exist.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

const loginBody = {
  type: 'object',
  properties: {
    username: { type: 'string', maxLength: 200 },
    password: { type: 'string', maxLength: 1000 },
    // Any value: a bad or over-long `next` is dropped (safeNext), never a reason to refuse the sign-in.
    next: {},
    _csrf: { type: 'string', maxLength: 200 },
  },
} as const;

/** Where to go after signing in, as the query string asks (the form's own `next` goes in its body). */
function queryNext(req: FastifyRequest): unknown {
  return (req.query as { next?: unknown }).next;
}

const loginRoutes: SchemaRoutes = async (app) => {
  const form = (reply: FastifyReply, status: number, error: string, next: unknown, username = '') =>
    signInPage(app, reply, { status, error, next, username });

  app.get('/login', { config: { public: true, ownValueChecks: ['next'] } }, async (req, reply) => {
    if (wantsJson(req)) return reply.send({ csrf: reply.loginCsrfToken() });
    if (req.user) return reply.redirect(safeNext(queryNext(req)), 303);
    return form(reply, 200, '', queryNext(req));
  });

  app.post(
    '/login',
    { config: { public: true, csrf: 'login', ownValueChecks: ['next'] }, schema: { body: loginBody } },
    async (req, reply) => {
      const next = queryNext(req) ?? req.body.next;
      const username = (req.body.username ?? '').trim();
      const password = req.body.password ?? '';
      const pool = app.db.pool;
      const attempt = await admitSignIn(pool, username, req.ip, app.config.limits.signIn);
      const json = wantsJson(req);
      // In the form again, or in JSON to a page signing in again in place.
      const refuse = (status: number, error: string) =>
        json ? sendError(req, reply, status, error) : form(reply, status, error, next, username);
      if ('wait' in attempt) {
        app.metrics.signInFailures.inc({ reason: 'throttled' });
        reply.header('Retry-After', String(attempt.wait));
        return refuse(429, waitMessage(attempt.wait));
      }
      // Passwords switched off: only the break-glass user's is checked; anyone else is told to use the provider
      // (before the password is read, so the answer says nothing of it; counted as a failure all the same).
      if (!passwordSignsIn(app.config, username, true)) return refuse(403, msg('passwordSignInOff', app.config.oidc?.buttonLabel ?? ''));
      const found = await pool.query<{
        user_id: number;
        user_name: string;
        password_hash: string;
        is_active: boolean;
        is_super_admin: boolean;
        must_change_password: boolean;
      }>(
        'select user_id, user_name, password_hash, is_active, is_super_admin, must_change_password from users where lower(user_name) = lower($1)',
        [username],
      );
      const user = found.rows[0];
      const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
      // An inactive account is answered as a wrong password, right password or not: the answer must not
      // tell a guesser that the password they tried is the right one.
      // The break-glass user is refused as a wrong password, too, if they are no super administrator.
      if (!user || !ok || !user.is_active || !passwordSignsIn(app.config, user.user_name, user.is_super_admin)) {
        app.metrics.signInFailures.inc({ reason: 'refused' });
        return refuse(401, msg('signInFailed'));
      }
      await attempt.succeeded();
      const csrfToken = await reply.signIn(user.user_id);
      if (json) {
        // Who signed in (the page may be another user's) and whether their password must change first.
        return reply.send({ userId: user.user_id, csrfToken, mustChangePassword: user.must_change_password });
      }
      return reply.redirect(safeNext(req.body.next), 303);
    },
  );

  // A session opened through the provider is ended there too, where the provider offers it (provider-sign-out.ts).
  const logout = async (req: FastifyRequest, reply: FastifyReply) => {
    const { providerIdToken } = await reply.signOut();
    if (providerIdToken) return providerSignOut(app, req, reply, providerIdToken);
    return reply.redirect('/login', 303);
  };
  // Open to a user who must change their password first: signing out is always possible.
  app.post('/logout', { config: { passwordChange: true } }, logout);
};

export default loginRoutes;
