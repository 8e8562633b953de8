// The hub's events between app instances: one interface, two carriers. On PostgreSQL every instance LISTENs
// on one channel and an event is a NOTIFY (postgres-bus.ts), so it reaches every instance sharing the
// database, the publisher's own included. The embedded database serves one instance and cannot deliver
// LISTEN/NOTIFY: there the same interface hands events to the process's own listeners (local-bus.ts).
import type { ServerFrame } from '../../common/hub-frames.ts';

/** Who a frame is for: one user, the members of a group, everyone who may list a resource, or everyone. */
export type Audience = { user: number } | { group: number } | { mayList: string } | { everyone: true };

export type HubEvent =
  /** A frame for the audience's connected browsers, wherever they are connected. */
  | { topic: 'frame'; to: Audience; frame: ServerFrame }
  /**
   * A change wrote these tables: every instance forgets what it kept of them, and tells the tables' viewers
   * who made it (`by`: a user's id, 0 for the system). `soon`: a machine's write, whose figures may follow it
   * by a moment (table-api/cache/changed-tables.ts).
   */
  | { topic: 'tables'; tables: string[]; origin: string; by: number; soon?: boolean }
  /** The session ended (sign-out): its sockets close, on every instance. */
  | { topic: 'session-ended'; session: string };

export interface EventBus {
  /**
   * Settles once the events are on their way to every instance, in their order, all or none. Throws
   * EventRefused (publish-queue.ts) when one of them can never be carried.
   */
  publish(events: ReadonlyArray<HubEvent>): Promise<void>;
  /**
   * Every event, this instance's own included. `onGap` runs when events may have been missed (the
   * listening connection was lost and is back): what was kept on the strength of them must be dropped.
   */
  subscribe(listener: (event: HubEvent) => void, onGap?: () => void): void;
  close(): Promise<void>;
}

const topics = new Set<HubEvent['topic']>(['frame', 'tables', 'session-ended']);

/** The event in a text, or null when the text is not one (a stray NOTIFY on our channel). */
export function readEvent(text: string): HubEvent | null {
  try {
    const event = JSON.parse(text) as HubEvent;
    return event && typeof event === 'object' && topics.has(event.topic) ? event : null;
  } catch {
    return null;
  }
}
