// Route handlers' types come from their routes' JSON schemas: a route plugin typed SchemaRoutes (or a helper
// given a SchemaTypedApp) has `req.params`, `req.query` and `req.body` typed by what its schema admits, so a
// handler that reads a value its schema lacks, or reads it as another type, fails tsc. (A schema that admits
// other values, having no `additionalProperties: false`, types them `unknown`: reading one compiles, using it
// as anything does not.)
//
// Why json-schema-to-ts rather than TypeBox: every route here already writes plain JSON schemas `as const`
// (shared pieces such as server/params/*.ts spread into them), and json-schema-to-ts types exactly those, so
// no schema is rewritten in another notation. It is types only: nothing of it runs.
import type { FastifyInstance, RawServerDefault, FastifyBaseLogger, RawRequestDefaultExpression, RawReplyDefaultExpression } from 'fastify';
import type { FastifyPluginAsyncJsonSchemaToTs, JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';

/** A plugin of routes whose handlers are typed by their schemas. */
export type SchemaRoutes = FastifyPluginAsyncJsonSchemaToTs;

/** The app as such a plugin receives it: what a helper that adds routes for it takes. */
export type SchemaTypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  JsonSchemaToTsProvider
>;
