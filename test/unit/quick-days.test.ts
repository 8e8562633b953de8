// The date filter's quick picks as days: "Last 7 days" is the seven whole days before today (today's sales are
// not in yet), ending yesterday; today and yesterday are one day each.
import { describe, test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { quickDays } from '../../common/quick-days.ts';

describe('the quick day picks', () => {
  const now = new Date(2026, 10, 28, 9, 30);

  test('Last 7 days ends yesterday and holds seven days', () => {
    assert.deepEqual(quickDays.last7Days(now), { from: '21/11/2026', to: '27/11/2026' });
  });

  test('today and yesterday are one day each', () => {
    assert.deepEqual(quickDays.today(now), { from: '28/11/2026', to: '28/11/2026' });
    assert.deepEqual(quickDays.yesterday(now), { from: '27/11/2026', to: '27/11/2026' });
  });
});
