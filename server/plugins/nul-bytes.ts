// No person types a NUL character and PostgreSQL text cannot hold one: a request carrying one in a value or
// a name of its query, path or body is refused here, once for every route, before any route reads it.
// Routes marked `ownValueChecks` read every value themselves and refuse in their own protocol's words (the
// table API: a list in its request's dialect); they are left to it. A route may instead name the values it
// checks itself (sign-in's `next`, which is dropped when bad rather than refusing the sign-in).
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Refusal } from './refusals.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    ownValueChecks?: boolean | readonly string[];
  }
}

/** Whether any string in `value`, a key or a leaf at any depth, holds a NUL. Iterative: a deep JSON body cannot exhaust the stack. */
function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\0')) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === 'object' && !Buffer.isBuffer(next)) {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes('\0')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

/** The request's values less the top-level ones the route checks itself. */
function othersThan(values: unknown, own: readonly string[]): unknown {
  if (own.length === 0 || values === null || typeof values !== 'object' || Array.isArray(values)) return values;
  return Object.fromEntries(Object.entries(values).filter(([key]) => !own.includes(key)));
}

function carriesNul(req: FastifyRequest, own: readonly string[]): boolean {
  return holdsNul(othersThan(req.query, own)) || holdsNul(req.params) || holdsNul(othersThan(req.body, own));
}

export default fp(async function nulBytes(app: FastifyInstance) {
  // preValidation: the body is parsed by then, and no route has read a value yet. Callback style: an async
  // hook would cost every request a promise.
  app.addHook('preValidation', (req, _reply, done) => {
    const own = req.routeOptions.config.ownValueChecks ?? [];
    done(own !== true && carriesNul(req, own === false ? [] : own) ? new Refusal(400, 'requestBadCharacter') : undefined);
  });
});
