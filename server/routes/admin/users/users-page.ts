// GET /admin/users: every user with group, access, roles and instances, and the way to add one. After an
// addition it names the new user (the id in `added` is looked up, so a link cannot invent a notice).
import type { FastifyInstance } from 'fastify';
import { formatValue } from '../../../../common/format.ts';
import { msg } from '../../../../common/messages.ts';
import { listUsers, userNameById } from '../../../users/user-list.ts';

export default async function usersPage(app: FastifyInstance) {
  app.get<{ Querystring: { added?: number } }>(
    '/admin/users',
    {
      config: { access: { admin: true } },
      schema: { querystring: { type: 'object', properties: { added: { type: 'integer', minimum: 1, maximum: 2147483647 } } } },
    },
    async (req, reply) => {
      const added = req.query.added ? await userNameById(app.db.pool, req.query.added) : null;
      return reply.page('users', {
        title: msg('usersTitle'),
        users: await listUsers(app.db.pool),
        formatValue,
        notice: added === null ? '' : msg('userAdded', added),
      });
    },
  );
}
