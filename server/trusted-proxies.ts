// Which forwarding hops to believe for the client's address and protocol (TRUST_PROXY). Believing every
// X-Forwarded-For entry lets a client write its own address into the left-most one; so the setting names
// either how many proxies stand in front of the app (the addresses they add, counted from the right, are
// believed and nothing further left) or which proxies they are (their addresses or networks).
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyServerOptions } from 'fastify';

/** Off, a hop count, or the proxies' addresses and CIDR networks. */
export type TrustedProxies = false | number | string[];

/** TRUST_PROXY: unset or 0 off; `1` (or `true`) one proxy; `N` N proxies; `10.0.0.2, 10.1.0.0/16` those proxies. */
export function parseTrustedProxies(text: string | undefined): TrustedProxies {
  const value = (text ?? '').trim();
  if (value === '' || value === '0' || value === 'false') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * Fastify's trustProxy option for the setting. A hop count becomes a function: Fastify takes a bare number
 * to mean "trust nobody", since it cannot tell a proxy from a client that connects directly; behind a proxy
 * that is the only way in, the count is what the deployment knows.
 */
export function fastifyTrustProxy(trusted: TrustedProxies): FastifyServerOptions['trustProxy'] {
  if (typeof trusted === 'number') return (_address: string, hop: number) => hop < trusted;
  return trusted;
}

/**
 * Whether a connection from an address comes from one of the proxies (as Fastify tells them apart: the same
 * addresses and networks). With a hop count every peer is taken as a proxy: the deployment lets clients reach
 * the app only through them.
 */
export function isProxyPeer(trusted: TrustedProxies): (address: string) => boolean {
  if (trusted === false) return () => false;
  if (typeof trusted === 'number') return () => true;
  const trust = proxyAddr.compile(trusted);
  return (address) => trust(address, 0);
}
