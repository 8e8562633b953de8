// Who may reach what, decided in one place: routes are private unless marked public, and a route may
// name the access it needs (role or admin flags). Signed-out page visits go to /login; API calls and
// partial requests get 401 (the browser then reloads the whole page, which lands on /login).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { allows, type Access } from '../../common/roles.ts';
import { msg } from '../../common/messages.ts';
import { isPartial } from './partial-pages.ts';
import { sendError, wantsJson } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
    access?: Access;
  }
}

export default fp(async function access(app: FastifyInstance) {
  app.addHook('preHandler', async (req, reply) => {
    const config = req.routeOptions.config;
    if (config.public || !req.routeOptions.url) return;
    if (!req.user) {
      if (wantsJson(req) || isPartial(req) || req.method !== 'GET') {
        return reply.code(401).send({ error: msg('unauthenticated') });
      }
      return reply.redirect(`/login?next=${encodeURIComponent(req.url)}`, 303);
    }
    if (!allows(req.user, config.access)) return sendError(req, reply, 403, msg('forbidden'));
  });
});
