// GET /api/common/valid-username?username={value}: the reason the name cannot be used, as plain text, or an
// empty body when it is free (spec section 7). The new-user form asks this while the user types, so only
// those who may create users may ask: to anyone else it would tell which user names exist.
import type { SchemaRoutes } from '../../../plugins/typed-routes.ts';
import { createUsersAccess } from '../../../users/privileges.ts';
import { userNameProblem } from '../../../users/user-name.ts';
import { errorAnswers } from '../error-answer.ts';

const schema = {
  querystring: { type: 'object', properties: { username: { type: 'string', maxLength: 1000 } } },
  // A 200 is plain text (the reason, or nothing): declared for its type, never serialized, as it is no JSON.
  response: { 200: { type: 'string' }, ...errorAnswers },
} as const;

const validUsernameRoute: SchemaRoutes = async (app) => {
  app.get('/api/common/valid-username', { config: { access: createUsersAccess }, schema }, async (req, reply) => {
    const problem = await userNameProblem(app.db.pool, req.query.username ?? '');
    return reply.type('text/plain; charset=utf-8').send(problem ?? '');
  });
};

export default validUsernameRoute;
