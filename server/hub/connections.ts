// The browsers connected to this instance's hub, indexed by user, group and session so that a frame reaches
// its audience only. A frame is serialised once for all its sockets. Each socket's send buffer is bounded: a
// browser that stops reading (a frozen tab, a dead network path) is dropped before the server buffers
// without end. A heartbeat pings every socket and drops those that did not answer the previous ping.
import type { RawData, WebSocket } from 'ws';
import {
  CLOSE_ACCESS_CHANGED,
  CLOSE_INSTANCE_STOPPING,
  CLOSE_NOT_A_FRAME,
  CLOSE_SIGNED_OUT,
  type ClientFrame,
  type ServerFrame,
} from '../../common/hub-frames.ts';
import type { ResourceDef } from '../resources/resource-def.ts';
import { allows, type CurrentUser } from '../../common/roles.ts';
import type { Audience } from './event-bus.ts';
import type { Limits } from '../limits.ts';
import { accessVersion } from '../users/access-version.ts';

export interface HubClient {
  readonly socket: WebSocket;
  /** The user as the socket connected: whose frames it hears (their roles, group) is decided by it. */
  readonly user: CurrentUser;
  /** The user's access then (server/users/access-version.ts). */
  readonly access: string;
  readonly session: string;
  /** When the session expires unless a request slides it on (checked again then: session-expiry.ts). */
  expiresAt: Date;
  /** Whether the browser has said anything since the last ping. */
  answered: boolean;
}

/** How often sockets are pinged, and how much a socket may leave unread (config.limits.hub). */
export type ConnectionLimits = Limits['hub'];

const OPEN = 1;

export class Connections {
  readonly #all = new Set<HubClient>();
  readonly #byUser = new Map<number, Set<HubClient>>();
  readonly #byGroup = new Map<number, Set<HubClient>>();
  readonly #bySession = new Map<string, Set<HubClient>>();
  readonly #heartbeat: NodeJS.Timeout;
  /** Sockets dropped because they did not read what was sent to them. */
  slowDropped = 0;
  /** The instance is stopping: every socket, and any that connects still, is told to go elsewhere. */
  #movingAway = false;

  /** `resources`: the app's, whose list rules say who hears of a table's changes. */
  constructor(
    readonly limits: ConnectionLimits,
    readonly resources: ReadonlyArray<ResourceDef>,
  ) {
    this.#heartbeat = setInterval(() => this.beat(), limits.heartbeatMs);
    this.#heartbeat.unref();
  }

  get size(): number {
    return this.#all.size;
  }

  /** Takes an upgraded socket of a signed-in user's session and greets it. */
  add(socket: WebSocket, user: CurrentUser, session: { id: string; expiresAt: Date }): HubClient {
    const client: HubClient = {
      socket,
      user,
      access: accessVersion(user),
      session: session.id,
      expiresAt: session.expiresAt,
      answered: true,
    };
    this.#all.add(client);
    index(this.#byUser, user.ID, client);
    if (user.GroupID !== null) index(this.#byGroup, user.GroupID, client);
    index(this.#bySession, session.id, client);
    socket.on('message', (data, isBinary) => this.#received(client, data, isBinary));
    // A socket's error is followed by its close; what remains to do is in the close.
    socket.on('error', () => undefined);
    socket.on('close', () => this.#remove(client));
    this.send([client], { type: 'hello', heartbeatMs: this.limits.heartbeatMs });
    if (this.#movingAway) this.#sendAway([client]);
    return client;
  }

  /** The instance is stopping: tells each browser to connect again (through the proxy, to another instance). */
  moveAway(): void {
    this.#movingAway = true;
    this.#sendAway([...this.#all]);
  }

  #sendAway(clients: HubClient[]): void {
    this.send(clients, { type: 'reconnect' });
    for (const { socket } of clients) socket.close(CLOSE_INSTANCE_STOPPING, 'instance stopping');
  }

  /** The clients a frame for `to` goes to. */
  audience(to: Audience): Iterable<HubClient> {
    if ('user' in to) return this.#byUser.get(to.user) ?? [];
    if ('group' in to) return this.#byGroup.get(to.group) ?? [];
    if ('everyone' in to) return this.#all;
    const rule = this.resources.find((r) => r.name === to.mayList)?.access.list;
    if (rule === undefined || rule === false) return [];
    return [...this.#all].filter((c) => allows(c.user, rule));
  }

  /** Sends the frame to each client that can take it; a client that would buffer past the limit is dropped. */
  send(clients: Iterable<HubClient>, frame: ServerFrame): void {
    const data = Buffer.from(JSON.stringify(frame));
    for (const { socket } of clients) {
      if (socket.readyState !== OPEN) continue;
      if (socket.bufferedAmount + data.length > this.limits.maxBufferedBytes) {
        this.slowDropped++;
        socket.terminate();
        continue;
      }
      socket.send(data, { binary: false });
    }
  }

  /** Closes the session's sockets, telling the browsers not to come back. */
  endSession(session: string): void {
    for (const { socket } of this.#bySession.get(session) ?? []) socket.close(CLOSE_SIGNED_OUT, 'signed out');
  }

  /** How many sockets the user has here, over all their sessions. */
  socketsOfUser(user: number): number {
    return this.#byUser.get(user)?.size ?? 0;
  }

  /**
   * The user's access is now `user`'s: each of their sockets that connected with other access is told so and
   * closed, and the browser connects again as they are now (hearing what their new roles and group hear).
   */
  followAccess(user: CurrentUser): void {
    const now = accessVersion(user);
    const outdated = [...(this.#byUser.get(user.ID) ?? [])].filter((c) => c.access !== now);
    this.send(outdated, { type: 'access-changed' });
    for (const { socket } of outdated) socket.close(CLOSE_ACCESS_CHANGED, 'access changed');
  }

  /** The sessions with a socket here. */
  sessions(): string[] {
    return [...this.#bySession.keys()];
  }

  /** The users with a socket here. */
  users(): number[] {
    return [...this.#byUser.keys()];
  }

  /** The sessions with a socket here whose known expiry is past `now`. */
  sessionsDue(now: Date): string[] {
    return [...this.#bySession].filter(([, clients]) => [...clients].some((c) => c.expiresAt <= now)).map(([session]) => session);
  }

  /** The session lives on (a request slid its expiry): its sockets learn the new expiry. */
  renewSession(session: string, expiresAt: Date): void {
    for (const client of this.#bySession.get(session) ?? []) client.expiresAt = expiresAt;
  }

  /** Drops the sockets that did not answer the last ping, and pings the others (run every heartbeatMs). */
  beat(): void {
    for (const client of this.#all) {
      if (!client.answered) {
        client.socket.terminate();
        continue;
      }
      client.answered = false;
    }
    this.send(this.#all, { type: 'ping' });
  }

  /** Unsent bytes over every socket: what the buffer limit keeps bounded. */
  bufferedBytes(): number {
    let bytes = 0;
    for (const { socket } of this.#all) bytes += socket.bufferedAmount;
    return bytes;
  }

  /** Stops the heartbeat and drops every socket (the app is closing; browsers reconnect to another instance). */
  closeAll(): void {
    clearInterval(this.#heartbeat);
    for (const { socket } of this.#all) socket.terminate();
  }

  #received(client: HubClient, data: RawData, isBinary: boolean): void {
    client.answered = true;
    if (!isBinary && readClientFrame(data)) return;
    client.socket.close(CLOSE_NOT_A_FRAME, 'not a frame');
  }

  #remove(client: HubClient): void {
    this.#all.delete(client);
    unindex(this.#byUser, client.user.ID, client);
    if (client.user.GroupID !== null) unindex(this.#byGroup, client.user.GroupID, client);
    unindex(this.#bySession, client.session, client);
  }
}

function readClientFrame(data: RawData): ClientFrame | null {
  try {
    const frame = JSON.parse(data.toString()) as ClientFrame;
    return frame?.type === 'pong' ? frame : null;
  } catch {
    return null;
  }
}

function index<K>(map: Map<K, Set<HubClient>>, key: K, client: HubClient): void {
  const set = map.get(key);
  if (set) set.add(client);
  else map.set(key, new Set([client]));
}

function unindex<K>(map: Map<K, Set<HubClient>>, key: K, client: HubClient): void {
  const set = map.get(key);
  set?.delete(client);
  if (set?.size === 0) map.delete(key);
}
