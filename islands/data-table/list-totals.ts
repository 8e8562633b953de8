// A table with footer totals asks its rows and its totals in two calls side by side, so that the rows never
// wait for the totals (summing a filter over millions of sales can take longer than reading a page): the
// rows' call says `totals=false`, the totals' call `rows=false` (server/table-api/list/list.ts), and the
// totals, with the exact count they come with, join the page shown when they come.
import type { TablePage } from '../../common/table-config.ts';

function withParam(url: string, name: string, value: string): string {
  const [path, query = ''] = url.split('?');
  const q = new URLSearchParams(query);
  q.set(name, value);
  return `${path}?${q}`;
}

/** The call for `url`'s rows alone. */
export const rowsCall = (url: string) => withParam(url, 'totals', 'false');

/** The call for `url`'s footer totals alone. */
export const totalsCall = (url: string) => withParam(url, 'rows', 'false');

/**
 * `page` with the footer totals of `answer` (the totals' call for the same URL) and its counts: the filtered
 * rows counted with the totals, exact where the rows' call may have estimated them.
 */
export function withTotals(page: TablePage, answer: TablePage): TablePage {
  const { totals, totalsSyncedAt, recordsTotal, recordsFiltered, countIsEstimate, totalIsEstimate, filteredIsEstimate } = answer;
  return { ...page, totals, totalsSyncedAt, recordsTotal, recordsFiltered, countIsEstimate, totalIsEstimate, filteredIsEstimate };
}
