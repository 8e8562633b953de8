// Who may reach what, decided in one place, before any handler runs: routes are private unless marked
// public, and a route names the access it needs in its config: a rule (role or admin flags), or a function
// deciding from the request (what a POST lists or adds, the menu entry of a page, the table a screen shows,
// the report a request names): shell/menu.ts, table-screen/table-access.ts and reports/report-access.ts make
// those. Signed-out page visits and forms go to /login; API calls and partial requests get 401 (the browser
// then reloads the whole page, which lands on /login); a refusal is a 403 through the one error path. A user
// whose password is temporary reaches only the routes marked `passwordChange` (the form to change it, sign
// out): page visits go to that form, API calls get 403 (partial requests 401, to load the whole page). A
// refused request runs no handler: the gate (request-gate.ts) returns the reply it is sending.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { allows } from '../../common/roles.ts';
import { msg } from '../messages.ts';
import type { RouteAccess } from './route-access.ts';
import { isPartial } from './partial-pages.ts';
import { sendError, wantsJson } from './errors.ts';

export type { RouteAccess } from './route-access.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    access?: RouteAccess;
    /** Reachable by a user whose password is temporary (they must change it first: every other route sends them there). */
    passwordChange?: boolean;
  }
}

/** A route's access when it needs several: each must admit (the rules without a database read go first). */
export function everyOf(...rules: ReadonlyArray<RouteAccess>): RouteAccess {
  return async (req, user) => {
    for (const rule of rules) if (!(typeof rule === 'function' ? await rule(req, user) : allows(user, rule))) return false;
    return true;
  };
}

type Decision = 'admit' | 'sign-in' | 'forbid' | 'change-password';

/** Where a user whose password is temporary chooses their own (server/routes/account-password.ts). */
export const PASSWORD_CHANGE_PATH = '/account/password';

/** Whether the request may reach its route, or what it is told instead. */
export function accessDecision(req: FastifyRequest): Decision | Promise<Decision> {
  const config = req.routeOptions.config;
  if (config.public || !req.routeOptions.url) return 'admit';
  if (!req.user) return 'sign-in';
  if (req.session?.mustChangePassword && !config.passwordChange) return 'change-password';
  const { access } = config;
  if (typeof access !== 'function') return allows(req.user, access) ? 'admit' : 'forbid';
  const admitted = access(req, req.user);
  if (typeof admitted === 'boolean') return admitted ? 'admit' : 'forbid';
  return admitted.then((yes) => (yes ? 'admit' : 'forbid'));
}

/** Sends what a request refused by `decision` is told. */
export function refuseAccess(
  req: FastifyRequest,
  reply: FastifyReply,
  decision: Exclude<Decision, 'admit'>,
): FastifyReply | Promise<FastifyReply> {
  if (decision === 'forbid') return sendError(req, reply, 403, msg('forbidden'));
  if (decision === 'change-password') {
    // A page visit goes to the password form; a partial request's 401 has the browser load the whole page.
    if (wantsJson(req) || isPartial(req)) return sendError(req, reply, isPartial(req) ? 401 : 403, msg('passwordMustChange'));
    return reply.redirect(PASSWORD_CHANGE_PATH, 303);
  }
  if (wantsJson(req) || isPartial(req)) return sendError(req, reply, 401, msg('unauthenticated'));
  // A page visit comes back after signing in; a form sent signed out (Sign out, once the session has
  // expired) cannot be replayed, so it lands on the sign-in page alone.
  const visit = req.method === 'GET' || req.method === 'HEAD';
  return reply.redirect(visit ? `/login?next=${encodeURIComponent(req.url)}` : '/login', 303);
}
