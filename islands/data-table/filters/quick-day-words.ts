// The words of the date filter's quick picks that are days relative to today, in their order: the panel's
// buttons, and a filter's chip while it is kept as its pick (common/quick-days.ts).
import type { QuickDay } from '../../../common/quick-days.ts';
import type { TableMessageKey } from '../../../common/table-messages.ts';

export const quickDayWords: ReadonlyArray<readonly [QuickDay, TableMessageKey]> = [
  ['today', 'filterToday'],
  ['yesterday', 'filterYesterday'],
  ['last7Days', 'filterLast7Days'],
];
