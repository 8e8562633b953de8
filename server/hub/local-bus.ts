// The event bus of a single instance (the embedded database): events go to this process's listeners, on a
// later turn of the event loop, as they would arrive from PostgreSQL: a publisher never runs them itself.
import type { EventBus, HubEvent } from './event-bus.ts';

export function localBus(): EventBus {
  const listeners: Array<(event: HubEvent) => void> = [];
  return {
    async publish(events) {
      // Copies, as a NOTIFY would give: a listener cannot change what the publisher still holds.
      const texts = events.map((event) => JSON.stringify(event));
      setImmediate(() => {
        for (const text of texts) for (const listener of listeners) listener(JSON.parse(text) as HubEvent);
      });
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    async close() {
      listeners.length = 0;
    },
  };
}
