// Generators of dates and times as a hostile or careless client sends them, for the property tests of every
// parameter that carries one: each part near and past its limits (day 0 and 32, 30 February, month 13, hour
// 24, minute 60, a leap second, offsets up to ±99:99 where PostgreSQL stops at ±15:59, years 0, 10000,
// 275760 and 294277, where JavaScript and PostgreSQL stop), in the forms each parameter reads (yyyy-mm-dd,
// dd/MM/yyyy, ISO 8601 times) and in those only one side of the server reads (PostgreSQL's 'epoch',
// 'allballs', Julian days, time zone names; JavaScript's signed six-digit years).
import fc from 'fast-check';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Years where each side's calendar begins and ends, and ordinary ones. */
const year = fc.oneof(
  fc.constantFrom(
    0,
    1,
    99,
    100,
    999,
    1000,
    1900,
    1969,
    1970,
    2000,
    2024,
    2026,
    9999,
    10000,
    99999,
    275760,
    294276,
    294277,
    5874897,
    5874898,
  ),
  fc.integer({ min: 0, max: 10000 }),
);
const month = fc.oneof(fc.constantFrom(0, 1, 2, 12, 13, 99), fc.integer({ min: 1, max: 12 }));
const day = fc.oneof(fc.constantFrom(0, 1, 28, 29, 30, 31, 32, 99), fc.integer({ min: 1, max: 28 }));

/** A year as written: four digits, or as many as it takes, or JavaScript's signed six. */
const yearText = fc
  .tuple(year, fc.constantFrom('plain', 'plain', 'plain', 'signed', 'minus'))
  .map(([y, form]) => (form === 'plain' ? pad(y, 4) : `${form === 'signed' ? '+' : '-'}${pad(y, 6)}`));

/** yyyy-mm-dd, most of the time with parts that could each be right. */
export const isoDay = fc.tuple(yearText, month, day).map(([y, m, d]) => `${y}-${pad(m, 2)}-${pad(d, 2)}`);

/** dd/MM/yyyy (the filters' and reports' form), a day and month of one or two digits. */
export const typedDay = fc
  .tuple(day, month, year, fc.boolean())
  .map(([d, m, y, short]) => `${short ? d : pad(d, 2)}/${short ? m : pad(m, 2)}/${pad(y, 4)}`);

const timeOfDay = fc
  .tuple(
    fc.oneof(fc.constantFrom(0, 23, 24, 25, 99), fc.integer({ min: 0, max: 23 })),
    fc.oneof(fc.constantFrom(0, 59, 60, 99), fc.integer({ min: 0, max: 59 })),
    fc.oneof(fc.constantFrom(0, 59, 60, 61, 99), fc.integer({ min: 0, max: 59 })),
    fc.constantFrom('', '.5', '.123', '.999', '.123456', '.9999999', '.'),
    fc.boolean(),
  )
  .map(([h, m, s, fraction, seconds]) => `${pad(h, 2)}:${pad(m, 2)}${seconds ? `:${pad(s, 2)}${fraction}` : ''}`);

/** An offset from UTC: none, Z, or ±hh[[:]mm] up to ±99:99 (PostgreSQL refuses 16 hours and more). */
const offset = fc.oneof(
  fc.constantFrom('', 'Z', 'z', '+00:00', '-00:00', '+15:59', '-15:59', '+16:00', '-16:00', '+23:00', '+23:59', '+24:00', '+99:99'),
  fc
    .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }), fc.constantFrom(':', '', 'none'))
    .map(([sign, h, m, mark]) => `${sign}${pad(h, 2)}${mark === 'none' ? '' : `${mark}${pad(m, 2)}`}`),
);

/** An ISO 8601 time, as a datetime column's group values are written, with every part pushed. */
export const isoInstant = fc.tuple(isoDay, fc.constantFrom('T', 'T', ' ', 't'), timeOfDay, offset).map((p) => p.join(''));

/** What each side reads and the other may not, and numbers where text was meant. */
export const oddDates = fc.constantFrom(
  'infinity',
  '-infinity',
  'epoch',
  'now',
  'today',
  'tomorrow',
  'allballs',
  'J2451187',
  '1999-01-08 04:05:06 PST',
  '2026-11-28 08:27:49 America/New_York',
  '2026-11-28T08:27:49+23:00',
  '2026-11-28T08:27:49-23:59',
  '2026-11-28T24:30:00Z',
  '2026-11-28T23:59:60Z',
  '2026-02-30',
  '30/02/2026',
  '29/02/2023',
  '00/01/2026',
  '01/01/0000',
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '294277-01-01',
  '5874898-01-01',
  '2026-11-28 BC',
  'NaN',
  'Infinity',
  '1e999',
  '-1',
  '0',
  '8640000000000001',
  '99999999999999999999',
  '',
  ' ',
);

/** Any of the above: a date-bearing parameter's value. */
export const hostileDate = fc.oneof(isoDay, typedDay, isoInstant, oddDates);

/** A column filter's range (dd/MM/yyyy~dd/MM/yyyy, either side empty), or one day. */
export const hostileDayRange = fc.oneof(
  hostileDate,
  fc.tuple(fc.oneof(typedDay, fc.constant('')), fc.oneof(typedDay, fc.constant(''))).map(([from, to]) => `${from}~${to}`),
);
