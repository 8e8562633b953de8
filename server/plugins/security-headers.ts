// Security headers (CSP, frame, sniffing, referrer ... policies) on every response, as helmet writes them.
// Our policy has no per-request part (no nonces), so helmet runs once at start-up against a recorder and
// each request copies the recorded headers, rather than building helmet's middleware afresh per request
// (as @fastify/helmet does), which costs about a tenth of a table request.
// And no answer is kept by a browser or a proxy unless its route says it may be (static files do): what a
// signed-in person reads must not be there for the next person at a shared office PC (a page, an API call's
// JSON, a download), and a route that forgets to say so is safe by default.
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';

const securityPolicy: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameSrc: ["'self'"],
      frameAncestors: ["'self'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  // Reports open PDFs in a same-origin iframe; nothing else embeds us.
  frameguard: { action: 'sameorigin' },
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet sets for `options`, read once by running its middleware against a recorder. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => (failed = err));
  if (failed) throw failed;
  return headers;
}

/** Every response's security headers; errors.ts gives them to the requests Fastify refuses before any hook runs. */
export const securityHeaders = helmetHeaders(securityPolicy);

/** What an answer is kept as when its route says nothing (static files say how long they are kept). */
export const UNCACHED = 'no-store';

export default fp(async function securityHeadersPlugin(app: FastifyInstance) {
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  // On sending, when the route has chosen (@fastify/static writes its choice on the raw response).
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && !reply.raw.hasHeader('cache-control')) reply.header('Cache-Control', UNCACHED);
    done(null, payload);
  });
});
