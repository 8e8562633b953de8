// Turns every failure into a message a person can read, in the shape of the request: JSON ({ error }) for
// API calls, a page otherwise (the content area alone for a partial request). What a refusal says is decided
// in refusals.ts; anything else is a 500 whose details go to the log with the request id, never to the client.
// A request Node gives up on before it has arrived (too slow, unreadable) is answered on its socket, in words.
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { msg, type MessageKey } from '../messages.ts';
import { sendPage } from './partial-pages.ts';
import { refusalFor } from './refusals.ts';
import { securityHeaders, UNCACHED } from './security-headers.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { escapeHtml } from '../escape-html.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A call a browser also opens itself (the PDF stream, in a tab or the report viewer): a browser asking
     * for HTML reads its refusals as a page, though it is under /api/.
     */
    opensInBrowser?: boolean;
  }
}

export function wantsJson(req: FastifyRequest): boolean {
  const accept = req.headers.accept ?? '';
  if (req.routeOptions.config?.opensInBrowser && accept.startsWith('text/html')) return false;
  return req.url.startsWith('/api/') || accept.startsWith('application/json');
}

export async function sendError(req: FastifyRequest, reply: FastifyReply, status: number, text: string): Promise<FastifyReply> {
  reply.code(status);
  if (wantsJson(req)) return reply.send({ error: text });
  try {
    return await sendPage(reply, 'error', { title: msg('errorTitle', status), status, text });
  } catch (err) {
    // The shell itself could not be drawn (e.g. the database is down): still answer in words.
    req.log.error({ err }, 'error page failed');
    return reply
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><title>${escapeHtml(msg('errorTitle', status))}</title><p>${escapeHtml(text)}</p>`);
  }
}

/** The one answer to a failed request, whichever stage it failed at. */
function answerFailure(err: FastifyError, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  // The database down, restarting or hung past a deadline: a passing condition, said as such.
  if (isDatabaseUnavailable(err)) {
    req.log.error({ err }, 'database unavailable');
    return sendError(req, reply, 503, msg('databaseUnavailable'));
  }
  const refusal = refusalFor(err);
  if (refusal) {
    req.log.info({ status: refusal.status, reason: err.message }, 'request refused');
    return sendError(req, reply, refusal.status, refusal.text);
  }
  req.log.error({ err }, 'request failed');
  const status = err.statusCode && err.statusCode >= 500 && err.statusCode < 600 ? err.statusCode : 500;
  return sendError(req, reply, status, msg('serverError'));
}

/**
 * Fastify's `frameworkErrors`: a request it refuses before routing (a bad URL escape, an over-long path
 * parameter) runs no hook, so it gets here the headers every response carries, then the same answer.
 */
export function answerFrameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  reply.headers(securityHeaders).header('X-App-Version', req.server.assets.version).header('Cache-Control', UNCACHED);
  void answerFailure(err, req, reply);
}

/** What Node's refusals of a request not yet arrived say; any other is a request not understood. */
const clientErrorWords: Record<string, [status: number, key: MessageKey]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'requestTimedOut'],
  HPE_HEADER_OVERFLOW: [431, 'requestHeadersTooLarge'],
};

/**
 * Fastify's `clientErrorHandler`: Node gave up on a connection's request before Fastify had it (its headers,
 * or its whole, did not arrive in time: client-connections/server-timeouts.ts; too large; not HTTP). The
 * answer names no detail of the error, and the connection is closed.
 */
export function answerClientError(this: FastifyInstance, err: ConnectionError, socket: Socket): void {
  // Reset by the client: nobody is left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, key] = clientErrorWords[err.code] ?? [400, 'badRequest'];
  // Routine (a connection a browser opens ahead of need and never uses times out so): for the curious only.
  this.log.debug({ code: err.code, address: socket.remoteAddress }, 'connection closed before its request arrived');
  closeWithAnswer(socket, status, msg(key));
}

/**
 * Answers on a connection's socket itself, then closes it: for a request Fastify cannot answer, as it has
 * not arrived. An answer already under way on the socket is not broken into (Node's own rule); the
 * connection is only closed then.
 */
export function closeWithAnswer(socket: Socket, status: number, text: string): void {
  const answering = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    const body = JSON.stringify({ error: text });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler(answerFailure);
  app.setNotFoundHandler(async (req, reply) => sendError(req, reply, 404, msg('notFound')));
});
