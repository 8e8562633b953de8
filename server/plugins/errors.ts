// Turns every failure into a message a person can read, in the shape of the request: JSON ({ error }) for
// API calls, a page otherwise (the content area alone for a partial request). What a refusal says is decided
// in refusals.ts; anything else is a 500 whose details go to the log with the request id, never to the client.
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '../messages.ts';
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

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler(answerFailure);
  app.setNotFoundHandler(async (req, reply) => sendError(req, reply, 404, msg('notFound')));
});
