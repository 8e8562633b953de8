// Who may reach what, decided in one place: routes are private unless marked public, and a route may
// name the access it needs (role or admin flags). Signed-out page visits and forms go to /login; API calls
// and partial requests get 401 (the browser then reloads the whole page, which lands on /login).
// Run by the request gate (request-gate.ts), once the session is known.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { allows, type Access, type CurrentUser } from '../../common/roles.ts';
import { msg } from '../messages.ts';
import { isPartial } from './partial-pages.ts';
import { sendError, wantsJson } from './errors.ts';

/**
 * The access a route needs: a rule (`false`: nobody), or, for a route whose rule depends on what the
 * request asks (a POST that lists or adds), a function deciding for the signed-in user.
 */
type RouteAccess = Access | false | ((req: FastifyRequest, user: CurrentUser) => boolean);

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    access?: RouteAccess;
  }
}

/** Undefined when the request may reach its route; otherwise the refusal, sent. */
export function accessRefusal(req: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply> | undefined {
  const config = req.routeOptions.config;
  if (config.public || !req.routeOptions.url) return undefined;
  if (!req.user) {
    if (wantsJson(req) || isPartial(req)) return sendError(req, reply, 401, msg('unauthenticated'));
    // A page visit comes back after signing in; a form sent signed out (Sign out, once the session has
    // expired) cannot be replayed, so it lands on the sign-in page alone.
    const visit = req.method === 'GET' || req.method === 'HEAD';
    return reply.redirect(visit ? `/login?next=${encodeURIComponent(req.url)}` : '/login', 303);
  }
  const admitted = typeof config.access === 'function' ? config.access(req, req.user) : allows(req.user, config.access);
  if (!admitted) return sendError(req, reply, 403, msg('forbidden'));
  return undefined;
}
