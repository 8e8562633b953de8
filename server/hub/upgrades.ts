// Node hands a request to switch protocols to the HTTP server's 'upgrade' listeners, never to Fastify. This
// sends it through Fastify's router all the same, so a websocket route runs every hook an ordinary request
// does (the session lookup, the request gate, trusted proxies for the client's host and protocol). The route
// then takes the socket over (takeUpgrade); any other answer, a refusal, is written to the socket as an HTTP
// response, after which the socket closes.
import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface Upgrade {
  socket: Duplex;
  head: Buffer;
  /** Node takes the HTTP server's error listener off an upgraded socket: until ws has its own, this one. */
  onError: () => void;
}

const pending = new WeakMap<IncomingMessage, Upgrade>();

export function routeUpgrades(app: FastifyInstance): void {
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client that resets the connection while its session is looked up must not take the process down.
    const onError = () => socket.destroy();
    socket.on('error', onError);
    pending.set(req, { socket, head, onError });
    const res = new ServerResponse(req);
    // A refusal ends the connection: there is no HTTP parser behind this socket any more to read another.
    res.shouldKeepAlive = false;
    res.assignSocket(socket as Socket);
    try {
      app.routing(req, res);
    } catch (err) {
      app.log.warn({ err }, 'hub: an upgrade request could not be routed');
      socket.destroy();
    }
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('onResponse', (req, _reply, done) => {
    const upgrade = pending.get(req.raw);
    if (upgrade) {
      pending.delete(req.raw);
      // After what was written has gone out.
      (upgrade.socket as Socket).destroySoon();
    }
    done();
  });
  app.addHook('preClose', (done) => {
    app.server.off('upgrade', onUpgrade);
    done();
  });
}

/** Whether the request asks to switch to a websocket (and came through routeUpgrades). */
export function isUpgrade(req: FastifyRequest): boolean {
  return pending.has(req.raw);
}

/**
 * The upgrade request's socket and first bytes, taken from Fastify (the caller hijacks the reply and answers
 * on the socket from now on). The response made for it lets go of the socket: a long-lived socket must not
 * keep the request's objects alive.
 */
export function takeUpgrade(req: FastifyRequest, reply: FastifyReply): Upgrade | null {
  const upgrade = pending.get(req.raw);
  if (!upgrade) return null;
  pending.delete(req.raw);
  reply.raw.detachSocket(upgrade.socket as Socket);
  // ws listens for the socket's errors from its handshake on.
  upgrade.socket.off('error', upgrade.onError);
  return upgrade;
}
