// A detail page's route: GET <screen>/<key> (or a page under it), with the shape every detail page shares:
// the key read by the shared key parameter's schema and reader (server/params/key-param.ts), the table's
// access decided by the request gate before the handler (detailAccess, or a stricter rule), the record
// opened within the user's scope, the same 404 for a key that names nothing the user may see, and only then
// the page's own part, given the record. A record's own page is entered in the app's detail pages
// (app.detailPages), which is how its table comes to link each row to it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { keyOf, keyParams } from '../params/key-param.ts';
import type { RouteAccess } from '../plugins/route-access.ts';
import type { SchemaTypedApp } from '../plugins/typed-routes.ts';
import type { Row } from '../resources/resource-def.ts';
import type { DetailOf } from './detail-tables.ts';
import { detailAccess, openRecord, recordNotFound } from './open-record.ts';

/** The query string of a page that reads none (a value sent is dropped, never read). */
const noQuery = { type: 'object', properties: {}, additionalProperties: false } as const;

/** What a page's query string schema admits, as its type. */
type QueryOf<Schema> = Schema extends JSONSchema ? FromSchema<Schema> : never;

export interface DetailPage<Query> {
  /** Under the record's page (`/sales`: `<screen>/<key>/sales`); none for the record's page itself. */
  below?: string;
  /** The query string's schema (`as const`), which `req.query` is typed by. */
  querystring?: Query;
  /** Who may open it: the table's access (the default) or a rule of its own that includes it. */
  access?: RouteAccess;
  /** The page for the record the user may see. */
  show(req: FastifyRequest<{ Querystring: QueryOf<Query> }>, reply: FastifyReply, row: Row, key: number): Promise<FastifyReply>;
}

// Query is left unconstrained and narrowed by QueryOf: a generic bounded by JSONSchema makes tsc work out
// FromSchema for every schema there is, which it gives up on.
export function detailRoute<const Query = typeof noQuery>(app: SchemaTypedApp, of: DetailOf, page: DetailPage<Query>): void {
  // The query is typed for the page (show), from its own schema; here it is only declared.
  const querystring = (page.querystring ?? noQuery) as JSONSchema;
  if (page.below === undefined) app.detailPages.set(of.def.name, of);
  app.get(
    `${of.pagePath}/:key${page.below ?? ''}`,
    { schema: { params: keyParams, querystring }, config: { access: page.access ?? detailAccess(of) } },
    async (req, reply) => {
      const key = keyOf('key', req.params.key, of.maxKey);
      const row = await openRecord(req, of, key);
      if (!row) return recordNotFound(req, reply);
      return page.show(req as FastifyRequest<{ Querystring: QueryOf<Query> }>, reply, row, key);
    },
  );
}
