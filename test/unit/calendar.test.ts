// Calendar dates as the table API's cursors carry them: yyyy-mm-dd naming a day that exists.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isIsoCalendarDate } from '../../common/calendar.ts';

test('a yyyy-mm-dd date passes only when it names a day that exists', () => {
  for (const day of ['2024-02-29', '2000-02-29', '0001-01-01', '2023-12-31']) assert.equal(isIsoCalendarDate(day), true, day);
  for (const day of [
    '2023-02-29',
    '1900-02-29',
    '2024-04-31',
    '2024-13-01',
    '2024-00-10',
    '0000-01-01',
    '2024-1-01',
    '2024-01-01T00:00',
    ' 2024-01-01',
  ]) {
    assert.equal(isIsoCalendarDate(day), false, day);
  }
});
