// GET /readyz: whether a proxy should send this instance requests. 200 while it takes new work and its
// database answers; 503 once it drains to stop (SIGTERM: lifecycle/shutdown.ts), and while its database does
// not answer. Liveness is /healthz's (whether to restart it), which stays 200 while it drains.
import type { FastifyInstance } from 'fastify';

export default async function readyRoute(app: FastifyInstance) {
  app.get('/readyz', { config: { public: true }, logLevel: 'warn' }, async (_req, reply) => {
    if (!app.readiness.ready) return reply.code(503).send({ status: 'draining' });
    try {
      await app.db.health();
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
