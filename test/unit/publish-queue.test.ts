// The hub's outgoing events (server/hub/publish-queue.ts): an event the bus fails to take is sent again until
// it is taken, in order, the caller never waiting, those that queued up meanwhile going with it in one batch;
// one the bus refuses for what it is, or that waited past its age limit, is dropped and holds up none after it.
import { test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { HubEvent } from '../../server/hub/event-bus.ts';
import { EventRefused, publishQueue } from '../../server/hub/publish-queue.ts';
import { until } from '../support/until.ts';

const event = (session: string): HubEvent => ({ topic: 'session-ended', session });
const quiet = { warn() {}, error() {} };

const name = (e: HubEvent) => (e as { session: string }).session;

/** A bus that fails the first `failures` sends, and records what it took, and in which batches. */
function failingBus(failures: number, refuse: (e: HubEvent) => boolean = () => false) {
  const taken: string[] = [];
  const batches: string[][] = [];
  let tries = 0;
  return {
    taken,
    batches,
    get tries() {
      return tries;
    },
    async publish(events: ReadonlyArray<HubEvent>) {
      tries++;
      if (events.some(refuse)) throw new EventRefused('too large');
      if (tries <= failures) throw new Error('Connection terminated unexpectedly');
      taken.push(...events.map(name));
      batches.push(events.map(name));
    },
  };
}

test('events the bus failed to take are sent again, in order, and the caller is not held up', async () => {
  const bus = failingBus(3);
  const queue = publishQueue(bus, quiet);
  for (const name of ['a', 'b', 'c']) assert.equal(queue.publish(event(name)), undefined);
  await until(() => bus.taken.length === 3, 'every event is taken');
  assert.deepEqual(bus.taken, ['a', 'b', 'c']);
  // The first went out alone and failed; the two queued behind it went with it from the first retry on.
  assert.deepEqual(bus.batches, [['a', 'b', 'c']]);
  assert.equal(bus.tries, 4);
  assert.equal(queue.waiting, 0);
  queue.close();
});

test('an event the bus refuses for what it is is dropped, and the next goes out', async () => {
  const bus = failingBus(0, (e) => (e as { session: string }).session === 'big');
  const queue = publishQueue(bus, quiet);
  for (const name of ['big', 'after']) queue.publish(event(name));
  await until(() => bus.taken.length === 1, 'the next is taken');
  assert.deepEqual(bus.taken, ['after']);
  queue.close();
});

test('events that queue up while one goes out go together; one the bus refuses among them is dropped alone', async () => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const bus = failingBus(0, (e) => name(e) === 'big');
  const queue = publishQueue(
    {
      async publish(events) {
        // The first send is held until the rest have queued up.
        if (bus.tries === 0) await held;
        return bus.publish(events);
      },
    },
    quiet,
  );
  for (const n of ['first', 'a', 'big', 'b']) queue.publish(event(n));
  release();
  await until(() => bus.taken.length === 3, 'every event but the refused one is taken');
  assert.deepEqual(bus.batches, [['first'], ['a'], ['b']]);
  assert.equal(queue.waiting, 0);

  for (const n of ['c', 'd', 'e']) queue.publish(event(n));
  await until(() => bus.taken.length === 6, 'the next events are taken');
  assert.deepEqual(bus.batches.slice(3), [['c'], ['d', 'e']]);
  queue.close();
});

test('an event that waited past its age limit is dropped with a log line', async () => {
  const logged: string[] = [];
  const bus = failingBus(1);
  const queue = publishQueue(bus, { warn: () => {}, error: (_o, m) => void logged.push(m) }, { maxAgeMs: 50 });
  queue.publish(event('stale'));
  await until(() => logged.length === 1, 'the stale event is dropped');
  queue.publish(event('fresh'));
  await until(() => bus.taken.length === 1, 'a later event goes out');
  assert.deepEqual(bus.taken, ['fresh']);
  queue.close();
});
