// The date filter's quick picks that are days relative to today (common/quick-day-words.ts): today,
// yesterday, the last 7 days (the 7 whole days before today: today's sales are not in yet, so a week that
// ended with it would read short), as dd/MM/yyyy ends. A filter chosen so is kept as its pick
// (TableState.dayFilters) and written again from the day a state opens (a saved view, a tab's kept state):
// "Last 7 days" in a view saved last week means the last 7 days of the morning it is opened. (This cycle is
// asked of the server: islands/data-table/filters/quick-days.ts.)
import { subDays } from 'date-fns/subDays';
import { formatDate } from './format.ts';
import { RANGE_MARK } from './table-filters.ts';
import type { QuickDay } from './quick-day-words.ts';
import type { TableState } from './table-state.ts';

export interface DayRange {
  from: string;
  to: string;
}

export const quickDays: Readonly<Record<QuickDay, (now?: Date) => DayRange>> = {
  today: (now = new Date()): DayRange => ({ from: formatDate(now), to: formatDate(now) }),
  yesterday: (now = new Date()): DayRange => ({ from: formatDate(subDays(now, 1)), to: formatDate(subDays(now, 1)) }),
  last7Days: (now = new Date()): DayRange => ({ from: formatDate(subDays(now, 7)), to: formatDate(subDays(now, 1)) }),
};

/** `day`'s filter text as of `now`, as the filter panel writes a range (one day alone: that day). */
function quickDayText(day: QuickDay, now: Date): string {
  const { from, to } = quickDays[day](now);
  return from === to ? from : `${from}${RANGE_MARK}${to}`;
}

/** `state` with each relative day's filter written as of `now`: what it filters on the day it opens. */
export function withTodaysDays(state: TableState, now = new Date()): TableState {
  const days = Object.entries(state.dayFilters);
  if (days.length === 0) return state;
  return { ...state, filters: { ...state.filters, ...Object.fromEntries(days.map(([name, day]) => [name, quickDayText(day, now)])) } };
}
