// The date filter's quick pick "This cycle": the cycle that includes today, asked of the cycles' list with
// the same column filters the tables send (the one that started last when a week and a month both include
// today), as dd/MM/yyyy ends. The picks that are days relative to today: common/quick-days.ts.
import { formatDate } from '../../../common/format.ts';
import { RANGE_MARK } from '../../../common/table-filters.ts';
import type { DayRange } from '../../../common/quick-days.ts';

/** This cycle's first and last day; null when no cycle includes today. Throws when the list cannot be read. */
export async function thisCycle(now = new Date()): Promise<DayRange | null> {
  const today = formatDate(now);
  const q = new URLSearchParams({
    draw: '1',
    start: '0',
    length: '1',
    totals: 'false',
    'columns[0][data]': 'StartDate',
    'columns[0][search][value]': `${RANGE_MARK}${today}`,
    'columns[1][data]': 'EndDate',
    'columns[1][search][value]': `${today}${RANGE_MARK}`,
    'order[0][column]': '0',
    'order[0][dir]': 'desc',
  });
  const res = await fetch(`/api/cycles?${q}`, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`cycles: ${res.status}`);
  const row = ((await res.json()) as { data?: Array<{ StartDate?: string; EndDate?: string }> }).data?.[0];
  return row?.StartDate && row.EndDate ? { from: formatDate(row.StartDate), to: formatDate(row.EndDate) } : null;
}
