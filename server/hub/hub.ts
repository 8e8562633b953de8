// The real-time hub: this instance's connected browsers (connections.ts) and the event bus that joins the
// instances (PostgreSQL LISTEN/NOTIFY, or in process on the embedded database). Whatever happens on any
// instance reaches the browsers of every instance: a frame is published, and each instance hands it to its
// own sockets of the frame's audience. The hub also carries what a change wrote (its tables), so that every
// instance forgets the counts and totals it kept of them and every tab hears which of its tables and parts
// of its view state changed, and the end of a session, whose sockets close (as do those of sessions that
// expire, and of accounts deactivated: session-expiry.ts). An event the bus fails to take is sent again
// (publish-queue.ts). After a gap in the events (the LISTEN connection
// lost and back), it looks up what it may have missed (missed-events.ts).
// The /hub route (server/routes/hub.ts) hands it its sockets.
import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { ServerFrame } from '../../common/hub-frames.ts';
import type { CurrentUser } from '../../common/roles.ts';
import { onTableChanges, SYSTEM, type TableName } from '../db/table-changes.ts';
import { forgetKeptFigures } from '../table-api/cache/changed-tables.ts';
import { changedResources } from './changed-resources.ts';
import { changedParts } from '../view-state/changed-parts.ts';
import { Connections } from './connections.ts';
import type { Audience, EventBus, HubEvent } from './event-bus.ts';
import { localBus } from './local-bus.ts';
import { postgresBus } from './postgres-bus.ts';
import { checkSessions, endExpiredSessions } from './session-expiry.ts';
import { catchUpAfterGap } from './missed-events.ts';
import { accessTables, followAccessChanges } from './access-changes.ts';
import { forgetSessionUsers } from '../users/session-users.ts';
import { routeUpgrades } from './upgrades.ts';
import { publishQueue } from './publish-queue.ts';

export interface Hub {
  /**
   * Sends the frame to the audience's browsers, on every instance: queued (publish-queue.ts), so it settles
   * at once and the frame goes out even past a NOTIFY that fails.
   */
  publish(to: Audience, frame: ServerFrame): Promise<void>;
  /** Takes a signed-in user's upgraded socket. */
  accept(socket: WebSocket, user: CurrentUser, session: { id: string; expiresAt: Date }): void;
  /** Closes the sockets of sessions that have ended by expiry (run every heartbeat; `now` for tests). */
  endExpiredSessions(now?: Date): Promise<void>;
  /** This instance's sockets. */
  readonly connections: Connections;
  /** The instance is stopping: its browsers are told to connect again elsewhere (lifecycle/shutdown.ts). */
  moveAway(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    hub: Hub;
  }
}

export default fp(async function hub(app: FastifyInstance) {
  const pool = app.db.pool;
  const resources = app.resources;
  const bus: EventBus = app.db.kind === 'postgres' ? await postgresBus(pool, app.log) : localBus();
  const connections = new Connections(app.config.limits.hub, resources);
  const instance = randomUUID();
  // A NOTIFY that fails (a connection lost, the database restarting) is sent again, in order (publish-queue.ts).
  const outbox = publishQueue(bus, app.log);
  const published = (event: HubEvent) => outbox.publish(event);

  // A catch-up that fails (the database is still unsteady) is tried again at the next heartbeat, until one
  // succeeds: a signed-out session's sockets must not wait for their session's expiry.
  let catchUpRetry: NodeJS.Timeout | undefined;
  let closing = false;
  const catchUp = () => {
    clearTimeout(catchUpRetry);
    catchUpAfterGap(pool, connections, resources).catch((err: unknown) => {
      if (closing) return;
      app.log.warn({ err }, 'hub: what was missed during a gap could not be looked up; trying again');
      catchUpRetry = setTimeout(catchUp, connections.limits.heartbeatMs);
      catchUpRetry.unref();
    });
  };

  // A change to accounts may have ended sessions with it (a deactivation, a deleted account, a new
  // password: migration 013): the sockets of those sessions close here, as a sign-out's do. It may also have
  // changed a connected user's access: their sockets connect again as they are now (access-changes.ts).
  const recheckAccounts = () => {
    checkSessions(pool, connections, connections.sessions()).catch((err: unknown) =>
      app.log.warn({ err }, 'hub: sessions could not be checked after a change to accounts'),
    );
    followAccessChanges(pool, connections).catch((err: unknown) =>
      app.log.warn({ err }, "hub: users' access could not be checked after a change to accounts"),
    );
  };

  bus.subscribe(
    (event) => {
      if (event.topic === 'frame') connections.send(connections.audience(event.to), event.frame);
      else if (event.topic === 'session-ended') {
        // Ended on another instance: the session users kept here are read afresh (users/session-users.ts).
        forgetSessionUsers(pool);
        connections.endSession(event.session);
      } else {
        // This instance forgot its own figures as it made the change.
        if (event.origin !== instance) forgetKeptFigures(resources, pool, event.tables, { soon: event.soon === true });
        if (event.origin !== instance) app.db.replica?.changed(event.tables, event.by);
        if (event.tables.some((table) => accessTables.includes(table as TableName))) recheckAccounts();
        for (const def of changedResources(resources, event.tables)) {
          connections.send(connections.audience({ mayList: def.name }), { type: 'changed', resource: def.name, by: event.by });
        }
        for (const part of changedParts(event.tables))
          connections.send(connections.audience({ everyone: true }), { type: 'view-state', part, by: event.by });
      }
    },
    // Events announced while this instance was not listening went unheard: nothing kept can be trusted.
    () => {
      const tables = [...new Set(resources.flatMap((def) => [...def.tables]))];
      forgetKeptFigures(resources, pool, tables);
      app.db.replica?.changed(tables, SYSTEM);
      catchUp();
    },
  );
  onTableChanges(pool, (tables, by, { soon }) =>
    published({ topic: 'tables', tables: [...tables], origin: instance, by, ...(soon && { soon }) }),
  );
  app.onSessionEnd((session) => published({ topic: 'session-ended', session }));

  app.decorate('hub', {
    publish: async (to: Audience, frame: ServerFrame) => published({ topic: 'frame', to, frame }),
    accept: (socket: WebSocket, user: CurrentUser, session: { id: string; expiresAt: Date }) => void connections.add(socket, user, session),
    endExpiredSessions: (now?: Date) => endExpiredSessions(pool, connections, now),
    connections,
    moveAway: () => connections.moveAway(),
  } satisfies Hub);

  const expiry = setInterval(() => {
    endExpiredSessions(pool, connections).catch((err: unknown) => app.log.warn({ err }, 'hub: sessions could not be checked'));
  }, connections.limits.heartbeatMs);
  expiry.unref();

  routeUpgrades(app);
  app.addHook('preClose', (done) => {
    clearInterval(expiry);
    closing = true;
    clearTimeout(catchUpRetry);
    connections.closeAll();
    done();
  });
  app.addHook('onClose', async () => {
    outbox.close();
    await bus.close();
  });
});
