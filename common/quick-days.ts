// The date filter's quick picks that are days relative to today: today, yesterday, the last 7 days (the 7
// whole days before today: today's sales are not in yet, so a week that ended with it would read short), as
// dd/MM/yyyy ends. A filter chosen so is kept as its pick (TableState.dayFilters) and read again from the
// day a state opens (a saved view, a tab's kept state): "Last 7 days" in a view saved last week means the
// last 7 days of the morning it is opened. (This cycle is asked of the server: filters/quick-days.ts.)
import { subDays } from 'date-fns/subDays';
import { formatDate } from './format.ts';
import { RANGE_MARK } from './table-filters.ts';

export interface DayRange {
  from: string;
  to: string;
}

export const quickDays = {
  today: (now = new Date()): DayRange => ({ from: formatDate(now), to: formatDate(now) }),
  yesterday: (now = new Date()): DayRange => ({ from: formatDate(subDays(now, 1)), to: formatDate(subDays(now, 1)) }),
  last7Days: (now = new Date()): DayRange => ({ from: formatDate(subDays(now, 7)), to: formatDate(subDays(now, 1)) }),
};

export type QuickDay = keyof typeof quickDays;

export const isQuickDay = (value: unknown): value is QuickDay => typeof value === 'string' && Object.hasOwn(quickDays, value);

/** `day`'s filter text as of `now`, as the filter panel writes a range (one day alone: that day). */
export function quickDayText(day: QuickDay, now = new Date()): string {
  const { from, to } = quickDays[day](now);
  return from === to ? from : `${from}${RANGE_MARK}${to}`;
}
