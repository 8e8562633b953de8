// How values look wherever people read them: table cells, footers, CSV exports, summary tables, reports and
// chart axes all call these, so a dollar amount or a date reads the same everywhere (spec section 9: US
// dollars with 2 decimals, percentages x100 with 2 decimals, comma thousands, dd/MM/yyyy, time-ago units).
// The numbers are format-number.ts's.

import { differenceInDays } from 'date-fns/differenceInDays';
import { differenceInHours } from 'date-fns/differenceInHours';
import { differenceInMinutes } from 'date-fns/differenceInMinutes';
import { differenceInMonths } from 'date-fns/differenceInMonths';
import { differenceInSeconds } from 'date-fns/differenceInSeconds';
import { differenceInYears } from 'date-fns/differenceInYears';
import { isValid } from 'date-fns/isValid';
import { lightFormat } from 'date-fns/lightFormat';
import { parseISO } from 'date-fns/parseISO';
import { formatCurrency, formatNumber, formatPercent, type Numeric } from './format-number.ts';
import { msg, type MessageKey } from './messages.ts';

// Numbers have their own module, so a page that shows only numbers (the store selector's label) does not
// carry the date code.
export { compactNumber, formatCurrency, formatNumber, formatPercent } from './format-number.ts';

/** A moment as the database or JSON may hand it over: Date, epoch milliseconds, or ISO 8601 text. */
type DateInput = Date | number | string | null | undefined;

export const formatNames = ['text', 'integer', 'number', 'currency', 'percent', 'date', 'datetime', 'boolean'] as const;
export type FormatName = (typeof formatNames)[number];

// ---------------------------------------------------------------------------------------------------------
// Dates

/**
 * The moment a value names, or `null`. Date-only text ("2026-11-21") is that day in local time, as people
 * mean it: `new Date("2026-11-21")` would be UTC midnight, the day before anywhere west of Greenwich.
 * PostgreSQL's "2026-11-21 10:15:00+00" is understood too.
 */
function toDate(input: DateInput): Date | null {
  let date: Date;
  if (input instanceof Date) date = input;
  else if (typeof input === 'number') date = new Date(input);
  else if (typeof input === 'string' && input.trim() !== '') date = parseISO(input.trim());
  else return null;
  return isValid(date) ? date : null;
}

/**
 * The date in `fmt` (default dd/MM/yyyy); '' for no value or an invalid one. Numeric tokens only (y, M, d,
 * H, h, m, s, a): date-fns `lightFormat` leaves out the locale's month and day names, which nothing here
 * shows, and with them 5 KB of every page's scripts.
 */
export function formatDate(d: DateInput, fmt = 'dd/MM/yyyy'): string {
  const date = toDate(d);
  return date === null ? '' : lightFormat(date, fmt);
}

/** Date and time to the minute, 24-hour clock: "21/11/2026 14:05". */
export function formatDateTime(d: DateInput): string {
  return formatDate(d, 'dd/MM/yyyy HH:mm');
}

type TimeUnit = { difference: (later: Date, earlier: Date) => number; one: MessageKey; many: MessageKey };

// Largest first: a moment 90 minutes ago is "1 hour ago", not "90 minutes ago".
const largerTimeUnits: ReadonlyArray<TimeUnit> = [
  { difference: differenceInYears, one: 'unitYear', many: 'unitYears' },
  { difference: differenceInMonths, one: 'unitMonth', many: 'unitMonths' },
  { difference: differenceInDays, one: 'unitDay', many: 'unitDays' },
  { difference: differenceInHours, one: 'unitHour', many: 'unitHours' },
  { difference: differenceInMinutes, one: 'unitMinute', many: 'unitMinutes' },
];
const seconds: TimeUnit = { difference: differenceInSeconds, one: 'unitSecond', many: 'unitSeconds' };

/** "3 minutes ago", "1 hour ago", "in 2 days"; "just now" within a second; '' for an invalid date. */
export function timeAgo(date: DateInput, now: Date = new Date()): string {
  const then = toDate(date);
  if (then === null) return '';
  const elapsed = now.getTime() - then.getTime();
  if (Math.abs(elapsed) < 1000) return msg('timeAgoNow');
  const [later, earlier] = elapsed > 0 ? [now, then] : [then, now];
  // date-fns counts whole calendar units (31 January to 1 March is 1 month) and truncates; at least a second
  // has passed, so the seconds count is never 0.
  const unit = largerTimeUnits.find((u) => u.difference(later, earlier) >= 1) ?? seconds;
  const count = unit.difference(later, earlier);
  return msg(elapsed > 0 ? 'timeAgoPast' : 'timeAgoFuture', count, msg(count === 1 ? unit.one : unit.many));
}

// ---------------------------------------------------------------------------------------------------------
// Any column value

const trueTexts = new Set(['true', 't', 'yes', 'y', '1']);
const falseTexts = new Set(['false', 'f', 'no', 'n', '0']);

/** Yes/No for booleans, also as PostgreSQL ("t"/"f"), forms ("true"/"false") or flags (1/0) write them. */
function formatBoolean(value: unknown): string {
  let truth: boolean | null = null;
  if (typeof value === 'boolean') truth = value;
  else if (typeof value === 'number') truth = Number.isNaN(value) ? null : value !== 0;
  else if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    truth = trueTexts.has(text) ? true : falseTexts.has(text) ? false : null;
  }
  return truth === null ? '' : msg(truth ? 'yes' : 'no');
}

function formatText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return formatDateTime(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function asNumeric(value: unknown): Numeric {
  return typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string' ? value : null;
}

function asDateInput(value: unknown): DateInput {
  return value instanceof Date || typeof value === 'number' || typeof value === 'string' ? value : null;
}

/** A column value as its declared format shows it; what table cells, footers and CSV exports call. */
/** A cell as a table shows it: a value of a fixed set in its words (a region's name for its code), else formatted. */
export function cellText(column: { format: FormatName; valueLabels?: Readonly<Record<string, string>> }, value: unknown): string {
  const words = typeof value === 'string' ? column.valueLabels?.[value] : undefined;
  return words ?? formatValue(value, column.format);
}

export function formatValue(value: unknown, format: FormatName): string {
  switch (format) {
    case 'text':
      return formatText(value);
    case 'integer':
      return formatNumber(asNumeric(value), 0);
    case 'number':
      return formatNumber(asNumeric(value), 2);
    case 'currency':
      return formatCurrency(asNumeric(value));
    case 'percent':
      return formatPercent(asNumeric(value));
    case 'date':
      return formatDate(asDateInput(value));
    case 'datetime':
      return formatDateTime(asDateInput(value));
    case 'boolean':
      return formatBoolean(value);
  }
}

/** A footer or group total as its column shows it: a count as a whole number, any other in the column's format. */
export function formatTotal(value: unknown, column: { total?: 'sum' | 'avg' | 'count'; format: FormatName }): string {
  return formatValue(value, column.total === 'count' ? 'integer' : column.format);
}
