// The access a route names in its config (access.ts decides by it): apart, with nothing to import but types,
// so the modules that make rules (shell/menu.ts, table-screen/, reports/) never import the request gate.
import type { FastifyRequest } from 'fastify';
import type { Access, CurrentUser } from '../../common/roles.ts';

/**
 * The access a route needs: a rule (`false`: nobody), or a function deciding for the signed-in user from the
 * request (it may read the database: a menu entry's rule).
 */
export type RouteAccess = Access | false | ((req: FastifyRequest, user: CurrentUser) => boolean | Promise<boolean>);
