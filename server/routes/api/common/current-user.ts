// GET /api/common/current-user: the signed-in user in the spec's field names.
import type { FastifyInstance } from 'fastify';

export default async function currentUserRoute(app: FastifyInstance) {
  app.get('/api/common/current-user', async (req) => req.user);
}
