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

const daysIn = (y: number, m: number) =>
  new Date(Date.UTC(2000, m, 0)).getUTCDate() - (m === 2 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)) ? 1 : 0);

/** A time within everything both sides hold (UTC years 0002 to 9998), written in a zone up to ±15:59 from UTC. */
export const inRangeInstant = fc
  .record({
    at: fc.date({ min: new Date('0002-01-01T00:00:00Z'), max: new Date('9998-12-31T23:59:59.999Z'), noInvalidDate: true }),
    minutes: fc.integer({ min: -(15 * 60 + 59), max: 15 * 60 + 59 }),
    separator: fc.constantFrom('T', ' '),
    colon: fc.boolean(),
  })
  .map(({ at, minutes, separator, colon }) => {
    const wall = new Date(at.getTime() + minutes * 60_000).toISOString().slice(0, 23).replace('T', separator);
    const [h, m] = [pad(Math.floor(Math.abs(minutes) / 60), 2), pad(Math.abs(minutes) % 60, 2)];
    return minutes === 0 && colon ? `${wall}Z` : `${wall}${minutes < 0 ? '-' : '+'}${h}${colon ? ':' : ''}${m}`;
  });

/** A time with exactly one part out of range: the offset (16 hours or more, 60 minutes), the hour, minute or second, the day, the year. */
export const outOfRangeInstant = fc
  .record({
    year: fc.integer({ min: 1000, max: 9000 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 2, max: 21 }),
    minute: fc.integer({ min: 0, max: 59 }),
    second: fc.integer({ min: 0, max: 59 }),
    broken: fc.constantFrom(
      'offsetHours',
      'offsetMinutes',
      'hour',
      'minute',
      'second',
      'day',
      'month',
      'yearZero',
      'yearFive',
      'yearSigned',
    ),
    past: fc.integer({ min: 0, max: 75 }),
    sign: fc.constantFrom('+', '-'),
  })
  .map(({ year, month, day, hour, minute, second, broken, past, sign }) => {
    const at = {
      year: pad(year, 4),
      month: pad(month, 2),
      day: pad(day, 2),
      hour: pad(hour, 2),
      minute: pad(minute, 2),
      second: pad(second, 2),
    };
    let offset = 'Z';
    if (broken === 'offsetHours') offset = `${sign}${pad(16 + (past % 84), 2)}:00`;
    if (broken === 'offsetMinutes') offset = `${sign}${pad(past % 16, 2)}:${pad(60 + (past % 40), 2)}`;
    if (broken === 'hour') at.hour = pad(24 + past, 2);
    if (broken === 'minute') at.minute = pad(60 + (past % 40), 2);
    if (broken === 'second') at.second = pad(60 + (past % 40), 2);
    if (broken === 'day') at.day = pad(daysIn(year, month) + 1 + (past % (69 - daysIn(year, month))), 2);
    if (broken === 'month') at.month = pad(past % 2 === 0 ? 0 : 13 + (past % 87), 2);
    if (broken === 'yearZero') at.year = '0000';
    if (broken === 'yearFive') at.year = String(10000 + past * 4000);
    if (broken === 'yearSigned') at.year = `${sign}${pad(year, 6)}`;
    return `${at.year}-${at.month}-${at.day}T${at.hour}:${at.minute}:${at.second}${offset}`;
  });

/** A dd/MM/yyyy day that is not one: a day past its month's last, month 0 or 13 and up, year 0000 or five digits. */
export const outOfRangeTypedDay = fc
  .record({
    year: fc.integer({ min: 1000, max: 9000 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
    broken: fc.constantFrom('day', 'month', 'yearZero', 'yearFive'),
    past: fc.integer({ min: 0, max: 60 }),
  })
  .map(({ year, month, day, broken, past }) => {
    const parts = { day: pad(day, 2), month: pad(month, 2), year: pad(year, 4) };
    if (broken === 'day') parts.day = String(daysIn(year, month) + 1 + (past % (69 - daysIn(year, month))));
    if (broken === 'month') parts.month = past % 2 === 0 ? '0' : String(13 + past);
    if (broken === 'yearZero') parts.year = '0000';
    if (broken === 'yearFive') parts.year = String(10000 + past * 1000);
    return `${parts.day}/${parts.month}/${parts.year}`;
  });
