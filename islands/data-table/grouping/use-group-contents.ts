// What the open groups hold, read from the server page by page (a grouped table's answer holds groups,
// not rows: server/table-api/list/group-page.ts): a main group of a table grouped twice holds its sub
// groups, any other group its rows. A group opened is read from its first page; "more" reads its next
// page under what is shown. A new query (search, sort, grouping, stores, page size) forgets them all;
// `reload` reads every open group again from the start, as far as it was shown (a refresh).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { GroupTotals, TableConfig } from '../../../common/table-config.ts';
import { fetchList } from '../list-fetch.ts';
import type { TableState } from '../../../common/table-state.ts';
import { groupKey, type GroupContent } from './group-lines.ts';
import { groupBase, groupPageLength, groupUrl } from './group-query.ts';

export interface GroupContents {
  of(key: string): GroupContent | undefined;
  /** Reads the group's next page under what is shown. */
  more(key: string): void;
  /** Reads every open group again from its start, as far as it was shown. */
  reload(): void;
}

const empty: GroupContent = { groups: null, rows: [], total: 0, loading: true, error: null };

export function useGroupContents(
  config: TableConfig,
  state: TableState,
  stores: readonly number[] | null,
  /** The page of groups shown (null until a grouped answer is in: nothing is read until then). */
  shown: ReadonlyArray<GroupTotals> | null,
): GroupContents {
  const base = groupBase(config, state, stores);
  const length = groupPageLength(state);
  const [contents, setContents] = useState<{ base: string; byKey: ReadonlyMap<string, GroupContent> }>({ base, byKey: new Map() });
  const calls = useRef(new Map<string, AbortController>());
  const stale = contents.base !== base;
  // A new query shows none of the old one's contents (one empty map for it, until its first read).
  const byKey = useMemo(() => (stale ? new Map<string, GroupContent>() : contents.byKey), [stale, contents.byKey]);

  const read = useCallback(
    /** `keep`: what the page read goes under (null: it stands alone); `showing`: what shows while it is read. */
    (key: string, start: number, count: number, keep: GroupContent | null, showing: GroupContent | null = keep) => {
      calls.current.get(key)?.abort();
      const controller = new AbortController();
      calls.current.set(key, controller);
      // Contents of an older query are dropped with the first read of the new one.
      const set = (content: GroupContent) => {
        if (!controller.signal.aborted) setContents((c) => ({ base, byKey: new Map(c.base === base ? c.byKey : []).set(key, content) }));
      };
      set({ ...(showing ?? empty), loading: true, error: null });
      fetchList(groupUrl(config, base, JSON.parse(key) as unknown[], start, count), controller.signal).then(
        (outcome) => {
          calls.current.delete(key);
          if (!outcome.ok) return set({ ...(showing ?? empty), loading: false, error: outcome.error });
          const { page } = outcome;
          set({
            groups: page.groups ? [...(keep?.groups ?? []), ...page.groups] : null,
            rows: [...(keep?.rows ?? []), ...page.data],
            total: page.recordsFiltered,
            loading: false,
            error: null,
          });
        },
        () => {
          // Aborted: a newer call for the group, a new query or the unmount takes over.
        },
      );
    },
    [config, base],
  );

  // A new query: the calls under way are for the old one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: run again for each new query, whose base the body does not read.
  useEffect(() => {
    const under = calls.current;
    return () => {
      for (const c of under.values()) c.abort();
      under.clear();
    };
  }, [base]);

  // Each open group in sight not read yet is read from its first page: a main group on the page, or a sub
  // group of an open one (a saved state may name open groups of other pages).
  const expanded = state.expandedGroups;
  useEffect(() => {
    if (!shown) return;
    const onPage = new Set(shown.map((g) => groupKey(g.values)));
    const inSight = (key: string) => {
      const values = JSON.parse(key) as unknown[];
      return onPage.has(groupKey(values.slice(0, 1))) && (values.length === 1 || expanded.includes(groupKey(values.slice(0, 1))));
    };
    for (const key of expanded) if (!byKey.has(key) && inSight(key)) read(key, 0, length, null);
  }, [shown, expanded, byKey, read, length]);

  return useMemo(
    () => ({
      of: (key) => byKey.get(key),
      more: (key) => {
        const shown = byKey.get(key);
        if (shown && !shown.loading) read(key, shown.groups?.length ?? shown.rows.length, length, shown);
      },
      reload: () => {
        for (const [key, shown] of byKey) {
          // What was shown stays until the group's new rows replace it: the table does not jump.
          if (expanded.includes(key)) read(key, 0, Math.max(length, shown.groups?.length ?? shown.rows.length), null, shown);
        }
      },
    }),
    [byKey, read, length, expanded],
  );
}
