// GET /healthz: 200 when the database answers, 503 when it does not. For load balancers and operators.
import type { FastifyInstance } from 'fastify';

export default async function healthRoute(app: FastifyInstance) {
  app.get('/healthz', { config: { public: true }, logLevel: 'warn' }, async (_req, reply) => {
    try {
      const database = await app.db.health();
      return { status: 'ok', database, version: app.assets.version };
    } catch {
      return reply.code(503).send({ status: 'unavailable', error: 'The database is not reachable.' });
    }
  });
}
