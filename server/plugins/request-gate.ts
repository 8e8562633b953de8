// What every request passes before its handler, in this order: who is asking (the session lookup that
// onRequest started, session.ts), may they reach the route (access.ts), and did they mean to send it (the
// CSRF token, csrf.ts). One hook, not one per check: each hook costs every request a promise and a turn of
// the microtask queue, and the checks depend on each other's order anyway.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { accessRefusal } from './access.ts';
import { csrfRefusal } from './csrf.ts';

export default fp(async function requestGate(app: FastifyInstance) {
  app.addHook('preHandler', async (req, reply) => {
    if (req.sessionLookup) await req.sessionLookup;
    // A refusal is sent before the hook settles, and returned (Fastify then runs no handler).
    return accessRefusal(req, reply) ?? csrfRefusal(req, reply);
  });
});
