// Infinite scroll (spec section 9), the option the settings turn on: the table's scroll region gets a
// height of its own, and as it nears its bottom the next page is read and drawn under the rows already
// there (loaded-pages.ts, near-bottom.ts), until every filtered row is shown. A refresh reads every page
// shown again, not just the last one asked for (the list reads `pagesAbove` with it). Off (or with the page
// size All), the list answer is shown as it is and the pager pages.
import { useRef } from 'react';
import type { TableConfig, TablePage } from '../../../common/table-config.ts';
import { listUrl } from '../list-query.ts';
import type { TableState } from '../../../common/table-state.ts';
import type { SetTableState } from '../use-table-state.ts';
import { useLoadedPages } from './loaded-pages.ts';
import { useNearBottom } from './near-bottom.ts';

export interface InfiniteScroll {
  on: boolean;
  /** The page to draw: the list's answer, or with infinite scroll every page loaded so far as one. */
  page: TablePage | null;
  /** The position of its first row among the filtered rows. */
  start: number;
  /** For the table's scroll region, whose scrolling asks for more. */
  region: { current: HTMLElement | null };
}

export function useInfiniteScroll(
  config: TableConfig,
  state: TableState,
  setState: SetTableState,
  stores: readonly number[] | null,
  list: { page: TablePage | null; pagesAbove: TablePage[] | null; loading: boolean },
  /** Set to the URLs of the pages shown above the one the list reads, for its refresh to read them again. */
  pagesAbove: { current: ReadonlyArray<string> },
): InfiniteScroll {
  const on = state.infiniteScroll && state.pageSize !== -1;
  const region = useRef<HTMLElement | null>(null);
  const query = on ? listUrl(config, { ...state, page: 0 }, stores) : '';
  const loaded = useLoadedPages(list.page, list.pagesAbove, query, state.page, on);
  // From the first page shown to the one the list reads (the last shown, or the next while it loads).
  pagesAbove.current = on
    ? Array.from({ length: Math.max(0, state.page - loaded.first) }, (_, i) =>
        listUrl(config, { ...state, page: loaded.first + i }, stores),
      )
    : [];
  const shown = (loaded.last + 1) * state.pageSize;
  useNearBottom(region, {
    active: on && loaded.lastFull && shown < (loaded.page?.recordsFiltered ?? 0),
    index: loaded.last,
    loading: list.loading,
    loadNext: () => setState({ page: loaded.last + 1 }),
  });
  const size = Math.max(state.pageSize, 0);
  return { on, page: loaded.page, start: (on ? loaded.first : state.page) * size, region };
}
