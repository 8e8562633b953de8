// GET /readyz: whether a proxy should send this instance requests: 200 while it takes new work, 503 from the
// moment it is told to stop (SIGTERM: lifecycle/shutdown.ts) while it drains. It asks nothing of the
// database: every instance shares it, so a database that is slow or down would take them all out of rotation
// at once (and a saturated pool would make a busy instance look unready and pile its load on the others).
// Whether the database answers is /healthz's, the liveness answer, which stays 200 while the instance drains.
import type { FastifyInstance } from 'fastify';

export default async function readyRoute(app: FastifyInstance) {
  app.get('/readyz', { config: { public: true }, logLevel: 'warn' }, async (_req, reply) => {
    if (!app.readiness.ready) return reply.code(503).send({ status: 'draining' });
    return { status: 'ready' };
  });
}
