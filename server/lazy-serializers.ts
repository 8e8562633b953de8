// Fastify compiles a route's response schemas into serializers (fast-json-stringify) as the app gets ready:
// about a third of a second of processor time for this app's routes, paid by every start, each instance of a
// rolling restart and each test file's app, for routes most of them never answer. Compiled instead on a
// route's first answer of that status, the same serializer, a few milliseconds later.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type SerializerFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer'];

const eager = SerializerSelector();

/** Fastify's own serializer compiler (as `schemaController.compilersFactory.buildSerializer`), each compiled on first use. */
export const lazySerializers: SerializerFactory = (externalSchemas, options) => {
  const compile = eager(externalSchemas, options);
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => {
      serialize ??= compile(route);
      return serialize(data);
    };
  };
};
