// The report filters' From/To check (spec section 5), in its fixed order: both required, each valid, From not
// older than the limit, To not after today, From not after To, span within the maximum.
import { addMonths } from 'date-fns/addMonths';
import { format as formatDate } from 'date-fns/format';
import { isAfter } from 'date-fns/isAfter';
import { isBefore } from 'date-fns/isBefore';
import { isValid } from 'date-fns/isValid';
import { parse } from 'date-fns/parse';
import { startOfDay } from 'date-fns/startOfDay';
import { subDays } from 'date-fns/subDays';
import { subMonths } from 'date-fns/subMonths';
import { subYears } from 'date-fns/subYears';
import { msg, type MessageKey } from './messages.ts';
import { validationMsg } from './validation-messages.ts';

export const dateRangeUnits = ['years', 'months', 'days'] as const;
export type DateRangeUnit = (typeof dateRangeUnits)[number];

export type DateRangeOptions = {
  /** How far back From may go, in `unit`s before today (default 3). */
  back?: number;
  unit?: DateRangeUnit;
  /** The longest span allowed between From and To (default 36). */
  maxMonths?: number;
  /** Injected in tests; defaults to now. */
  today?: Date;
  /** The date-fns format of string inputs (default dd/MM/yyyy). */
  format?: string;
};

export const dateRangeDefaults = { back: 3, unit: 'years', maxMonths: 36, format: 'dd/MM/yyyy' } as const;

const goBack: Record<DateRangeUnit, (date: Date, amount: number) => Date> = {
  years: subYears,
  months: subMonths,
  days: subDays,
};

const unitWords: Record<DateRangeUnit, [one: MessageKey, many: MessageKey]> = {
  years: ['unitYear', 'unitYears'],
  months: ['unitMonth', 'unitMonths'],
  days: ['unitDay', 'unitDays'],
};

/** Whether two texts agree digit run by digit run, where a run of one digit matches a zero-padded pair. */
function sameDateText(typed: string, formatted: string): boolean {
  const typedRuns = typed.match(/\d+|\D+/g) ?? [];
  const formattedRuns = formatted.match(/\d+|\D+/g) ?? [];
  if (typedRuns.length !== formattedRuns.length) return false;
  return typedRuns.every((run, i) => {
    const expected = formattedRuns[i] ?? '';
    if (run.toLowerCase() === expected.toLowerCase()) return true;
    return expected.length === 2 && expected.startsWith('0') && run === expected.slice(1);
  });
}

/**
 * A date from a Date or from text in `fmt`; `null` when it is not one. date-fns `parse` alone is too lenient
 * ("1/2/24" is the year 24 for yyyy), so the text must also come back from `format` the same, allowing
 * only the single-digit day and month users type ("1/2/2024").
 */
function toDate(input: unknown, fmt: string): Date | null {
  if (input instanceof Date) return isValid(input) ? input : null;
  if (typeof input !== 'string') return null;
  const text = input.trim();
  const date = parse(text, fmt, new Date());
  return isValid(date) && sameDateText(text, formatDate(date, fmt)) ? date : null;
}

function isEmptyDate(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

/** `null` when From-To is an acceptable report range, else the first failing check's message (spec order). */
export function checkDateRange(from: unknown, to: unknown, options: DateRangeOptions = {}): string | null {
  const back = options.back ?? dateRangeDefaults.back;
  const unit = options.unit ?? dateRangeDefaults.unit;
  const maxMonths = options.maxMonths ?? dateRangeDefaults.maxMonths;
  const format = options.format ?? dateRangeDefaults.format;
  if (isEmptyDate(from) || isEmptyDate(to)) return validationMsg('dateRangeRequired');
  const fromDate = toDate(from, format);
  if (fromDate === null) return validationMsg('dateRangeFromInvalid');
  const toDateValue = toDate(to, format);
  if (toDateValue === null) return validationMsg('dateRangeToInvalid');

  // Whole days only: a time of day on either side must not move a date across a limit.
  const today = startOfDay(options.today ?? new Date());
  const fromDay = startOfDay(fromDate);
  const toDay = startOfDay(toDateValue);

  if (isBefore(fromDay, goBack[unit](today, back))) {
    const [one, many] = unitWords[unit];
    return validationMsg('dateRangeTooOld', back, msg(back === 1 ? one : many));
  }
  if (isAfter(toDay, today)) return validationMsg('dateRangeToFuture');
  if (isAfter(fromDay, toDay)) return validationMsg('dateRangeFromAfterTo');
  if (isBefore(addMonths(fromDay, maxMonths), toDay)) return validationMsg('dateRangeTooLong', maxMonths);
  return null;
}
