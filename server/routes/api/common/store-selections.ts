// POST /api/common/store-selections { stores: [ids] }: holds a store selection for requests and answers its
// reference { reference, created }, which requests then carry as `stores=<reference>` instead of the ids
// (plugins/store-references.ts resolves it). The header's store dialog registers a selection too long for a
// URL before applying it, and a page holding one registers it again as it loads (islands/shell/). For any
// signed-in user, with the CSRF token as every POST; a reference names stores and grants nothing, so who
// registered a list does not matter to who uses it. A user registers at most STORE_SELECTIONS_PER_USER new
// lists a day (429 with the reason); registering one the server holds costs nothing.
import type { SchemaRoutes } from '../../../plugins/typed-routes.ts';
import { MAX_SELECTED_STORES } from '../../../params/stores-param.ts';
import { errorAnswers } from '../error-answer.ts';

const body = {
  type: 'object',
  required: ['stores'],
  additionalProperties: false,
  properties: {
    stores: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_SELECTED_STORES,
      items: { type: 'integer', minimum: 1, maximum: 999_999_999 },
    },
  },
} as const;

const answer = {
  type: 'object',
  required: ['reference', 'created'],
  additionalProperties: false,
  properties: { reference: { type: 'string' }, created: { type: 'boolean' } },
} as const;

const storeSelectionsRoute: SchemaRoutes = async (app) => {
  app.post('/api/common/store-selections', { schema: { body, response: { ...errorAnswers, 200: answer } } }, async (req) =>
    app.storeSelections.register(req.signedInUser().ID, req.body.stores),
  );
};

export default storeSelectionsRoute;
