// The feed's gate (request-gate.ts runs it for the routes whose config says `apiToken`), before the body is
// read: a caller without a good token never has its body parsed. It admits a request whose token is known,
// in date and within its minute's requests (api-token.ts), for a table the feed writes and the token names;
// anything else is refused, in words: 401 (no token, unknown, expired), 429 (too many), 404 (no such feed),
// 403 (a table the token does not name). And it keeps an API token from opening anything but the feed: a
// bearer token on any other route that is not public is refused, whatever cookie comes with it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '../messages.ts';
import { sendError } from '../plugins/errors.ts';
import { authenticate, type ApiToken } from './api-token.ts';
import { feedResource, feedTitles } from './feed-tables.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is the feed's: opened by an API token (token-gate.ts), never by a session. */
    apiToken?: boolean;
  }
  interface FastifyRequest {
    /** The token a feed request was admitted with (token-gate.ts). */
    apiToken: ApiToken | null;
  }
}

/** Undefined when the request is admitted (req.apiToken set); otherwise the refusal, sent. */
export async function feedGate(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const app = req.server;
  const token = await authenticate(app.db.pool, req, app.config.limits.feed.requestsPerMinute);
  if ('status' in token) {
    if (token.status === 401) reply.header('www-authenticate', 'Bearer realm="feed"');
    if (token.retryAfter) reply.header('retry-after', String(token.retryAfter));
    return sendError(req, reply, token.status, token.message);
  }
  const name = (req.params as { resource?: string }).resource ?? '';
  const def = feedResource(app.resources, name);
  if (!def) return sendError(req, reply, 404, msg('feedTableUnknown', name, feedTitles(app.resources, undefined)));
  if (!token.tables.includes(def.name))
    return sendError(req, reply, 403, msg('feedTableNotAllowed', def.title, feedTitles(app.resources, token.tables)));
  req.apiToken = token;
  return undefined;
}

/** Whether a request carries an API token where none is taken: any route but the feed's and the public ones. */
export function tokenOutOfPlace(req: FastifyRequest): boolean {
  const config = req.routeOptions.config;
  return !config.apiToken && !config.public && /^\s*bearer\b/i.test(req.headers.authorization ?? '');
}
