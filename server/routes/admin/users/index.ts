// User administration beyond the users table (a table screen, routes/table-screens.ts): the new-user form
// and each user's detail page.
import type { FastifyInstance } from 'fastify';
import newUserRoutes from './new-user.ts';
import userDetailRoute from './user-detail.ts';

export default async function userAdminRoutes(app: FastifyInstance) {
  await app.register(newUserRoutes);
  await app.register(userDetailRoute);
}
