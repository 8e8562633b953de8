import { test, describe, after } from '../support/node-test.ts';
import assert from 'node:assert/strict';
import {
  compactNumber,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatNames,
  formatNumber,
  formatPercent,
  formatValue,
  timeAgo,
  type FormatName,
} from '../../common/format.ts';
import { useLanguage } from '../../server/messages.ts';
import { formatCount } from '../../common/format-count.ts';

/** One test per vector, named after the input and the expected text. */
function table<T>(name: string, fn: (input: T) => string, vectors: ReadonlyArray<[T, string]>): void {
  for (const [input, expected] of vectors) {
    const shown = typeof input === 'bigint' ? `${input}n` : input instanceof Date ? input.toString() : JSON.stringify(input);
    test(`${name} shows ${shown ?? String(input)} as ${JSON.stringify(expected)}`, () => {
      assert.equal(fn(input), expected);
    });
  }
}

describe('formatCurrency', () => {
  table('formatCurrency', formatCurrency, [
    [0, '$0.00'],
    [1, '$1.00'],
    [1234.5, '$1,234.50'],
    [-1234.5, '-$1,234.50'],
    [999.99, '$999.99'],
    [1000, '$1,000.00'],
    [1e6, '$1,000,000.00'],
    [0.1 + 0.2, '$0.30'],
    [1.005, '$1.01'],
    [2.675, '$2.68'],
    [0.005, '$0.01'],
    [-0.005, '-$0.01'],
    [0.004, '$0.00'],
    [-0.004, '$0.00'],
    [-0, '$0.00'],
    [123456789.125, '$123,456,789.13'],
    [1e21, '$1,000,000,000,000,000,000,000.00'],
    [1.5e-7, '$0.00'],
    [123n, '$123.00'],
    [-9007199254740993n, '-$9,007,199,254,740,993.00'],
    ['12345678901.235', '$12,345,678,901.24'],
    ['12345678901.234', '$12,345,678,901.23'],
    ['-12345678901.235', '-$12,345,678,901.24'],
    ['99999999999999999999.995', '$100,000,000,000,000,000,000.00'],
    ['999.995', '$1,000.00'],
    ['0.1', '$0.10'],
    ['.5', '$0.50'],
    ['5.', '$5.00'],
    ['+7', '$7.00'],
    ['00042.10', '$42.10'],
    ['  42 ', '$42.00'],
    ['1e3', '$1,000.00'],
    ['1.2345E2', '$123.45'],
    ['-0.001', '$0.00'],
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['   ', ''],
    ['abc', ''],
    ['1,234', ''],
    ['12.3.4', ''],
    ['.', ''],
    ['-', ''],
    ['1e999999999', ''],
    [Number.NaN, ''],
    [Number.POSITIVE_INFINITY, ''],
  ]);
});

describe('formatPercent', () => {
  table('formatPercent', formatPercent, [
    [0.1234, '12.34%'],
    [0, '0.00%'],
    [0.5, '50.00%'],
    [1, '100.00%'],
    [12.345, '1,234.50%'],
    [-0.05, '-5.00%'],
    [0.00005, '0.01%'],
    [0.000049, '0.00%'],
    [0.123456, '12.35%'],
    [0.07, '7.00%'],
    [0.1 + 0.2, '30.00%'],
    [-0.00001, '0.00%'],
    ['0.1234', '12.34%'],
    ['1e-4', '0.01%'],
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['n/a', ''],
  ]);
});

describe('formatNumber', () => {
  const cases: ReadonlyArray<[Parameters<typeof formatNumber>[0], number, string]> = [
    [1234, 0, '1,234'],
    [999, 0, '999'],
    [1000, 0, '1,000'],
    [-1000, 0, '-1,000'],
    [1234567.891, 2, '1,234,567.89'],
    [0.5, 0, '1'],
    [1.5, 0, '2'],
    [2.5, 0, '3'],
    [-0.5, 0, '-1'],
    [-0.4, 0, '0'],
    [12, 3, '12.000'],
    [0.125, 2, '0.13'],
    [-0.125, 2, '-0.13'],
    [1.5e-7, 8, '0.00000015'],
    [1e21, 0, '1,000,000,000,000,000,000,000'],
    ['12345678901234567890', 0, '12,345,678,901,234,567,890'],
    ['12345678901234567890.5', 1, '12,345,678,901,234,567,890.5'],
    [9999.9999, 2, '10,000.00'],
    [123n, 1, '123.0'],
    [null, 2, ''],
    ['x', 0, ''],
  ];
  for (const [input, decimals, expected] of cases) {
    test(`formatNumber shows ${String(input)} with ${decimals} decimals as ${JSON.stringify(expected)}`, () => {
      assert.equal(formatNumber(input, decimals), expected);
    });
  }
  test('shows no decimals by default', () => {
    assert.equal(formatNumber(1234.56), '1,235');
  });
  test('refuses a number of decimals toFixed would refuse', () => {
    for (const decimals of [-1, 1.5, 21, Number.NaN]) {
      assert.throws(() => formatNumber(1, decimals), RangeError, String(decimals));
    }
  });
});

describe('formatCount', () => {
  test('shows a whole count with comma thousands, as formatNumber does', () => {
    for (const n of [0, 7, 999, 1000, 500, 12345678]) assert.equal(formatCount(n), formatNumber(n));
    assert.equal(formatCount(1234567), '1,234,567');
  });
});

describe('compactNumber', () => {
  table('compactNumber', compactNumber, [
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1k'],
    [1500, '1.5k'],
    [1234, '1.23k'],
    [1235, '1.24k'],
    [10000, '10k'],
    [999499, '999.5k'],
    [999999, '1M'],
    [2000000, '2M'],
    [2.5e9, '2.5G'],
    [1e12, '1T'],
    [1e15, '1P'],
    [1e18, '1E'],
    [1e21, '1000E'],
    [-1500, '-1.5k'],
    [-999, '-999'],
    [0.5, '0.5'],
    [12.345, '12.35'],
    [0.001, '0'],
    [-0.001, '0'],
    ['1500', '1.5k'],
    [Number.NaN, ''],
    [null, ''],
  ]);
});

describe('formatDate', () => {
  table('formatDate', (d: Parameters<typeof formatDate>[0]) => formatDate(d), [
    [new Date(2026, 10, 21), '21/11/2026'],
    [new Date(2026, 0, 5, 23, 59), '05/01/2026'],
    ['2026-11-21', '21/11/2026'],
    ['2026-01-01', '01/01/2026'],
    ['2026-11-21T00:00:00', '21/11/2026'],
    ['2026-11-21 23:59:59', '21/11/2026'],
    [new Date(2024, 1, 29).getTime(), '29/02/2024'],
    ['', ''],
    ['  ', ''],
    [null, ''],
    [undefined, ''],
    ['not a date', ''],
    ['2026-13-01', ''],
    ['2026-02-30', ''],
    ['21/11/2026', ''],
    [new Date(Number.NaN), ''],
    [Number.NaN, ''],
  ]);
  test('shows a timestamp with a zone as the local day and time of that instant', () => {
    // Written from the local clock's own getters, so the test holds in every time zone.
    const instant = new Date(Date.UTC(2026, 10, 21, 12, 0));
    const two = (n: number) => String(n).padStart(2, '0');
    const local = `${two(instant.getDate())}/${two(instant.getMonth() + 1)}/${instant.getFullYear()}`;
    const localTime = `${local} ${two(instant.getHours())}:${two(instant.getMinutes())}`;
    for (const text of ['2026-11-21T12:00:00Z', '2026-11-21T12:00:00.000Z', '2026-11-21 12:00:00+00', '2026-11-21T14:00:00+02:00']) {
      assert.equal(formatDate(text), local, text);
      assert.equal(formatDateTime(text), localTime, text);
    }
  });
  test('uses a given date-fns format', () => {
    assert.equal(formatDate('2026-11-21', 'yyyy-MM-dd'), '2026-11-21');
    assert.equal(formatDate('2026-11-01', 'd/M/yyyy'), '1/11/2026');
    assert.equal(formatDate(new Date(2026, 10, 21, 9, 7), 'HH:mm'), '09:07');
  });
});

describe('formatDateTime', () => {
  table('formatDateTime', formatDateTime, [
    [new Date(2026, 10, 21, 14, 5), '21/11/2026 14:05'],
    [new Date(2026, 10, 21, 0, 0, 59), '21/11/2026 00:00'],
    [new Date(2026, 10, 21, 23, 59, 59), '21/11/2026 23:59'],
    ['2026-11-21T14:05:30', '21/11/2026 14:05'],
    ['2026-11-21 14:05:30.123', '21/11/2026 14:05'],
    ['2026-11-21', '21/11/2026 00:00'],
    [null, ''],
    ['', ''],
    ['soon', ''],
  ]);
});

describe('timeAgo', () => {
  const now = new Date(2026, 4, 15, 12, 0, 0);
  const seconds = (n: number) => new Date(now.getTime() - n * 1000);
  const vectors: ReadonlyArray<[string, Parameters<typeof timeAgo>[0], string]> = [
    ['the same moment', now, 'just now'],
    ['999 ms ago', seconds(0.999), 'just now'],
    ['999 ms ahead', seconds(-0.999), 'just now'],
    ['1 s ago', seconds(1), '1 second ago'],
    ['1.5 s ago', seconds(1.5), '1 second ago'],
    ['59 s ago', seconds(59), '59 seconds ago'],
    ['60 s ago', seconds(60), '1 minute ago'],
    ['3 minutes ago', seconds(180), '3 minutes ago'],
    ['59 minutes 59 s ago', seconds(3599), '59 minutes ago'],
    ['an hour ago', seconds(3600), '1 hour ago'],
    ['90 minutes ago', seconds(5400), '1 hour ago'],
    ['23 hours ago', new Date(2026, 4, 14, 13, 0), '23 hours ago'],
    ['yesterday at the same time', new Date(2026, 4, 14, 12, 0), '1 day ago'],
    ['three days ago', new Date(2026, 4, 12, 12, 0), '3 days ago'],
    ['29 days ago', new Date(2026, 3, 16, 12, 0), '29 days ago'],
    ['a calendar month ago', new Date(2026, 3, 15, 12, 0), '1 month ago'],
    ['11 months ago', new Date(2025, 5, 15, 12, 0), '11 months ago'],
    ['a year ago', new Date(2025, 4, 15, 12, 0), '1 year ago'],
    ['two years ago', new Date(2024, 4, 15, 12, 0), '2 years ago'],
    ['1 s ahead', seconds(-1), 'in 1 second'],
    ['3 minutes ahead', seconds(-180), 'in 3 minutes'],
    ['an hour ahead', seconds(-3600), 'in 1 hour'],
    ['two days ahead', new Date(2026, 4, 17, 12, 0), 'in 2 days'],
    ['a month ahead', new Date(2026, 5, 15, 12, 0), 'in 1 month'],
    ['five years ahead', new Date(2031, 4, 15, 12, 0), 'in 5 years'],
    ['ISO text 3 minutes ago', '2026-05-15T11:57:00', '3 minutes ago'],
    ['date-only text', '2026-05-12', '3 days ago'],
    ['epoch milliseconds', seconds(120).getTime(), '2 minutes ago'],
    ['an invalid date', 'nope', ''],
    ['no date', null, ''],
  ];
  for (const [moment, input, expected] of vectors) {
    test(`says ${JSON.stringify(expected)} for ${moment}`, () => {
      assert.equal(timeAgo(input, now), expected);
    });
  }
  test('measures from the real now when none is given', () => {
    assert.equal(timeAgo(new Date(Date.now() - 10 * 60 * 1000)), '10 minutes ago');
  });
  test('speaks the active language', () => {
    useLanguage({ timeAgoPast: 'il y a {0} {1}', unitMinutes: 'minutes', timeAgoNow: "à l'instant" });
    try {
      assert.equal(timeAgo(seconds(180), now), 'il y a 3 minutes');
      assert.equal(timeAgo(now, now), "à l'instant");
    } finally {
      useLanguage({});
    }
  });
});

describe('formatValue', () => {
  test('knows each format once', () => {
    assert.deepEqual([...formatNames].sort(), ['boolean', 'currency', 'date', 'datetime', 'integer', 'number', 'percent', 'text']);
  });
  test('shows no value as empty text in every format', () => {
    for (const name of formatNames) {
      assert.equal(formatValue(null, name), '', name);
      assert.equal(formatValue(undefined, name), '', name);
    }
  });

  const cases: ReadonlyArray<[unknown, FormatName, string]> = [
    ['Main Street', 'text', 'Main Street'],
    ['', 'text', ''],
    [12, 'text', '12'],
    [12n, 'text', '12'],
    [false, 'text', 'false'],
    [{ a: 1 }, 'text', '{"a":1}'],
    [['a', 'b'], 'text', '["a","b"]'],
    [new Date(2026, 10, 21, 8, 30), 'text', '21/11/2026 08:30'],
    [1234.5, 'integer', '1,235'],
    ['1234', 'integer', '1,234'],
    [42n, 'integer', '42'],
    [true, 'integer', ''],
    [1234.567, 'number', '1,234.57'],
    ['-0.5', 'number', '-0.50'],
    [1234.5, 'currency', '$1,234.50'],
    ['-12345678901.235', 'currency', '-$12,345,678,901.24'],
    [{}, 'currency', ''],
    [0.1234, 'percent', '12.34%'],
    ['0.5', 'percent', '50.00%'],
    ['2026-11-21', 'date', '21/11/2026'],
    [new Date(2026, 10, 21, 8, 30), 'date', '21/11/2026'],
    [new Date(2026, 10, 21, 8, 30), 'datetime', '21/11/2026 08:30'],
    ['2026-11-21T08:30:00', 'datetime', '21/11/2026 08:30'],
    [true, 'date', ''],
    [true, 'boolean', 'Yes'],
    [false, 'boolean', 'No'],
    ['t', 'boolean', 'Yes'],
    ['f', 'boolean', 'No'],
    ['true', 'boolean', 'Yes'],
    ['FALSE', 'boolean', 'No'],
    [' yes ', 'boolean', 'Yes'],
    ['no', 'boolean', 'No'],
    ['1', 'boolean', 'Yes'],
    ['0', 'boolean', 'No'],
    [1, 'boolean', 'Yes'],
    [0, 'boolean', 'No'],
    [-3, 'boolean', 'Yes'],
    [Number.NaN, 'boolean', ''],
    ['', 'boolean', ''],
    ['maybe', 'boolean', ''],
    [{}, 'boolean', ''],
  ];
  for (const [value, format, expected] of cases) {
    const shown = typeof value === 'bigint' ? `${value}n` : value instanceof Date ? 'a Date' : JSON.stringify(value);
    test(`shows ${shown} as ${format} ${JSON.stringify(expected)}`, () => {
      assert.equal(formatValue(value, format), expected);
    });
  }
  test('says Yes and No in the active language', () => {
    useLanguage({ yes: 'Oui', no: 'Non' });
    try {
      assert.deepEqual([formatValue(true, 'boolean'), formatValue(false, 'boolean')], ['Oui', 'Non']);
    } finally {
      useLanguage({});
    }
  });
});

after(() => useLanguage({}));
