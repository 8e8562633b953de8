// Every request's id, so that IT can find the server's side of what a user reports: returned in the
// X-Request-Id header, on the request's log line (request-log.ts), in the error dialog's details and in the
// client error report the browser sends. A proxy named in TRUST_PROXY that gives its own id (nginx's
// $request_id, a load balancer's) is believed, so one id follows the request through both logs; anyone
// else's header is ignored, as is one too long or holding characters an id has no use for.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { isProxyPeer, type TrustedProxies } from '../trusted-proxies.ts';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What an id given by a proxy may be: what proxies give (UUIDs, hex, base64), at most 128 characters. */
export const validRequestId = /^[A-Za-z0-9._:+/=-]{1,128}$/;

/** Fastify's genReqId: the trusted proxy's id when it gave a valid one, else a new UUID. */
export function requestIdGenerator(trusted: TrustedProxies): (req: IncomingMessage) => string {
  const fromProxy = isProxyPeer(trusted);
  return (req) => {
    const given = req.headers['x-request-id'];
    if (typeof given === 'string' && validRequestId.test(given) && fromProxy(req.socket.remoteAddress ?? '')) return given;
    return randomUUID();
  };
}

/** Says the id in every answer, from the first hook: refusals and error pages carry it too. */
export default fp(async function requestIds(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
});
