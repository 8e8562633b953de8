// The tab's one connection to the real-time hub (/hub). It lives in the boot code, not in swapped content, so
// page swaps keep it. It answers the server's pings, and when it hears nothing for two heartbeats it takes
// the connection for dead (a laptop waking up, a proxy that dropped it silently) and opens another. After a
// drop it reconnects with a growing, jittered delay; at once when the browser comes back online. When the
// server ends it because the session ended, it stays closed until the person signs in again in place
// (shell/sign-in-again.ts); else the next page visit goes to the sign-in page. When its server stops (a
// restart behind the proxy), it is told to go ('reconnect') and connects again after a short random wait,
// so that the tabs of a stopping instance spread over the others rather than all arriving at once.
import {
  CLOSE_ACCESS_CHANGED,
  CLOSE_INSTANCE_STOPPING,
  CLOSE_SIGNED_OUT,
  HUB_PATH,
  type ClientFrame,
  type ServerFrame,
} from '../../common/hub-frames.ts';
import { SIGNED_IN_AGAIN } from '../shell/csrf.ts';
import { reconnectDelay } from './reconnect-delay.ts';

export interface HubHandlers {
  /** Connected (again): anything missed while away must be fetched. */
  open(): void;
  frame(frame: ServerFrame): void;
}

/** The tabs of a stopping instance come back over this long (each at a random point in it). */
const MOVE_SPREAD_MS = 2000;

/** Silence taken for a dead connection before the server has said how often it pings. */
const FIRST_SILENCE_MS = 60_000;

export function hubUrl(): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${HUB_PATH}`;
}

export function connectHub(handlers: HubHandlers, url = hubUrl()): void {
  let socket: WebSocket | null = null;
  let failures = 0;
  let silenceMs = FIRST_SILENCE_MS;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  let ended = false;

  function open(): void {
    retry = undefined;
    const ws = new WebSocket(url);
    socket = ws;
    heard();
    ws.onopen = () => {
      failures = 0;
      state('connected');
      handlers.open();
    };
    ws.onmessage = (event) => {
      heard();
      const frame = readFrame(event.data);
      if (!frame) return;
      if (frame.type === 'ping') send(ws, { type: 'pong' });
      if (frame.type === 'hello') silenceMs = frame.heartbeatMs * 2;
      if (frame.type === 'reconnect') {
        // Not waiting for the server's close: this tab is already on its way to another instance.
        ws.onclose = null;
        ws.close();
        lost(CLOSE_INSTANCE_STOPPING);
        return;
      }
      handlers.frame(frame);
    };
    ws.onclose = (event) => {
      if (socket === ws) lost(event.code);
    };
  }

  /** Restarts the wait for the next frame: a ping comes every heartbeat. */
  function heard(): void {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      const ws = socket;
      if (!ws) return;
      ws.onclose = null;
      ws.close();
      lost(0);
    }, silenceMs);
  }

  function lost(code: number): void {
    socket = null;
    clearTimeout(watchdog);
    if (code === CLOSE_SIGNED_OUT) ended = true;
    state(ended ? 'ended' : 'reconnecting');
    if (ended) return;
    // Closed because the user's access changed: back at once, as the user is now; because the instance is
    // stopping: back soon, elsewhere, nothing having failed.
    const delay =
      code === CLOSE_ACCESS_CHANGED ? 0 : code === CLOSE_INSTANCE_STOPPING ? Math.random() * MOVE_SPREAD_MS : reconnectDelay(failures++);
    retry = setTimeout(open, delay);
  }

  window.addEventListener('online', () => {
    if (retry === undefined || ended) return;
    clearTimeout(retry);
    open();
  });
  document.addEventListener(SIGNED_IN_AGAIN, () => {
    if (!ended) return;
    ended = false;
    failures = 0;
    open();
  });
  open();
}

/** Says on the page how the connection stands, for tests (and anyone debugging) that must not race it. */
function state(now: 'connected' | 'reconnecting' | 'ended'): void {
  document.documentElement.dataset.hub = now;
}

function send(ws: WebSocket, frame: ClientFrame): void {
  if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
}

function readFrame(data: unknown): ServerFrame | null {
  if (typeof data !== 'string') return null;
  try {
    const frame = JSON.parse(data) as ServerFrame;
    return typeof frame?.type === 'string' ? frame : null;
  } catch {
    return null;
  }
}
