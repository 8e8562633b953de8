// The export's fast cell formatters must write exactly what common/format.ts writes (what the table shows),
// for every value shape PostgreSQL sends and for anything else.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatValue, type FormatName } from '../../../common/format.ts';
import { cellFormatter } from '../../../server/grid/export-format.ts';

const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const numericText = (decimals: number) =>
  fc.tuple(fc.boolean(), fc.oneof(fc.constant('0'), digits(1, 14).map((d) => d.replace(/^0+/, '') || '0')), digits(decimals, decimals))
    .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}.${frac}`);
const isoDate = fc.tuple(fc.integer({ min: 900, max: 9999 }), fc.integer({ min: 1, max: 13 }), fc.integer({ min: 1, max: 31 }))
  .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
const anything = fc.oneof(fc.string(), fc.double(), fc.integer(), fc.constant(null), fc.boolean(), fc.date({ noInvalidDate: false }));

function agrees(format: FormatName, values: fc.Arbitrary<unknown>) {
  const fast = cellFormatter(format);
  fc.assert(fc.property(values, (value) => assert.equal(fast(value), formatValue(value, format), String(value))), { numRuns: 3000 });
}

describe('export cell formatting equals the table formatting', () => {
  test('currency', () => agrees('currency', fc.oneof(numericText(2), numericText(1), numericText(3), anything)));
  test('percent', () => agrees('percent', fc.oneof(numericText(4), numericText(2), numericText(3), numericText(5), anything)));
  test('date', () => agrees('date', fc.oneof(isoDate, anything)));
  test('integer', () => agrees('integer', fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.constant(-0), anything)));
  test('text', () => agrees('text', anything));
  test('the other formats', () => {
    for (const format of ['number', 'datetime', 'boolean'] as const) agrees(format, anything);
  });
});
