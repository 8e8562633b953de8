// The table's state as a list request in the current DataTables dialect (GET /api/<resource>): columns by
// name, the sort by their index, the search, the column filters, the grouping columns and the store selection. The same text
// keys the session's cache of answers, so it carries no echo (`draw` is added when sending).
import { storesParam } from '../shell/store-reference.ts';
import type { TableConfig } from '../../common/table-config.ts';
import { visibleColumns, type TableState } from '../../common/table-state.ts';

interface QueryOptions {
  /** The page to read (start and length); the exports and the PDF read every filtered row instead. */
  paging: boolean;
  /** The columns named: every column (a list call, so any may be sorted), or the visible ones (what an export writes). */
  columns: 'all' | 'visible';
}

export function listQuery(
  config: TableConfig,
  state: TableState,
  stores: readonly number[] | null,
  options: QueryOptions,
): URLSearchParams {
  const q = new URLSearchParams();
  if (options.paging) {
    q.set('start', String(state.pageSize === -1 ? 0 : state.page * state.pageSize));
    q.set('length', String(state.pageSize));
  }
  const names = options.columns === 'all' ? config.columns.map((c) => c.name) : visibleColumns(config, state);
  // A sorted column the table does not show is still named, so its sort is kept (after the shown ones).
  for (const t of state.sort) if (!names.includes(t.column)) names.push(t.column);
  // So is a filtered one: its filter holds in every export too.
  for (const name of Object.keys(state.filters)) if (!names.includes(name)) names.push(name);
  names.forEach((name, i) => q.set(`columns[${i}][data]`, name));
  names.forEach((name, i) => state.filters[name] && q.set(`columns[${i}][search][value]`, state.filters[name]));
  state.sort.forEach((t, i) => {
    q.set(`order[${i}][column]`, String(names.indexOf(t.column)));
    q.set(`order[${i}][dir]`, t.dir);
  });
  if (state.search.trim()) q.set('search[value]', state.search.trim());
  if (state.mainGroup) q.set('maingroup', state.mainGroup);
  if (state.subGroup) q.set('subgroup', state.subGroup);
  if (config.storeScoped && stores?.length) q.set('stores', storesParam(stores));
  return q;
}

/** The list call's URL for `state`, without its echo. */
export function listUrl(config: TableConfig, state: TableState, stores: readonly number[] | null): string {
  return `${config.listUrl}?${listQuery(config, state, stores, { paging: true, columns: 'all' })}`;
}
