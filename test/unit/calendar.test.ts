// Calendar dates as the table API's cursors carry them (yyyy-mm-dd naming a day that exists), and the
// dd/MM/yyyy people type in forms and dialogs read as such a date.
import { test } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import { isIsoCalendarDate, isoFromDayMonthYear } from '../../common/calendar.ts';

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

test('a dd/MM/yyyy date reads as the yyyy-mm-dd day it names, a one-digit day or month included; anything else is null', () => {
  assert.equal(isoFromDayMonthYear('29/02/2024'), '2024-02-29');
  assert.equal(isoFromDayMonthYear('1/2/2024'), '2024-02-01');
  assert.equal(isoFromDayMonthYear('31/12/1999'), '1999-12-31');
  for (const text of ['29/02/2023', '31/04/2024', '01/13/2024', '0/1/2024', '1/2/24', '2024-02-01', '01-02-2024', ' 01/02/2024', '']) {
    assert.equal(isoFromDayMonthYear(text), null, text);
  }
});
