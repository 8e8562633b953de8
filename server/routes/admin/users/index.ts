// User administration: the users list and the new-user form.
import type { FastifyInstance } from 'fastify';
import usersPage from './users-page.ts';
import newUserRoutes from './new-user.ts';

export default async function userAdminRoutes(app: FastifyInstance) {
  await app.register(usersPage);
  await app.register(newUserRoutes);
}
