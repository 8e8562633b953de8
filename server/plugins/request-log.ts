// One JSON line per answered request, at level info, for IT to search by request id (the line's `reqId`):
// the route's pattern (never the address asked, whose query may carry anything), method, status, time taken
// and the signed-in user's id. Nothing of the request's headers or body is written, so no password, token or
// cookie can reach the log. Fastify's own two lines per request are off (app.ts), and so is the URL in its
// error lines (`logSerializers`).
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NO_ROUTE } from '../metrics/metrics.ts';

export default fp(async function requestLog(app: FastifyInstance) {
  app.addHook('onResponse', (req, reply, done) => {
    req.log.info(
      {
        route: req.routeOptions.url ?? NO_ROUTE,
        method: req.method,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        userId: req.user?.ID ?? null,
      },
      'request',
    );
    done();
  });
});

/** How a request appears in the lines Fastify itself writes (a failed request's): its path, not its query. */
export const logSerializers = {
  req: (req: FastifyRequest) => ({ method: req.method, path: req.url.split('?')[0] }),
};
