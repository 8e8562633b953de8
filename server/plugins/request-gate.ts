// What every request passes before its handler, in this order: who is asking (the session lookup that
// onRequest started, session.ts), may they reach the route (access.ts), and did they mean to send it (the
// CSRF token, csrf.ts). One hook, not one per check: each hook costs every request a promise and a turn of
// the microtask queue, and the checks depend on each other's order anyway. The feed's routes are opened by an
// API token instead (feed/token-gate.ts), checked as the request arrives.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { accessDecision, refuseAccess } from './access.ts';
import { csrfRefusal } from './csrf.ts';
import { sendError } from './errors.ts';
import { msg } from '../messages.ts';
import { feedGate, feedTurnAgain, tokenOutOfPlace } from '../feed/token-gate.ts';
import { FeedQueue } from '../feed/feed-queue.ts';

export default fp(async function requestGate(app: FastifyInstance) {
  app.decorateRequest('apiToken', null);
  app.decorateRequest('feedTicket', null);
  app.decorate('feedQueue', new FeedQueue(app.config.limits.feed));
  // The feed's routes take an API token, not a session, checked before their body is read; an API token
  // anywhere else is refused there too (feed/token-gate.ts).
  app.addHook('onRequest', async (req, reply) => {
    if (req.routeOptions.config.apiToken) return feedGate(req, reply);
    if (tokenOutOfPlace(req)) return sendError(req, reply, 401, msg('feedTokenOpensFeedOnly'));
    return undefined;
  });
  app.addHook('preHandler', async (req, reply) => {
    // Admitted by its token (above), or refused before this: its body in, it takes a turn again.
    if (req.routeOptions.config.apiToken) return feedTurnAgain(req, reply);
    if (req.sessionLookup) await req.sessionLookup;
    let decision = accessDecision(req);
    // Only a rule that reads the database costs a turn here.
    if (typeof decision !== 'string') decision = await decision;
    // A refusal is sent and its reply returned: the hook settles once it has gone, and Fastify then runs no
    // handler. (Awaited by a handler, a reply gives undefined: a refusal made there cannot be told apart.)
    if (decision !== 'admit') return refuseAccess(req, reply, decision);
    return csrfRefusal(req, reply);
  });
});
