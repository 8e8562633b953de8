// GET /hub: the real-time hub's websocket (server/hub/hub.ts), for a signed-in user's pages on this site only.
// Refused at the handshake, as an HTTP answer: not a websocket handshake 426, another site's page (or no
// Origin) 403, no live session 401, a user holding as many sockets as they may 429, over all their sessions
// (each costs memory; a browser tab holds one, and a tab refused tries again later, waiting longer each time:
// hub-connection.ts).
// Every frame is JSON (common/hub-frames.ts).
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { HUB_PATH } from '../../common/hub-frames.ts';
import { msg } from '../messages.ts';
import { isOwnOrigin } from '../hub/same-origin.ts';
import { isUpgrade, takeUpgrade } from '../hub/upgrades.ts';
import { sendError } from '../plugins/errors.ts';
import { signedIn } from '../plugins/session.ts';

export default async function hubRoute(app: FastifyInstance) {
  // No compression: a zlib context per socket costs hundreds of kilobytes, and frames are small.
  const handshakes = new WebSocketServer({ noServer: true, clientTracking: false, perMessageDeflate: false, maxPayload: 4096 });

  app.get(
    HUB_PATH,
    {
      // Before the request gate, which would send a signed-out page visit to the sign-in page.
      preValidation: async (req, reply) => {
        // Refusals in the request's shape, as every other route's: a page visit reads a page.
        if (!isUpgrade(req)) return sendError(req, reply.header('Upgrade', 'websocket'), 426, msg('hubUpgradeRequired'));
        if (!isOwnOrigin(req)) return sendError(req, reply, 403, msg('forbidden'));
        await signedIn(req);
        if (!req.user || !req.session) return sendError(req, reply, 401, msg('unauthenticated'));
      },
    },
    async (req, reply) => {
      const { id, expiresAt } = req.session!;
      const user = req.signedInUser();
      // Counted here, not before the request's hooks: from this check to the socket joining the user's
      // (connections.add) nothing waits, so handshakes arriving together cannot all slip under the limit.
      const most = app.config.limits.hub.socketsPerUser;
      if (app.hub.connections.socketsOfUser(user.ID) >= most) return sendError(req, reply, 429, msg('hubTooManySockets', most));
      const upgrade = takeUpgrade(req, reply)!;
      reply.hijack();
      handshakes.handleUpgrade(req.raw, upgrade.socket, upgrade.head, (socket) => app.hub.accept(socket, user, { id, expiresAt }));
    },
  );
}
