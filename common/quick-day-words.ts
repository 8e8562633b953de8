// The date filter's quick picks that are days relative to today, by name, with their words in their order:
// the filter panel's buttons, and a filter's chip while it is kept as its pick (TableState.dayFilters). The
// days themselves are common/quick-days.ts's, which a table loads only to open a kept pick or to pick one.
import type { TableMessageKey } from './table-messages.ts';

export const quickDayWords = [
  ['today', 'filterToday'],
  ['yesterday', 'filterYesterday'],
  ['last7Days', 'filterLast7Days'],
] as const satisfies ReadonlyArray<readonly [string, TableMessageKey]>;

export type QuickDay = (typeof quickDayWords)[number][0];

export const isQuickDay = (value: unknown): value is QuickDay => quickDayWords.some(([day]) => day === value);
