// The feed queue's turns (server/feed/feed-queue.ts) as a request gives its up while its body arrives and
// takes one again: before the requests waiting for their first, never refused, and nothing held by one whose
// caller went away. (test/server/feed/feed-queue.test.ts: the same over a real listener.)
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { FeedQueue, FeedQueueLeft } from '../../server/feed/feed-queue.ts';

describe('feed queue turns given up and taken again', () => {
  test('a request taking its turn again goes before those waiting for their first, and is never refused', async () => {
    const queue = new FeedQueue({ atOnce: 1, queue: 1 });
    const first = queue.admit()!;
    await first.turn();
    first.pause();
    assert.equal(queue.serving, 0, 'its turn is free while its body arrives');
    const second = queue.admit()!;
    await second.turn();
    const third = queue.admit()!;
    const order: string[] = [];
    const thirdTurn = third.turn().then(() => order.push('third'));
    assert.equal(queue.admit(), null, 'the queue is full for a first turn');
    const again = first.resume().then(() => order.push('first again'));
    assert.equal(queue.waiting, 2);
    second.leave();
    await again;
    assert.deepEqual(order, ['first again']);
    first.leave();
    await thirdTurn;
    assert.deepEqual(order, ['first again', 'third']);
    third.leave();
    assert.equal(queue.serving + queue.waiting, 0);
  });

  test('a request whose caller leaves while its body arrives, or while it waits to resume, holds nothing', async () => {
    const queue = new FeedQueue({ atOnce: 1, queue: 5 });
    const paused = queue.admit()!;
    await paused.turn();
    paused.pause();
    paused.leave();
    await assert.rejects(paused.resume(), FeedQueueLeft);
    assert.equal(queue.serving + queue.waiting, 0);

    const holder = queue.admit()!;
    await holder.turn();
    holder.pause();
    const other = queue.admit()!;
    await other.turn();
    const resuming = holder.resume();
    assert.equal(queue.waiting, 1, 'one at once: it waits to resume');
    holder.leave();
    await assert.rejects(resuming, FeedQueueLeft);
    assert.equal(queue.waiting, 0);
    assert.equal(queue.serving, 1, 'the request in its turn keeps it');
    other.leave();
    assert.equal(queue.serving + queue.waiting, 0);
  });
});
