// A point in time as a request names one (a datetime column's group value, `group=["2026-11-28T08:27:49.123Z"]`),
// read here in full before any SQL sees it: JavaScript and PostgreSQL each accept texts the other refuses
// (an offset of +23:00 passes Date.parse and fails the cast with a 500; "23:59:60" is PostgreSQL's and not
// JavaScript's) and PostgreSQL 18 (PGlite) and 15 differ at the edges. So the text is read by one strict rule
// and bound as the one form both read alike, the UTC instant JavaScript writes (toISOString), or refused with
// the reason. What is accepted: yyyy-mm-dd, T or a space, hh:mm, optionally :ss and up to six decimals (what
// PostgreSQL keeps), then Z or an offset (±hh, ±hhmm, ±hh:mm) within PostgreSQL's ±15:59; no offset is UTC,
// as the API writes every time. A day that exists, a time of day from 00:00:00 to 23:59:59 (no leap second,
// no 24:00), and an instant in UTC years 0001 to 9999: four-digit years, which both hold and write alike.
import { isCalendarDay } from '../../common/calendar.ts';
import type { ServerMessageKey } from '../messages.ts';

/** Why a text names no instant: the key of the sentence saying so (the text itself is not repeated). */
export type InstantProblem = Extract<
  ServerMessageKey,
  'instantForm' | 'instantNoDay' | 'instantTimeOfDay' | 'instantOffset' | 'instantYears'
>;

const instantPattern = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)?$/;

/** The most an offset from UTC may be, in minutes: PostgreSQL refuses 16 hours and more. */
const MAX_OFFSET_MINUTES = 15 * 60 + 59;

/** The UTC millisecond of a year, month (1-12), day and time; setUTCFullYear, since Date.UTC reads years 0-99 as 19yy. */
function utcMillisecond(year: number, month: number, day: number, ms = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime() + ms;
}

const FIRST = utcMillisecond(1, 1, 1);
const LAST = utcMillisecond(10000, 1, 1) - 1;

/**
 * The instant `text` names, as UTC ISO 8601 with milliseconds (finer digits dropped: the API groups times by
 * the millisecond), or the problem it has.
 */
export function readInstant(text: string): { instant: string } | { problem: InstantProblem } {
  const parts = instantPattern.exec(text);
  if (parts === null) return { problem: 'instantForm' };
  // The pattern matched, so the day's and the hour's parts are there; seconds, decimals and offset may not be.
  const [year, month, day, hour, minute] = parts.slice(1, 6).map(Number) as [number, number, number, number, number];
  const [second, offsetHours, offsetMinutes] = [parts[6], parts[10], parts[11]].map((p) => Number(p ?? 0)) as [number, number, number];
  const milliseconds = Number((parts[7] ?? '').padEnd(3, '0').slice(0, 3));
  if (year === 0) return { problem: 'instantYears' };
  if (!isCalendarDay(year, month, day)) return { problem: 'instantNoDay' };
  if (hour > 23 || minute > 59 || second > 59) return { problem: 'instantTimeOfDay' };
  const offset = (parts[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes);
  if (offsetMinutes > 59 || Math.abs(offset) > MAX_OFFSET_MINUTES) return { problem: 'instantOffset' };
  const instant = utcMillisecond(year, month, day, ((hour * 60 + minute) * 60 + second) * 1000 + milliseconds) - offset * 60_000;
  if (instant < FIRST || instant > LAST) return { problem: 'instantYears' };
  return { instant: new Date(instant).toISOString() };
}
