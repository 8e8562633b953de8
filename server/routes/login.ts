// Sign-in and sign-out. Failed attempts are counted in the database (shared by every app instance):
// five failures for one user name, or twenty from one address, in 15 minutes pause sign-in there.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { msg } from '../../common/messages.ts';
import { verifyPassword } from '../auth/password.ts';

const WINDOW_MINUTES = 15;
const MAX_PER_USER = 5;
const MAX_PER_ADDRESS = 20;
// Compared against when the user does not exist, so timing does not tell which user names exist.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

interface LoginBody {
  username?: string;
  password?: string;
  next?: string;
}

/** Only same-site paths: `next` must not send a user elsewhere after sign-in. */
export function safeNext(next: unknown): string {
  return typeof next === 'string' && /^\/(?![/\\])/.test(next) && !next.startsWith('/login') ? next : '/';
}

export default async function loginRoutes(app: FastifyInstance) {
  const form = (req: FastifyRequest, reply: import('fastify').FastifyReply, status: number, error: string, username = '') =>
    reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').viewAsync('login.eta', {
      error,
      username,
      next: safeNext((req.query as { next?: string }).next ?? (req.body as LoginBody | undefined)?.next),
      csrfToken: reply.loginCsrfToken(),
      css: app.assets.url('app.css'),
      js: app.assets.url('app.js'),
      version: app.assets.version,
    });

  app.get('/login', { config: { public: true } }, async (req, reply) => {
    if (req.user) return reply.redirect(safeNext((req.query as { next?: string }).next), 303);
    return form(req, reply, 200, '');
  });

  app.post<{ Body: LoginBody }>(
    '/login',
    {
      config: { public: true, csrf: 'login' },
      schema: {
        body: {
          type: 'object',
          properties: {
            username: { type: 'string', maxLength: 200 },
            password: { type: 'string', maxLength: 1000 },
            next: { type: 'string', maxLength: 2000 },
            _csrf: { type: 'string', maxLength: 200 },
          },
        },
      },
    },
    async (req, reply) => {
      const username = (req.body.username ?? '').trim();
      const password = req.body.password ?? '';
      const pool = app.db.pool;
      const recent = await pool.query<{ by_user: number; by_address: number }>(
        `select count(*) filter (where lower(user_name) = lower($1))::int as by_user,
                count(*) filter (where address = $2)::int as by_address
         from login_attempts where not succeeded and attempted_at > now() - make_interval(mins => $3)`,
        [username, req.ip, WINDOW_MINUTES],
      );
      const counts = recent.rows[0]!;
      if (counts.by_user >= MAX_PER_USER || counts.by_address >= MAX_PER_ADDRESS) {
        return form(req, reply, 429, msg('signInThrottled', WINDOW_MINUTES), username);
      }
      const found = await pool.query<{ user_id: number; password_hash: string; is_active: boolean }>(
        'select user_id, password_hash, is_active from users where lower(user_name) = lower($1)',
        [username],
      );
      const user = found.rows[0];
      const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
      await pool.query('insert into login_attempts (user_name, address, succeeded) values ($1, $2, $3)', [
        username.slice(0, 200),
        req.ip,
        ok && !!user?.is_active,
      ]);
      if (!user || !ok) return form(req, reply, 401, msg('signInFailed'), username);
      if (!user.is_active) return form(req, reply, 403, msg('signInInactive'), username);
      await reply.signIn(user.user_id);
      return reply.redirect(safeNext(req.body.next), 303);
    },
  );

  const logout = async (_req: FastifyRequest, reply: import('fastify').FastifyReply) => {
    await reply.signOut();
    return reply.redirect('/login', 303);
  };
  app.post('/logout', logout);
}
