// The hub's reconnection delays: doubling steps from 0.5 s to 30 s, each a random point in its upper half.
import { test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { FIRST_STEP_MS, LAST_STEP_MS, reconnectDelay } from '../../islands/hub/reconnect-delay.ts';

test('the delay doubles after each failure, up to the last step', () => {
  const most = [0, 1, 2, 3, 6, 7, 20].map((failures) => reconnectDelay(failures, () => 1));
  assert.deepEqual(most, [500, 1000, 2000, 4000, 30_000, 30_000, 30_000]);
  assert.equal(most[0], FIRST_STEP_MS);
  assert.equal(most.at(-1), LAST_STEP_MS);
});

test('the delay is jittered within the upper half of its step, so dropped tabs do not return all at once', () => {
  assert.equal(
    reconnectDelay(2, () => 0),
    1000,
  );
  assert.equal(
    reconnectDelay(2, () => 0.5),
    1500,
  );
  const spread = new Set(Array.from({ length: 50 }, () => reconnectDelay(3)));
  assert.ok(spread.size > 40, 'different waits');
  for (const ms of spread) assert.ok(ms >= 2000 && ms <= 4000, String(ms));
});
