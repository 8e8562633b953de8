// A time a request names (a datetime column's group value) is read by one strict rule before SQL sees it:
// what it accepts is bound as the UTC instant JavaScript itself would write, and every part out of range
// (the day, the time of day, the offset, the years both sides hold) is refused with its own reason.
import { describe, test } from '../../support/node-test.ts';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readInstant } from '../../../server/params/instant-param.ts';
import { isoInstant } from '../../support/hostile-dates.ts';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

describe('reading a time a request names', () => {
  test('the forms ISO 8601 writes, each read as the UTC instant it names', () => {
    for (const [text, instant] of [
      ['2026-11-28T08:27:49.123Z', '2026-11-28T08:27:49.123Z'],
      ['2026-11-28T08:27:49Z', '2026-11-28T08:27:49.000Z'],
      ['2026-11-28 08:27Z', '2026-11-28T08:27:00.000Z'],
      ['2026-11-28T08:27:49', '2026-11-28T08:27:49.000Z'],
      ['2026-11-28T08:27:49+15:59', '2026-11-27T16:28:49.000Z'],
      ['2026-11-28T08:27:49-1559', '2026-11-29T00:26:49.000Z'],
      ['2026-11-28T08:27:49+05', '2026-11-28T03:27:49.000Z'],
      ['2026-11-28T08:27:49.123456+00:00', '2026-11-28T08:27:49.123Z'],
      ['2024-02-29T23:59:59.999Z', '2024-02-29T23:59:59.999Z'],
      ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z'],
      ['0099-06-01T12:00:00Z', '0099-06-01T12:00:00.000Z'],
      ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
      ['0001-01-01T15:59:00+15:59', '0001-01-01T00:00:00.000Z'],
    ] as const)
      assert.deepEqual(readInstant(text), { instant }, text);
  });

  test("the issue's offset of +23:00, and every other part out of range, refused with its reason", () => {
    for (const [text, problem] of [
      ['2026-11-28T08:27:49+23:00', 'instantOffset'],
      ['2026-11-28T08:27:49+16:00', 'instantOffset'],
      ['2026-11-28T08:27:49-16:00', 'instantOffset'],
      ['2026-11-28T08:27:49+10:60', 'instantOffset'],
      ['2026-11-28T08:27:49+99:99', 'instantOffset'],
      ['2026-11-28T24:30:00Z', 'instantTimeOfDay'],
      ['2026-11-28T24:00:00Z', 'instantTimeOfDay'],
      ['2026-11-28T23:60:00Z', 'instantTimeOfDay'],
      ['2026-12-31T23:59:60Z', 'instantTimeOfDay'],
      ['2026-02-30T10:00:00Z', 'instantNoDay'],
      ['2023-02-29T10:00:00Z', 'instantNoDay'],
      ['2026-13-01T10:00:00Z', 'instantNoDay'],
      ['2026-00-10T10:00:00Z', 'instantNoDay'],
      ['0000-06-01T10:00:00Z', 'instantYears'],
      ['0001-01-01T00:00:00+00:01', 'instantYears'],
      ['9999-12-31T23:59:59-00:01', 'instantYears'],
      ['+275760-09-13T00:00:00.000Z', 'instantForm'],
      ['294277-01-01T00:00:00Z', 'instantForm'],
      ['10000-01-01T00:00:00Z', 'instantForm'],
      ['2026-11-28', 'instantForm'],
      ['2026-11-28T08:27:49.1234567Z', 'instantForm'],
      ['2026-11-28T08:27:49 PST', 'instantForm'],
      ['2026-11-28 08:27:49 America/New_York', 'instantForm'],
      ['epoch', 'instantForm'],
      ['now', 'instantForm'],
      ['infinity', 'instantForm'],
      ['NaN', 'instantForm'],
      ['1e999', 'instantForm'],
      ['', 'instantForm'],
    ] as const)
      assert.deepEqual(readInstant(text), { problem }, text);
  });

  test('every instant JavaScript writes in the years 0001 to 9999 comes back as written (the API sends them so)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('0001-01-01T00:00:00.000Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }),
        (d) => {
          assert.deepEqual(readInstant(d.toISOString()), { instant: d.toISOString() });
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('a time with any offset within ±15:59 names the instant JavaScript reads in it', () => {
    const offsetTime = fc.record({
      at: fc.date({ min: new Date('1000-01-02T00:00:00Z'), max: new Date('9999-12-30T00:00:00Z'), noInvalidDate: true }),
      minutes: fc.integer({ min: -(15 * 60 + 59), max: 15 * 60 + 59 }),
    });
    fc.assert(
      fc.property(offsetTime, ({ at, minutes }) => {
        // The same instant written in another zone's wall-clock time, then read by JavaScript as the oracle.
        const wall = new Date(at.getTime() + minutes * 60_000).toISOString().slice(0, 23);
        const text = `${wall}${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
        assert.deepEqual(readInstant(text), { instant: at.toISOString() }, text);
      }),
      { numRuns: 2000 },
    );
  });

  test('whatever is sent, an accepted time is one both JavaScript and PostgreSQL read: four-digit UTC years, ±15:59 at most', () => {
    fc.assert(
      fc.property(isoInstant, (text) => {
        const read = readInstant(text);
        if ('problem' in read) return;
        assert.match(read.instant, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, text);
        assert.ok(read.instant >= '0001-01-01T00:00:00.000Z' && read.instant <= '9999-12-31T23:59:59.999Z', text);
        const offset = /[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?[+-](\d{2}):?(\d{2})?$/.exec(text);
        if (offset) assert.ok(Number(offset[1]) * 60 + Number(offset[2] ?? 0) <= 15 * 60 + 59, text);
        assert.equal(new Date(read.instant).toISOString(), read.instant);
      }),
      { numRuns: 5000 },
    );
  });
});
