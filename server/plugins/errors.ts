// Turns every failure into a message a person can read: JSON ({ error }) for API calls, a page otherwise.
// Stack traces go to the log with the request id, never to the client.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '../../common/messages.ts';
import { escapeHtml } from '../escape-html.ts';

export function wantsJson(req: FastifyRequest): boolean {
  return req.url.startsWith('/api/') || (req.headers.accept ?? '').startsWith('application/json');
}

export async function sendError(req: FastifyRequest, reply: FastifyReply, status: number, text: string): Promise<FastifyReply> {
  reply.code(status);
  if (wantsJson(req) || req.method !== 'GET') return reply.send({ error: text });
  try {
    return await reply.page('error', { title: `Error ${status}`, status, text });
  } catch (err) {
    // The shell itself could not be drawn (e.g. the database is down): still answer in words.
    req.log.error({ err }, 'error page failed');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html><title>Error ${status}</title><p>${escapeHtml(text)}</p>`);
  }
}

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler(async (err: FastifyError, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    else req.log.info({ status, reason: err.message }, 'request refused');
    const text =
      status === 403 ? msg('forbidden')
      : status === 401 ? msg('unauthenticated')
      : status >= 500 ? msg('serverError')
      : err.validation ? `${msg('badRequest')} ${err.message}`
      : err.message || msg('badRequest');
    return sendError(req, reply, status, text);
  });

  app.setNotFoundHandler(async (req, reply) => sendError(req, reply, 404, msg('notFound')));
});
