// A detail page's route: GET <screen>/<key> (or a page under it), with the shape every detail page shares:
// the key read by its schema, the table's access decided by the request gate before the handler
// (detailAccess, or a stricter rule), the record opened within the user's scope, the same 404 for a key that
// names nothing the user may see, and only then the page's own part, given the record.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteAccess } from '../plugins/route-access.ts';
import type { Row } from '../resources/resource-def.ts';
import type { DetailOf } from './detail-tables.ts';
import { detailAccess, keyParams, openRecord, recordNotFound } from './open-record.ts';

export interface DetailPage<Query> {
  /** Under the record's page (`/sales`: `<screen>/<key>/sales`); none for the record's page itself. */
  below?: string;
  /** The query string's schema (its type is `Query`). */
  querystring?: object;
  /** Who may open it: the table's access (the default) or a rule of its own that includes it. */
  access?: RouteAccess;
  /** The page for the record the user may see. */
  show(
    req: FastifyRequest<{ Params: { key: number }; Querystring: Query }>,
    reply: FastifyReply,
    row: Row,
    key: number,
  ): Promise<FastifyReply>;
}

export function detailRoute<Query = unknown>(app: FastifyInstance, of: DetailOf, page: DetailPage<Query>): void {
  const schema = { params: keyParams, ...(page.querystring && { querystring: page.querystring }) };
  app.get<{ Params: { key: number }; Querystring: Query }>(
    `${of.pagePath}/:key${page.below ?? ''}`,
    { schema, config: { access: page.access ?? detailAccess(of) } },
    async (req, reply) => {
      const row = await openRecord(req, of, req.params.key);
      if (!row) return recordNotFound(req, reply);
      return page.show(req, reply, row, req.params.key);
    },
  );
}
