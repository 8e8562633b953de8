// User administration beyond the users table (a table screen, routes/table-screens.ts): the new-user form.
import type { FastifyInstance } from 'fastify';
import newUserRoutes from './new-user.ts';

export default async function userAdminRoutes(app: FastifyInstance) {
  await app.register(newUserRoutes);
}
