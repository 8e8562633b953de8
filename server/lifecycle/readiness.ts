// Whether this instance takes new work (GET /readyz, routes/readyz.ts): a proxy sends requests only to
// instances that answer it with 200. It stops being ready when it is told to stop (SIGTERM:
// lifecycle/shutdown.ts), while it goes on serving what the proxy still sends it during the drain time.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';

export interface Readiness {
  /** False from the moment the instance starts draining. */
  readonly ready: boolean;
  /** Reports not ready from now on. */
  drain(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

export default fp(async function readiness(app: FastifyInstance) {
  let ready = true;
  app.decorate('readiness', {
    get ready() {
      return ready;
    },
    drain() {
      ready = false;
      app.metrics.ready.set(0);
    },
  } satisfies Readiness);
});
