// A table with footer totals asks its rows and its totals apart, so that the rows never wait for the totals
// (summing a filter over millions of sales can take longer than reading a page): the rows' call says
// `totals=false`, the totals' call `rows=false` (server/table-api/list/list.ts). The totals depend only on
// the filters, the search and the stores (`totalsKey`), so a new page, sort or grouping reuses them.
import type { TableConfig, TablePage } from '../../common/table-config.ts';
import { defaultTableState, type TableState } from '../../common/table-state.ts';
import { listQuery } from './list-query.ts';

/** The call for `url`'s rows alone. */
export const rowsCall = (url: string) => `${url}&totals=false`;

/** The call for `url`'s footer totals (and counts) alone. */
export const totalsCall = (url: string) => `${url}&rows=false`;

/**
 * The fields of a table's state that leave its footer totals as they are: they choose which of the rows
 * summed a page shows, in what order and grouping, and how.
 */
type ShownOnly =
  | 'page'
  | 'pageSize'
  | 'sort'
  | 'mainGroup'
  | 'subGroup'
  | 'expandedGroups'
  | 'oneGroupOpen'
  | 'infiniteScroll'
  | 'columnVisibility'
  | 'phoneColumns'
  | 'columnOrder'
  | 'columnSizes'
  | 'refreshEveryTime'
  | 'saveState'
  // Each written into `filters` as the day the state opens on (common/quick-days.ts).
  | 'dayFilters';

/**
 * The fields that change them (the rows summed): every other field of TableState. A field added to it does
 * not compile until it is put here or in ShownOnly.
 */
const changesTotals = { search: true, filters: true } as const satisfies Record<Exclude<keyof TableState, ShownOnly>, true>;
const totalsFields = Object.keys(changesTotals) as Array<keyof typeof changesTotals>;

/**
 * What the footer totals of the list for `state` and `stores` depend on: the list query of a state that has
 * only `state`'s fields that change them, the others at the table's defaults, written as the list call
 * writes it (so a search differing only in spaces, which the call trims, keeps its totals).
 */
export function totalsKey(config: TableConfig, state: TableState, stores: readonly number[] | null): string {
  const totalled: TableState = { ...defaultTableState(config), ...Object.fromEntries(totalsFields.map((f) => [f, state[f]])) };
  return `${config.listUrl}?${listQuery(config, totalled, stores, { paging: false, columns: 'all' })}`;
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
