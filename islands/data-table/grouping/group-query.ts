// The list call that reads inside a group (the table API's `group`: server/table-api/request/group-path.ts):
// the table's own query (search, sort, grouping columns, stores) with the group's values, a page of what it
// holds (its sub groups, or its rows) and no footer totals (the group's line already carries its own).
import type { TableConfig } from '../../../common/table-config.ts';
import { listQuery } from '../list-query.ts';
import type { TableState } from '../../../common/table-state.ts';

/** The server's cap on one page ("All"). */
const MOST_ROWS = 1000;

/** The length a group reads at a time: the table's page size, All as the server's cap. */
export function groupPageLength(state: Pick<TableState, 'pageSize'>): number {
  return state.pageSize === -1 ? MOST_ROWS : state.pageSize;
}

/** The base of every group call for `state`: the same text for as long as the groups' contents stand. */
export function groupBase(config: TableConfig, state: TableState, stores: readonly number[] | null): string {
  return listQuery(config, state, stores, { paging: false, columns: 'all' }).toString();
}

/** The URL reading `length` of the group `values` holds from `start`. */
export function groupUrl(config: TableConfig, base: string, values: ReadonlyArray<unknown>, start: number, length: number): string {
  const q = new URLSearchParams(base);
  q.set('group', JSON.stringify(values));
  q.set('start', String(start));
  q.set('length', String(Math.min(length, MOST_ROWS)));
  q.set('totals', 'false');
  return `${config.listUrl}?${q}`;
}
