// What every request passes before its handler, in this order: who is asking (the session lookup that
// onRequest started, session.ts), may they reach the route (access.ts), and did they mean to send it (the
// CSRF token, csrf.ts). One hook, not one per check: each hook costs every request a promise and a turn of
// the microtask queue, and the checks depend on each other's order anyway.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { accessDecision, refuseAccess } from './access.ts';
import { csrfRefusal } from './csrf.ts';

export default fp(async function requestGate(app: FastifyInstance) {
  app.addHook('preHandler', async (req, reply) => {
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
