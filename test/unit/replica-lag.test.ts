// The read replica's lag (server/db/replica-lag.ts): the age of the newest primary position it has replayed,
// measured on this machine's clock alone; not known until a position is replayed, unless already too old.
import { test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { parseLsn, ReplicaLag } from '../../server/db/replica-lag.ts';

test('a WAL position reads as a number: its high and low halves', () => {
  assert.equal(parseLsn('0/16B3748'), 0x16b3748n);
  assert.equal(parseLsn('1/0'), 1n << 32n);
  assert.ok(parseLsn('2/0') > parseLsn('1/FFFFFFFF'));
});

test('the lag is the age of the newest position the replica has replayed', () => {
  const lag = new ReplicaLag();
  lag.sample(100n, 0);
  lag.sample(200n, 2000);
  lag.sample(300n, 4000);
  lag.replayedTo(250n);
  assert.equal(lag.seconds(10, 4500), 2.5, 'it holds what the primary had at 2 s, not yet what it had at 4 s');
  lag.replayedTo(300n);
  assert.equal(lag.seconds(10, 4500), 0.5);
});

test('before the replica has replayed any position taken, the lag is not known, until the oldest passes the limit', () => {
  const lag = new ReplicaLag();
  assert.equal(lag.seconds(10, 0), null, 'nothing taken yet');
  lag.sample(500n, 0);
  lag.replayedTo(400n);
  assert.equal(lag.seconds(10, 5000), null);
  lag.sample(600n, 5000);
  assert.equal(lag.seconds(10, 12_000), 12, 'at least the oldest position is 12 s old and missing');
});

test('a replica that stops replaying grows its lag from the last position it replayed', () => {
  const lag = new ReplicaLag();
  lag.sample(100n, 0);
  lag.replayedTo(100n);
  assert.equal(lag.seconds(10, 100), 0.1);
  for (let at = 1000; at <= 20_000; at += 1000) lag.sample(100n + BigInt(at), at);
  assert.equal(lag.seconds(10, 20_000), 20);
  lag.replayedTo(100n + 20_000n);
  assert.equal(lag.seconds(10, 20_000), 0);
});
