// A table with footer totals asks its rows and its totals apart, so that the rows never wait for the totals
// (summing a filter over millions of sales can take longer than reading a page): the rows' call says
// `totals=false`, the totals' call `rows=false` (server/table-api/list/list.ts). The totals depend only on
// the filters, the search and the stores (`totalsKey`), so a new page, sort or grouping reuses them.
import type { TablePage } from '../../common/table-config.ts';

/** The call for `url`'s rows alone. */
export const rowsCall = (url: string) => `${url}&totals=false`;

/** The call for `url`'s footer totals (and counts) alone. */
export const totalsCall = (url: string) => `${url}&rows=false`;

/** What `url`'s footer totals depend on: the list URL without its page, sort and grouping. */
export function totalsKey(url: string): string {
  const [path, query] = url.split('?');
  const q = new URLSearchParams(query);
  for (const name of [...q.keys()]) if (/^(start|length|order|maingroup|subgroup)/.test(name)) q.delete(name);
  return `${path}?${q}`;
}

/**
 * `page` with the footer totals of `from` (an answer for the same totals key) and its counts, which count
 * the filtered rows exactly where the rows' call may have estimated them; not when either counts groups.
 */
export function withTotals(page: TablePage, from: TablePage): TablePage {
  const { totals, totalsSyncedAt, recordsTotal, recordsFiltered, countIsEstimate, totalIsEstimate, filteredIsEstimate } = from;
  const counts = page.groups || from.groups ? {} : { recordsTotal, recordsFiltered, countIsEstimate, totalIsEstimate, filteredIsEstimate };
  return { ...page, totals, totalsSyncedAt, ...counts };
}
