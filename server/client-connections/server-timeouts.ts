// How long Node's HTTP server lets a client take to send a request, so that a client sending nothing, or its
// headers or body a byte at a time, cannot hold a connection (and a file descriptor) for as long as it likes.
// Fastify turns Node's whole-request timeout off by default; these are the app's (server/limits.ts):
// - headers within `headersMs` of the request's first byte (a connection that sends nothing is closed too);
// - a whole request within the headers' time and the longest body time of any route (Node's own check, the
//   backstop for a body no route reads; each route's own body time is timed apart: body-deadline.ts);
// - a connection idle between requests closed after `keepAliveMs`.
// Node times a request only until it has arrived: an answer that streams for minutes (an export) and a
// websocket (the hub) are not cut. No socket inactivity timeout is set: an export computing its rows sends
// nothing for a while, and one whose client stops reading is dropped by its own stall limit.
import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import type { Limits } from '../limits.ts';

/** Node checks the requests under way for these times once per this (at most): a late one is cut this much late. */
const LONGEST_CHECK_INTERVAL_MS = 1000;

/** Fastify's server options for the connection limits. */
export function serverTimeouts(
  limits: Limits['connections'],
): Pick<FastifyHttpOptions<Server>, 'requestTimeout' | 'keepAliveTimeout' | 'http'> {
  return {
    requestTimeout: wholeRequestMs(limits, limits.bodyMs),
    keepAliveTimeout: limits.keepAliveMs,
    http: {
      headersTimeout: limits.headersMs,
      connectionsCheckingInterval: Math.min(LONGEST_CHECK_INTERVAL_MS, Math.ceil(limits.headersMs / 4)),
    },
  };
}

/** Node's limit on a whole request, when the longest body time of any route is `bodyMs`. */
export function wholeRequestMs(limits: Limits['connections'], bodyMs: number): number {
  return limits.headersMs + bodyMs;
}
