// The hub's events on their way out, kept until the bus has taken them. Those that queued up while the last
// went out go together (one NOTIFY statement, where at close of day thousands a minute went one by one). A
// NOTIFY fails when the database connection it went out on is lost or the database is restarting: the event
// (a new message's toast, a table's "rows changed", a sign-out) would be gone, and nobody told. Events wait
// here, in order, and are sent again with a growing pause until the bus takes them; one older than the age
// limit is dropped with a warning (what it announced is stale by then, and a LISTEN gap's catch-up covers
// sessions and tables). An event the bus can never carry (too large) is dropped at once.
import type { EventBus, HubEvent } from './event-bus.ts';

/** An event the bus refuses for what it is, not for the moment: sending it again cannot help. */
export class EventRefused extends Error {}

export interface PublishLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface PublishQueue {
  /**
   * Queues the event; it goes out in order, whatever fails meanwhile. The caller does not wait for it: a
   * request that announces something is not held up by the bus.
   */
  publish(event: HubEvent): void;
  /** Events still waiting for the bus. */
  readonly waiting: number;
  close(): void;
}

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5000;
/** Events sent in one go at most (a NOTIFY statement of up to ~800 KB). */
const BATCH_EVENTS = 100;

export function publishQueue(bus: Pick<EventBus, 'publish'>, log: PublishLog, { maxAgeMs = 60_000, maxEvents = 5000 } = {}): PublishQueue {
  const pending: Array<{ event: HubEvent; at: number }> = [];
  /** The events at the head of `pending` on their way out now. */
  let sending = 0;
  /** The events at the head to send one at a time: a batch of them held one the bus refuses. */
  let singly = 0;
  let draining = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  async function drain(): Promise<void> {
    if (draining || closed) return;
    draining = true;
    try {
      while (pending.length > 0 && !closed) {
        const next = pending[0]!;
        if (Date.now() - next.at > maxAgeMs) {
          log.error({ topic: next.event.topic, ageMs: Date.now() - next.at }, 'hub: an event could not be published in time: dropped');
          pending.shift();
          singly = Math.max(0, singly - 1);
          continue;
        }
        // What queued up while the last went out goes in one statement (one transaction) where it went in as many.
        let batch = 0;
        while (batch < pending.length && batch < (singly > 0 ? 1 : BATCH_EVENTS) && Date.now() - pending[batch]!.at <= maxAgeMs) batch++;
        sending = batch;
        try {
          await bus.publish(pending.slice(0, batch).map((p) => p.event));
        } catch (err) {
          sending = 0;
          if (err instanceof EventRefused) {
            // Which one it was is found by sending them one at a time; that one is dropped, the others go.
            if (batch > 1) singly = batch;
            else {
              log.error({ err, topic: next.event.topic }, 'hub: an event could not be published: dropped');
              pending.shift();
              singly = Math.max(0, singly - 1);
            }
            continue;
          }
          if (failures++ === 0) log.warn({ err, topic: next.event.topic }, 'hub: an event could not be published: sending it again');
          const pause = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (failures - 1));
          retry = setTimeout(() => {
            retry = undefined;
            void drain();
          }, pause);
          retry.unref();
          return;
        }
        sending = 0;
        failures = 0;
        pending.splice(0, batch);
        singly = Math.max(0, singly - batch);
      }
    } finally {
      draining = false;
    }
  }

  return {
    publish(event) {
      if (closed) return;
      // A bus down for long under a flood: the oldest not on their way give way, as they would go stale first.
      if (pending.length >= maxEvents) {
        if (pending.length <= sending) return;
        pending.splice(sending, 1);
      }
      pending.push({ event, at: Date.now() });
      // Behind a retry's pause, the event waits its turn rather than overtaking those before it.
      if (retry === undefined) void drain();
    },
    get waiting() {
      return pending.length;
    },
    close() {
      closed = true;
      clearTimeout(retry);
      pending.length = 0;
    },
  };
}
