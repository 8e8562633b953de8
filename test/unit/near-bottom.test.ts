// Infinite scroll's trigger (spec section 9, a 100 px load gap): the next page is asked for once the scroll
// region's bottom is 100 px or less away, and not at 101 (the browser test proves the loading itself).
import { test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { LOAD_GAP_PX, nearBottom } from '../../islands/data-table/infinite-scroll/near-bottom.ts';

const region = (fromBottom: number) => ({ scrollHeight: 2000, clientHeight: 500, scrollTop: 2000 - 500 - fromBottom });

test('the next page is asked for within 100 px of the bottom, not at 101', () => {
  assert.equal(LOAD_GAP_PX, 100);
  assert.equal(nearBottom(region(101)), false);
  assert.equal(nearBottom(region(100)), true);
  assert.equal(nearBottom(region(99)), true);
  assert.equal(nearBottom(region(0)), true);
  assert.equal(nearBottom(region(1000)), false);
});
