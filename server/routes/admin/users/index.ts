// User administration: the users list, the new-user form and each user's detail page.
import type { FastifyInstance } from 'fastify';
import usersPage from './users-page.ts';
import newUserRoutes from './new-user.ts';
import userDetailRoute from './user-detail.ts';

export default async function userAdminRoutes(app: FastifyInstance) {
  await app.register(usersPage);
  await app.register(newUserRoutes);
  await app.register(userDetailRoute);
}
