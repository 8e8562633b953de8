// The report filters' From/To check (spec section 5), in its fixed order: both required, each valid, From not
// older than the limit, To not after today, From not after To, span within the maximum.
import { addMonths } from 'date-fns/addMonths';
import { isAfter } from 'date-fns/isAfter';
import { isBefore } from 'date-fns/isBefore';
import { isValid } from 'date-fns/isValid';
import { startOfDay } from 'date-fns/startOfDay';
import { subDays } from 'date-fns/subDays';
import { subMonths } from 'date-fns/subMonths';
import { subYears } from 'date-fns/subYears';
import { calendarDayOf } from './calendar.ts';
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
};

/** `format`: the date-fns format a date is written back in (a picked day); typed text is read by calendarDayOf. */
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

/** A date from a Date, or from text as calendarDayOf reads it (dd/MM/yyyy or year first); `null` when it is not one. */
export function dayOf(input: unknown): Date | null {
  if (input instanceof Date) return isValid(input) ? input : null;
  const iso = typeof input === 'string' ? calendarDayOf(input) : null;
  if (iso === null) return null;
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  // A local day, as "today" is: the range's limits are whole days where the checking side is. (setFullYear,
  // as `new Date(y, m, d)` reads a year below 100 as 19yy.)
  const date = new Date(2000, 0, 1);
  date.setFullYear(year, month - 1, day);
  return date;
}

function isEmptyDate(input: unknown): boolean {
  return input === undefined || input === null || (typeof input === 'string' && input.trim() === '');
}

/** `null` when From-To is an acceptable report range, else the first failing check's message (spec order). */
export function checkDateRange(from: unknown, to: unknown, options: DateRangeOptions = {}): string | null {
  const back = options.back ?? dateRangeDefaults.back;
  const unit = options.unit ?? dateRangeDefaults.unit;
  const maxMonths = options.maxMonths ?? dateRangeDefaults.maxMonths;
  if (isEmptyDate(from) || isEmptyDate(to)) return validationMsg('dateRangeRequired');
  const fromDate = dayOf(from);
  if (fromDate === null) return validationMsg('dateRangeFromInvalid');
  const toDateValue = dayOf(to);
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
