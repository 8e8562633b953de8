// The access a route names in its config (access.ts decides by it): apart, with nothing to import but types,
// so the modules that make rules (table-screen/, reports/) never import the request gate. A route's rule is
// also what its page's menu entry is shown by (shell/menu.ts): one rule for the page and its entry.
import type { FastifyRequest } from 'fastify';
import type { Access, CurrentUser } from '../../common/roles.ts';

/**
 * A check deciding for the signed-in user from the request (what a POST lists or adds, the report a request
 * names). `rule`, where it has one, is who may open the route's page at all, whatever the request names: the
 * rule its menu entry is shown by.
 */
export type AccessCheck = ((req: FastifyRequest, user: CurrentUser) => boolean | Promise<boolean>) & { rule?: Access | false };

/** The access a route needs: a rule (`false`: nobody), or a check. */
export type RouteAccess = Access | false | AccessCheck;

/** A check that first asks `rule` (who may open the page at all), then `also` of the request. */
export function ruleAndCheck(
  rule: Access | false,
  also: (req: FastifyRequest, user: CurrentUser) => boolean | Promise<boolean>,
): AccessCheck {
  return Object.assign(also, { rule });
}

/**
 * Who may open a route's page at all: its rule, or its check's rule; `false` for a check without one (it
 * decides per request, so no menu entry can be shown by it).
 */
export function pageRule(access: RouteAccess | undefined, isPublic: boolean): Access | false {
  if (isPublic) return {};
  if (typeof access !== 'function') return access ?? {};
  return access.rule ?? false;
}
