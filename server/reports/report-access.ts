// The route access of a request that runs a report it names (the report screen, its print view, the report
// API): the route's own rule, and the named report's. A name that finds no report is let through, for the
// handler to answer 404 in its own shape.
import { allows, type Access } from '../../common/roles.ts';
import type { RouteAccess } from '../plugins/access.ts';
import type { FastifyRequest } from 'fastify';

/** Access for a route that runs `named(req)`: `route`'s rule, then that report's (or table's) own. */
export function reportAccess(route: Access, named: (req: FastifyRequest) => { access: Access | false } | undefined): RouteAccess {
  return (req, user) => {
    if (!allows(user, route)) return false;
    const report = named(req);
    return report === undefined || allows(user, report.access);
  };
}
