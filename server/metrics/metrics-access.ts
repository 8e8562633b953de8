// Who may read /metrics (METRICS_TOKEN, METRICS_ALLOW): the figures tell how busy the instance is and which
// pages fail, nothing for the world. A token (sent as `Authorization: Bearer <token>`), client addresses or
// networks, or both (then both must hold). With neither set, only a scraper on the same machine may read
// them: a request from a loopback address that no proxy forwarded (a proxy on the same machine, which the
// app would see as loopback, adds X-Forwarded-For or Forwarded).
import { createHash, timingSafeEqual } from 'node:crypto';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyRequest } from 'fastify';

export interface MetricsAccess {
  /** METRICS_TOKEN: the bearer token a scraper must send. */
  token: string | undefined;
  /** METRICS_ALLOW: the client addresses and CIDR networks allowed (the client as TRUST_PROXY resolves it). */
  allow: string[];
}

export function readMetricsAccess(env: NodeJS.ProcessEnv): MetricsAccess {
  return {
    token: env.METRICS_TOKEN?.trim() || undefined,
    allow: (env.METRICS_ALLOW ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  };
}

/** Why a request may not read the metrics (its answer's status), or null when it may. */
export type MetricsRefusal = 401 | 403 | 404 | null;

/** The check for the configured access; throws at start when METRICS_ALLOW holds something not an address. */
export function metricsGate(access: MetricsAccess): (req: FastifyRequest) => MetricsRefusal {
  const allowed = access.allow.length > 0 ? proxyAddr.compile(access.allow) : null;
  const token = access.token === undefined ? null : digest(access.token);
  if (!allowed && !token) return (req) => (isLoopback(req.socket.remoteAddress) && !forwarded(req) ? null : 404);
  return (req) => {
    if (allowed && !allowed(req.ip, 0)) return 403;
    if (token && !timingSafeEqual(digest(bearer(req)), token)) return 401;
    return null;
  };
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function bearer(req: FastifyRequest): string {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return match?.[1] ?? '';
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

function forwarded(req: FastifyRequest): boolean {
  return req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined;
}
