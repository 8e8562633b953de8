// GET /api/common/stores: the stores this user may see, for the store selector in the header, with the
// region (the store's group) and state it is grouped and filtered by (common/store-groups.ts).
import type { FastifyInstance } from 'fastify';
import { storeScope } from '../../../stores/visible-stores.ts';
import { errorAnswers } from '../error-answer.ts';

const store = {
  type: 'object',
  additionalProperties: false,
  required: ['StoreID', 'StoreNumber', 'Name', 'City', 'StateCode', 'StateName', 'Region'],
  properties: {
    StoreID: { type: 'integer' },
    StoreNumber: { type: 'integer' },
    Name: { type: 'string' },
    City: { type: 'string' },
    StateCode: { type: 'string' },
    StateName: { type: 'string' },
    Region: { type: 'string' },
  },
} as const;

export default async function storesRoute(app: FastifyInstance) {
  app.get('/api/common/stores', { schema: { response: { ...errorAnswers, 200: { type: 'array', items: store } } } }, async (req) => {
    const params: unknown[] = [];
    const where = storeScope(req.signedInUser(), 's.store_id', undefined, params);
    const r = await app.db.pool.query(
      `select s.store_id as "StoreID", s.store_number as "StoreNumber", s.name as "Name", s.city as "City",
              st.code as "StateCode", st.name as "StateName", g.name as "Region"
       from stores s join states st using (state_id) join groups g using (group_id)
       where ${where} order by g.name, st.name, s.store_number`,
      params,
    );
    return r.rows;
  });
}
