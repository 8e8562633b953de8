// Bounds the connections one client address holds open at once (limits.connections.perAddress): one more is
// closed as it opens, before it is read, so that a single client cannot take every file descriptor the
// process has (and with them PDFs, exports and everyone else's requests). Counted per instance.
// Behind a reverse proxy every client connects from the proxy's address: the proxies TRUST_PROXY names are
// not counted (with a hop count every peer is taken as a proxy, so none is), and the proxy bounds its clients.
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { isProxyPeer } from '../trusted-proxies.ts';

export default fp(async function connectionsPerAddress(app: FastifyInstance) {
  const most = app.config.limits.connections.perAddress;
  const fromProxy = isProxyPeer(app.config.trustProxy);
  const open = new Map<string, number>();
  /** Addresses told of in the log since they last held no connection (one line per siege, not per refusal). */
  const reported = new Set<string>();

  // After Node's own listener, which has made the socket an HTTP connection: it lets go of one closed here.
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    // Gone already, or a proxy.
    if (address === undefined || fromProxy(address)) return;
    const held = open.get(address) ?? 0;
    if (held >= most) {
      if (!reported.has(address)) {
        reported.add(address);
        app.log.warn({ address, most }, 'an address holds as many connections as it may: more are closed as they open');
      }
      socket.destroy();
      return;
    }
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else {
        open.delete(address);
        reported.delete(address);
      }
    });
  });
});
