// A browser sends its page's Origin with every websocket handshake, and nothing else stops another site's
// page from opening one with the user's cookie (cross-site websocket hijacking). The hub takes only its own
// pages: the Origin must be the address this request was made to, as the client saw it (its Host, or behind
// trusted proxies their X-Forwarded-Host and -Proto: Fastify reads those as TRUST_PROXY says).
import type { FastifyRequest } from 'fastify';

export function isOwnOrigin(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  try {
    const from = new URL(origin);
    // Through URL both ways: lower case, and a default port written or not compares equal.
    const own = new URL(`${req.protocol}://${req.host}`);
    return from.protocol === own.protocol && from.host === own.host;
  } catch {
    return false;
  }
}
