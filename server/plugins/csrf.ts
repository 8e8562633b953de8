// Every mutating request must carry the session's CSRF token, in the X-CSRF-Token header (scripts, read
// from <meta name="csrf-token">) or a `_csrf` form field. Sign-in has no session yet: its form carries
// a token that must match a short-lived cookie (double submit).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '../messages.ts';
import { sendError } from './errors.ts';

const LOGIN_CSRF_COOKIE = 'backroom_login_csrf';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyReply {
    /** Issues the sign-in form's token (and its cookie). */
    loginCsrfToken(): string;
  }
  interface FastifyContextConfig {
    /** Routes that check their own token (sign-in) or need none (error reports from the sign-in page). */
    csrf?: 'login' | 'none';
  }
}

export function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function submitted(req: FastifyRequest): string | undefined {
  const header = req.headers['x-csrf-token'];
  if (typeof header === 'string') return header;
  const body = req.body as Record<string, unknown> | undefined;
  return body && typeof body._csrf === 'string' ? body._csrf : undefined;
}

/**
 * Undefined when the request is safe or carries the right token; otherwise the refusal, sent. Run by the
 * request gate (request-gate.ts) as a preHandler, not onRequest: form bodies must be parsed before the
 * field can be read.
 */
export function csrfRefusal(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> | undefined {
  if (SAFE.has(req.method)) return undefined;
  const mode = req.routeOptions.config.csrf;
  if (mode === 'none') return undefined;
  const expected = mode === 'login' ? req.cookies[LOGIN_CSRF_COOKIE] : req.session?.csrfToken;
  return sameToken(submitted(req), expected) ? undefined : sendError(req, reply, 403, msg('csrfFailed'));
}

export default fp(async function csrf(app: FastifyInstance) {
  app.decorateReply('loginCsrfToken', function (this: FastifyReply) {
    const token = randomBytes(18).toString('base64url');
    this.setCookie(LOGIN_CSRF_COOKIE, token, { path: '/login', httpOnly: true, sameSite: 'lax', maxAge: 3600 });
    return token;
  });
});
