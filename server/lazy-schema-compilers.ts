// Fastify compiles every route's schemas as the app gets ready: its request validators (Ajv) and its response
// serializers (fast-json-stringify). For this app's routes that was about a second of processor time, paid by
// every start, each instance of a rolling restart and each test file's app, for routes most of them never
// answer. Each is compiled instead on its route's first use, by Fastify's own compilers with Fastify's own
// options: the same validator and serializer, a few milliseconds later.
import AjvCompiler from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type ValidatorFactory = NonNullable<CompilersFactory['buildValidator']>;
type SerializerFactory = NonNullable<CompilersFactory['buildSerializer']>;

const eagerValidators = AjvCompiler();
const eagerSerializers = SerializerSelector();

/** Fastify's own validator compiler (as `schemaController.compilersFactory.buildValidator`), each compiled on first use. */
export const lazyValidators: ValidatorFactory = (externalSchemas, options) => {
  const compile = eagerValidators(externalSchemas, options);
  return (route) => {
    // With a compiler of its own, Fastify hands header schemas over as written, no longer lower-cased for the
    // headers' case-insensitive names: no route has one, and one added is refused here rather than half-checked.
    if (route.httpPart === 'headers') throw new Error(`${route.method} ${route.url}: header schemas are not supported`);
    type Validate = ReturnType<typeof compile>;
    let validate: Validate | undefined;
    // Fastify reads a failed validation's reasons from the function it was given, as Ajv's functions carry them.
    const lazy = ((data: unknown) => {
      validate ??= compile(route);
      const valid = validate(data);
      lazy.errors = validate.errors;
      return valid;
    }) as Validate;
    return lazy;
  };
};

/** Fastify's own serializer compiler (as `schemaController.compilersFactory.buildSerializer`), each compiled on first use. */
export const lazySerializers: SerializerFactory = (externalSchemas, options) => {
  const compile = eagerSerializers(externalSchemas, options);
  return (route) => {
    let serialize: ((data: unknown) => string) | undefined;
    return (data: unknown) => {
      serialize ??= compile(route);
      return serialize(data);
    };
  };
};
