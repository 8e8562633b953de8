// A real websocket client of the hub for server tests: connects as a signed-in user (their cookie, the
// app's own Origin unless told otherwise), keeps every frame, and waits for the frames a test expects.
// Waits have deadlines (a test that waits for nothing must fail, not hang).
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { HUB_PATH, type ServerFrame } from '../../common/hub-frames.ts';
import type { SignedIn } from './app.ts';

export interface HubSocket {
  socket: WebSocket;
  frames: ServerFrame[];
  /** The first frame (kept or still to come) that `match` accepts, after those already taken by `next`. */
  next<T extends ServerFrame['type']>(
    type: T,
    match?: (frame: Extract<ServerFrame, { type: T }>) => boolean,
    ms?: number,
  ): Promise<Extract<ServerFrame, { type: T }>>;
  /** Settles with the close code when the socket closes. */
  closed: Promise<number>;
  close(): Promise<void>;
}

const DEADLINE_MS = 10_000;

function wsUrl(base: string): string {
  return `${base.replace(/^http/, 'ws')}${HUB_PATH}`;
}

export interface ConnectOptions {
  /** The Origin header; the app's own address by default; null sends none. */
  origin?: string | null;
  /** Answer the server's pings (default true). */
  answerPings?: boolean;
}

export async function connectHub(
  base: string,
  cookie: string,
  { origin = base, answerPings = true }: ConnectOptions = {},
): Promise<HubSocket> {
  const socket = new WebSocket(wsUrl(base), { headers: { cookie }, ...(origin === null ? {} : { origin }) });
  const frames: ServerFrame[] = [];
  const taken = new WeakSet<ServerFrame>();
  const waiting = new Set<() => void>();
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as ServerFrame;
    frames.push(frame);
    if (frame.type === 'ping' && answerPings) socket.send(JSON.stringify({ type: 'pong' }));
    for (const wake of waiting) wake();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    frames,
    closed,
    next(type, match = () => true, ms = DEADLINE_MS) {
      type F = Extract<ServerFrame, { type: typeof type }>;
      const find = () => frames.find((f): f is F => f.type === type && !taken.has(f) && match(f as F));
      return new Promise<F>((resolve, reject) => {
        const check = () => {
          const found = find();
          if (!found) return false;
          taken.add(found);
          waiting.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no "${type}" frame within ${ms} ms; frames: ${JSON.stringify(frames)}`));
        }, ms);
        waiting.add(check);
        check();
      });
    },
    async close() {
      if (socket.readyState !== WebSocket.CLOSED) socket.close();
      await closed;
    },
  };
}

/** The HTTP status the server answers a handshake with, when it refuses it (101 when it accepts). */
export async function handshakeStatus(base: string, headers: Record<string, string>, origin: string | null = base): Promise<number> {
  return (await handshakeAnswer(base, headers, origin)).status;
}

/** The server's answer to a handshake: 101 when it accepts, or the refusal's status and its text. */
export function handshakeAnswer(
  base: string,
  headers: Record<string, string>,
  origin: string | null = base,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl(base), { headers, ...(origin === null ? {} : { origin }) });
    socket.on('unexpected-response', (_req, res) => {
      let body = '';
      const done = () => {
        resolve({ status: res.statusCode ?? 0, body });
        socket.terminate();
      };
      res.on('data', (chunk: Buffer) => (body += chunk));
      res.on('end', done);
      res.on('error', done);
    });
    socket.on('open', () => {
      resolve({ status: 101, body: '' });
      socket.close();
    });
    socket.on('error', (err) => reject(err));
  });
}

/** The signed-in user's id. */
export async function userIdOf(user: SignedIn): Promise<number> {
  return (await user.inject({ url: '/api/common/current-user' })).json().ID as number;
}

/**
 * The frames `hub` received before a marker `app` sends it now: the hub sends in order, so an event handed
 * out before the marker was sent is among them if it was meant for this socket (how a test shows that a
 * frame did NOT come, without waiting for a time).
 */
export async function framesUntilNow(app: FastifyInstance, hub: HubSocket, userId: number): Promise<ServerFrame[]> {
  const connections = app.hub.connections;
  const marker = `marker-${Math.random()}`;
  connections.send(connections.audience({ user: userId }), { type: 'changed', resource: marker, by: 0 });
  await hub.next('changed', (f) => f.resource === marker);
  return hub.frames.slice(
    0,
    hub.frames.findIndex((f) => f.type === 'changed' && f.resource === marker),
  );
}
