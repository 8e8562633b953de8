// The event bus across app instances sharing one PostgreSQL: a NOTIFY on one channel per event, the events
// waiting to go out sent in one statement through the request pool, and a dedicated connection per instance
// that LISTENs on it. A NOTIFY's transaction commits without waiting for the disk (db/unflushed.ts): what it
// announces was committed before it, and a notification does not outlive a crash anyway; each waited for a
// WAL flush of its own, three a feed request at close of day, in the one queue every event goes out through.
// PostgreSQL delivers the same payload sent twice in one transaction once: the events are idempotent (a
// table changed, a frame shown, a session ended), so two alike that go out together mean what one does. That connection comes back
// by itself when lost (after a growing, jittered pause); events NOTIFYed meanwhile never reach this
// instance, so its subscribers are told of the gap.
import pg from 'pg';
import { UNFLUSHED } from '../db/unflushed.ts';
import { readEvent, type EventBus, type HubEvent } from './event-bus.ts';
import { EventRefused } from './publish-queue.ts';

export const HUB_CHANNEL = 'backroom_hub';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_EVENT_BYTES = 7999;
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 10_000;

interface Log {
  warn(obj: object, msg: string): void;
}

/** Settles once this instance listens, so that no event published after the app is ready can miss it. */
export async function postgresBus(pool: pg.Pool, log: Log): Promise<EventBus> {
  const listeners: Array<(event: HubEvent) => void> = [];
  const gapListeners: Array<() => void> = [];
  let listening: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  let failures = 0;
  let closed = false;

  function deliver(message: pg.Notification): void {
    if (message.channel !== HUB_CHANNEL || !message.payload) return;
    const event = readEvent(message.payload);
    if (event) for (const listener of listeners) listener(event);
  }

  /** Opens the listening connection; false when it could not (a retry is then scheduled). */
  async function listen(): Promise<boolean> {
    const client = new pg.Client(pool.options);
    let lost = false;
    const lose = (err?: Error) => {
      if (lost) return;
      lost = true;
      if (err) log.warn({ err }, 'hub: the listening connection to the database was lost');
      client.end().catch(() => undefined);
      if (listening === client) listening = null;
      if (!closed) retryLater();
    };
    client.on('notification', deliver);
    client.on('error', lose);
    client.on('end', () => lose());
    try {
      await client.connect();
      await client.query(`listen ${HUB_CHANNEL}`);
    } catch (err) {
      lose(err as Error);
      return false;
    }
    if (closed) {
      await client.end();
      return false;
    }
    listening = client;
    return true;
  }

  function retryLater(): void {
    clearTimeout(retry);
    const ceiling = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** failures++);
    retry = setTimeout(
      async () => {
        if (!(await listen())) return;
        failures = 0;
        for (const onGap of gapListeners) onGap();
      },
      ceiling / 2 + Math.random() * (ceiling / 2),
    );
  }

  if (!(await listen())) {
    clearTimeout(retry);
    throw new Error('hub: could not LISTEN on the database');
  }

  return {
    async publish(events) {
      const texts = events.map((event) => JSON.stringify(event));
      for (const text of texts)
        if (Buffer.byteLength(text) > MAX_EVENT_BYTES)
          throw new EventRefused(`hub: an event of ${Buffer.byteLength(text)} bytes is over the ${MAX_EVENT_BYTES} a NOTIFY carries`);
      // One statement, one transaction: its NOTIFYs are delivered together, in order, at its commit.
      await pool.query(`with ${UNFLUSHED} select pg_notify($1, t) from unflushed, unnest($2::text[]) t`, [HUB_CHANNEL, texts]);
    },
    subscribe(listener, onGap) {
      listeners.push(listener);
      if (onGap) gapListeners.push(onGap);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = listening;
      listening = null;
      await client?.end();
    },
  };
}
