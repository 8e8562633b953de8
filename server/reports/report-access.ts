// The route access of a request that runs a report it names (the report screen, its print view, the report
// API): the route's own rule, and the named report's. A name that finds no report is let through, for the
// handler to answer 404 in its own shape.
import { allows, type Access } from '../../common/roles.ts';
import { ruleAndCheck, type RouteAccess } from '../plugins/route-access.ts';
import type { FastifyRequest } from 'fastify';
import { parametersFromQuery } from './parameters.ts';
import { findReport } from './registry.ts';

/** Access for a route that runs `named(req)`: `route`'s rule, then that report's (or table's) own. */
export function reportAccess(route: Access, named: (req: FastifyRequest) => { access: Access | false } | undefined): RouteAccess {
  return ruleAndCheck(route, (req, user) => {
    if (!allows(user, route)) return false;
    const report = named(req);
    return report === undefined || allows(user, report.access);
  });
}

/** The report screen's and its print view's access: the reports role, and the report its query names. */
export const reportInQueryAccess: RouteAccess = reportAccess({ role: 'reports' }, (req) => {
  const name = parametersFromQuery(req.query).report;
  return name ? findReport(name) : undefined;
});
