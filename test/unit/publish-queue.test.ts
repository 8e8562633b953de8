// The hub's outgoing events (server/hub/publish-queue.ts): an event the bus fails to take is sent again until
// it is taken, in order, the caller never waiting; one the bus refuses for what it is, or that waited past its
// age limit, is dropped and holds up none after it.
import { test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import type { HubEvent } from '../../server/hub/event-bus.ts';
import { EventRefused, publishQueue } from '../../server/hub/publish-queue.ts';
import { until } from '../support/until.ts';

const event = (session: string): HubEvent => ({ topic: 'session-ended', session });
const quiet = { warn() {}, error() {} };

/** A bus that fails the first `failures` sends, and records what it took. */
function failingBus(failures: number, refuse: (e: HubEvent) => boolean = () => false) {
  const taken: string[] = [];
  let tries = 0;
  return {
    taken,
    get tries() {
      return tries;
    },
    async publish(e: HubEvent) {
      tries++;
      if (refuse(e)) throw new EventRefused('too large');
      if (tries <= failures) throw new Error('Connection terminated unexpectedly');
      taken.push((e as { session: string }).session);
    },
  };
}

test('events the bus failed to take are sent again, in order, and the caller is not held up', async () => {
  const bus = failingBus(3);
  const queue = publishQueue(bus, quiet);
  for (const name of ['a', 'b', 'c']) assert.equal(queue.publish(event(name)), undefined);
  await until(() => bus.taken.length === 3, 'every event is taken');
  assert.deepEqual(bus.taken, ['a', 'b', 'c']);
  assert.equal(bus.tries, 6);
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
