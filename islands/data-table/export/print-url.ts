// The table's printed forms' query: its print view (GET <screen>/print, server/routes/table-print.ts), which
// the toolbar's Print link opens, and its PDF (export-actions.ts). The list's query without paging names the
// shown columns, then those only sorted or filtered by (list-query.ts), so that their sort and filter hold;
// `shown` says which are printed.
import type { TableConfig } from '../../../common/table-config.ts';
import { listQuery } from '../list-query.ts';
import { visibleColumns, type TableState } from '../../../common/table-state.ts';

/** `query` (the list's, without paging) with `shown` naming the columns the table shows, in their order. */
export function printedQuery(query: URLSearchParams, shown: ReadonlyArray<string>): URLSearchParams {
  query.set('shown', shown.join(','));
  return query;
}

/** The print view of the table as it is now. */
export function printUrl(config: TableConfig, state: TableState, stores: readonly number[] | null): string {
  const query = listQuery(config, state, stores, { paging: false, columns: 'visible' });
  return `${config.pagePath}/print?${printedQuery(query, visibleColumns(config, state))}`;
}
