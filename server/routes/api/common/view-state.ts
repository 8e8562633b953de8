// GET /api/common/view-state[?parts=stores,menus]: the signed-in user's application view state (spec section 3;
// common/view-state.ts), every part or those named. A tab loads it once, then again only the parts the hub
// says changed (a `view-state` frame) and, after a reconnection, all of it (frames may have been missed).
import type { SchemaRoutes } from '../../../plugins/typed-routes.ts';
import { msg } from '../../../messages.ts';
import { isViewStatePart, viewStateParts, type ViewStatePart } from '../../../../common/view-state.ts';
import { loadViewState } from '../../../view-state/view-state.ts';

const schema = { querystring: { type: 'object', properties: { parts: { type: 'string', maxLength: 200 } } } } as const;

const viewStateRoute: SchemaRoutes = async (app) => {
  app.get('/api/common/view-state', { schema }, async (req, reply) => {
    const named = req.query.parts?.split(',').map((p) => p.trim()) ?? [...viewStateParts];
    const unknown = named.find((p) => !isViewStatePart(p));
    if (unknown !== undefined)
      return reply.code(400).send({ error: msg('viewStatePart', unknown.slice(0, 40), viewStateParts.join(', ')) });
    return loadViewState(app, req.signedInUser(), [...new Set(named as ViewStatePart[])]);
  });
};

export default viewStateRoute;
