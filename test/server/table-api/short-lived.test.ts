// Figures kept briefly (footer totals, sizes, estimates): a change forgets them, and a figure that was being
// computed while the change happened is answered but not kept (it may have been read before the change);
// callers asking for one together share its computation.
import { test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import type pg from 'pg';
import { ShortLived, forgetResource } from '../../../server/table-api/cache/short-lived.ts';

test('a value computed across a change to its resource is not kept', async () => {
  const cache = new ShortLived<number>(60_000, 10);
  // Only its identity matters: the caches are kept per database.
  const pool = {} as pg.Pool;
  let computed = 0;
  let release!: () => void;
  const slow = cache.get(pool, 'sales', ['totals'], async () => {
    await new Promise<void>((r) => (release = r));
    return ++computed;
  });
  forgetResource(pool, 'sales');
  release();
  assert.equal(await slow, 1, 'the caller still gets its answer');
  assert.equal(await cache.get(pool, 'sales', ['totals'], async () => ++computed), 2, 'but the next caller computes afresh');
  assert.equal(await cache.get(pool, 'sales', ['totals'], async () => ++computed), 2, 'and that value is kept');
  forgetResource(pool, 'stores');
  assert.equal(await cache.get(pool, 'sales', ['totals'], async () => ++computed), 2, "another resource's change leaves it");
  forgetResource(pool, 'sales');
  assert.equal(await cache.get(pool, 'sales', ['totals'], async () => ++computed), 3);
});

test('callers asking together share one computation, unless a change came between them', async () => {
  const cache = new ShortLived<number>(60_000, 10);
  const pool = {} as pg.Pool;
  let computed = 0;
  const releases: Array<() => void> = [];
  const slow = async () => {
    await new Promise<void>((r) => releases.push(r));
    return ++computed;
  };
  const first = cache.get(pool, 'sales', ['totals'], slow);
  const second = cache.get(pool, 'sales', ['totals'], slow);
  forgetResource(pool, 'sales');
  const third = cache.get(pool, 'sales', ['totals'], slow);
  assert.equal(releases.length, 2, 'one computation before the change, one after it');
  for (const release of releases) release();
  assert.equal(await first, 1);
  assert.equal(await second, 1, 'the second caller waited for the first computation');
  assert.equal(await third, 2, 'the caller after the change computed afresh');
  const failing = cache.get(pool, 'stores', ['totals'], () => Promise.reject(new Error('its deadline passed')));
  const joined = cache.get(pool, 'stores', ['totals'], async () => 7);
  await assert.rejects(failing);
  assert.equal(await joined, 7, "a shared computation's failure is its own caller's: the other computes its own");
});
