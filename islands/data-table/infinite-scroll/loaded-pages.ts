// The pages infinite scroll has loaded for one query, shown as one: page after page as the table asks for
// the next (the state's `page` grows by one each time), their rows and their groups' figures together. A
// new query (search, sort, grouping, page size, stores) starts again from its page; an answer for a page
// already loaded takes its place, and a refresh's answer, which brings the pages above it read again too
// (use-list.ts), takes the place of them all.
import { useRef } from 'react';
import type { TablePage } from '../../../common/table-config.ts';

interface Loaded {
  query: string;
  /** The index of the first page loaded. */
  first: number;
  pages: TablePage[];
  merged: TablePage;
}

function merge(pages: ReadonlyArray<TablePage>): TablePage {
  const last = pages.at(-1)!;
  if (pages.length === 1) return last;
  return {
    ...last,
    data: pages.flatMap((p) => p.data),
    // A group running over two pages has the same figures on both: either will do.
    groups: last.groups ? pages.flatMap((p) => p.groups ?? []) : null,
  };
}

/**
 * `page` (the answer for page `index` of `query`, or an older one still shown while it loads) joined to
 * those loaded before it, or to `above` (those pages read again with it); `first` and `last` are the
 * indexes of the first and last pages shown, `lastFull` whether the last one had rows. Nothing is kept
 * while `enabled` is off.
 */
export function useLoadedPages(
  page: TablePage | null,
  above: ReadonlyArray<TablePage> | null,
  query: string,
  index: number,
  enabled: boolean,
): { page: TablePage | null; first: number; last: number; lastFull: boolean } {
  const kept = useRef<Loaded | null>(null);
  if (!enabled || !page) {
    kept.current = null;
    return { page, first: index, last: index, lastFull: false };
  }
  const k = kept.current;
  const same = k !== null && k.query === query;
  // Worked out while rendering, from the answers in the order they come: the same answer seen again
  // (a render for another reason, or React rendering twice) changes nothing.
  if (!same || !k.pages.includes(page)) {
    // The next page joins those loaded; a page loaded again replaces itself (and drops those after it),
    // and with the pages above it read again, those too.
    const joins = same && index >= k.first && index <= k.first + k.pages.length;
    const refreshed = joins && above !== null && index - above.length === k.first;
    const first = joins ? k.first : index;
    const pages = refreshed ? [...above, page] : joins ? [...k.pages.slice(0, index - k.first), page] : [page];
    kept.current = { query, first, pages, merged: merge(pages) };
  }
  const { merged, first, pages } = kept.current!;
  // A grouped table's pages hold groups, not rows.
  return { page: merged, first, last: first + pages.length - 1, lastFull: (pages.at(-1)!.groups ?? pages.at(-1)!.data).length > 0 };
}
