// A request's body must have arrived within the body time of its route (limits.connections.bodyMs unless the
// route allows more), counted from its headers: a client sending it a byte at a time, however often, is cut
// with 408 when the time is up, whether or not the route reads the body. A route that takes large bodies over
// slow lines (a file import) says so in its config:
//   app.post('/import', { config: { bodyTimeoutMs: 10 * 60_000 } }, handler)
// Node's own check of a whole request (server-timeouts.ts) is then raised to match, for every connection: it
// is the backstop for a body that reaches no route's hooks, and must not cut a body this route allows.
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { msg } from '../messages.ts';
import { closeWithAnswer } from '../plugins/errors.ts';
import { wholeRequestMs } from './server-timeouts.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The time this route's request body may take to arrive, in place of limits.connections.bodyMs. */
    bodyTimeoutMs?: number;
  }
}

/** Whether the request says a body follows its headers, over a connection (app.inject's requests have none). */
function bodyOnTheWay(raw: IncomingMessage): boolean {
  const hasBody = raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
  return hasBody && raw.socket instanceof Socket;
}

export default fp(async function bodyDeadline(app: FastifyInstance) {
  const limits = app.config.limits.connections;
  app.addHook('onRoute', (route) => {
    const ms = route.config?.bodyTimeoutMs;
    if (ms && wholeRequestMs(limits, ms) > app.server.requestTimeout) app.server.requestTimeout = wholeRequestMs(limits, ms);
  });
  app.addHook('onRequest', (req, reply, done) => {
    const raw = req.raw;
    if (bodyOnTheWay(raw)) {
      const ms = req.routeOptions.config?.bodyTimeoutMs ?? limits.bodyMs;
      const timer = setTimeout(() => {
        // Arrived, though no one has read it (a route that takes no body).
        if (raw.complete) return;
        req.log.info({ ms }, 'request body did not arrive in time: connection closed');
        // Answered already (refused, or a route that takes no body): nothing more is written after that answer.
        if (reply.raw.headersSent) raw.socket.destroy();
        else closeWithAnswer(raw.socket, 408, msg('requestTimedOut'));
      }, ms);
      // The connection, not the timer, keeps the process alive: an app closing does not wait for it.
      timer.unref();
      const stop = () => clearTimeout(timer);
      // 'end' once the body is read; 'close' once the request is done with (read, or its connection gone).
      raw.once('end', stop);
      raw.once('close', stop);
    }
    done();
  });
});
