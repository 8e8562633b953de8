// Figures kept briefly (footer totals, sizes, estimates): a change forgets them, and a figure that was being
// computed while the change happened is answered but not kept (it may have been read before the change).
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
