// GET /api/common/session-token: the session's CSRF token, for a page that carries an older one. The person
// signed out in another tab and in again there: this page's session cookie is the new one, its token the
// old one, and its change is refused 403. The page reads the token again and sends the change again
// (islands/data-table/dialogs/change-call.ts) rather than losing what was typed to a reload. Another site
// cannot read the answer (no CORS), so the token stays as secret as the page that carries it.
import type { FastifyInstance } from 'fastify';
import { errorAnswers } from '../error-answer.ts';

const sessionToken = {
  type: 'object',
  additionalProperties: false,
  required: ['csrfToken'],
  properties: { csrfToken: { type: 'string' } },
} as const;

export default async function sessionTokenRoute(app: FastifyInstance) {
  app.get('/api/common/session-token', { schema: { response: { ...errorAnswers, 200: sessionToken } } }, async (req) => {
    req.signedInUser();
    return { csrfToken: req.session!.csrfToken };
  });
}
