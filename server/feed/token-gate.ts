// The feed's gate (request-gate.ts runs it for the routes whose config says `apiToken`), before the body is
// read: a caller without a good token never has its body parsed. The instance's feed queue comes first
// (feed-queue.ts): the request waits there for its turn, or is refused at once when too many wait (503 with a
// Retry-After, nothing looked up). In its turn, it is admitted if its token is known, in date and within its
// minute's requests (api-token.ts), for a table the feed writes and the token names; then it gives its turn up
// while its body arrives, and takes one again before its handler (feedTurnAgain). Anything else is refused,
// in words: 401 (no token, unknown, expired), 429 (too many), 404 (no such feed), 403 (a table the token does
// not name). And it keeps an API token from opening anything but the feed: a bearer token on any other route
// that is not public is refused, whatever cookie comes with it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { msg } from '../messages.ts';
import { sendError } from '../plugins/errors.ts';
import { authenticate, type ApiToken } from './api-token.ts';
import { feedResource, feedTitles } from './feed-tables.ts';
import { FeedQueueLeft, type FeedQueue, type FeedTicket } from './feed-queue.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is the feed's: opened by an API token (token-gate.ts), never by a session. */
    apiToken?: boolean;
  }
  interface FastifyRequest {
    /** The token a feed request was admitted with (token-gate.ts). */
    apiToken: ApiToken | null;
    /** An admitted feed request's place in the feed queue, its turn given up while its body arrives. */
    feedTicket: FeedTicket | null;
  }
  interface FastifyInstance {
    /** The instance's feed queue (feed-queue.ts). */
    feedQueue: FeedQueue;
  }
}

/** Undefined when the request is admitted (req.apiToken set); otherwise the refusal, sent. */
export async function feedGate(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const app = req.server;
  const ticket = app.feedQueue.admit();
  if (!ticket) return busy(req, reply);
  // Answered, or its caller gone: its place or turn goes to the next.
  reply.raw.once('close', () => ticket.leave());
  try {
    await ticket.turn();
  } catch (err) {
    // Its caller went away while it waited: nothing is looked up, and nobody reads the answer.
    if (err instanceof FeedQueueLeft) return busy(req, reply);
    throw err;
  }
  const token = await authenticate(req, app.config.limits.feed.requestsPerMinute);
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
  req.feedTicket = ticket;
  ticket.pause();
  return undefined;
}

/** Before an admitted feed request's handler, its body in: a turn again (undefined), or busy when its caller left. */
export async function feedTurnAgain(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  try {
    await req.feedTicket?.resume();
  } catch (err) {
    if (err instanceof FeedQueueLeft) return busy(req, reply);
    throw err;
  }
  return undefined;
}

/** The refusal of a request the feed's queue has no room for: 503, and when to send it again. */
function busy(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const queue = req.server.feedQueue;
  const wait = queue.retryAfterSeconds();
  reply.header('retry-after', String(wait));
  return sendError(req, reply, 503, queue.busyMessage(wait));
}

/** Whether a request carries an API token where none is taken: any route but the feed's and the public ones. */
export function tokenOutOfPlace(req: FastifyRequest): boolean {
  const config = req.routeOptions.config;
  return !config.apiToken && !config.public && /^\s*bearer\b/i.test(req.headers.authorization ?? '');
}
