// The rows the table shows: the server's first page as rendered (never asked for again), then the answer
// for each new list URL, from the session's cache when it holds it (unless the table refreshes every
// time), otherwise from the server (the next or previous page by the shown page's cursor: page-cursor.ts).
// A failed call leaves no rows and the reason; a newer call or an unmount drops an older one. `refresh`
// asks the server again for the current URL, whatever the cache holds, and for the pages shown above it
// (infinite scroll), so that every row in sight is as current; it may be asked
// to wait a moment first (a change's marks are seen before the rows they mark go). When the hub says
// someone else changed this resource's rows (islands/hub/table-changes.ts), the kept answers are forgotten
// and the table refreshes if it refreshes every time, or else says so (`changedElsewhere`, until the next
// refresh); the user's own changes are shown by the actions that made them.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Row, TablePage } from '../../common/table-config.ts';
import { signedInUserId } from '../hub/changed-event.ts';
import { onResourceChanged } from '../hub/table-changes.ts';
import { cachedPage, forgetPages, keepPage } from './list-cache.ts';
import { fetchList, type ListCall, type ListOutcome } from './list-fetch.ts';
import { withCursor } from './page-cursor.ts';

export interface ListView {
  page: TablePage | null;
  /** With infinite scroll, after a refresh: the pages shown above `page`, read again with it (else null). */
  pagesAbove: TablePage[] | null;
  error: string | null;
  loading: boolean;
  /**
   * Reads the current URL (and the pages above it) from the server again, after `delayMs` if given;
   * resolves once the answer is shown. A refresh asked for sooner takes the place of one still waiting.
   */
  refresh(delayMs?: number): Promise<void>;
  /** Someone else changed rows of this resource since the rows shown were read. */
  changedElsewhere: boolean;
  /** Shows these rows (as a change stored them) in place of the rows of the same `key` shown, without reading the list. */
  showRows(rows: ReadonlyArray<Row>, key: string): void;
}

interface ListOptions {
  /** The list URL for the table's current state (list-query.ts). */
  url: string;
  /** The URL the server's first page answers. */
  initialUrl: string;
  initial: TablePage;
  /** False until the saved state has been read: until then the server's page stands. */
  ready: boolean;
  refreshEveryTime: boolean;
  /** `/api/<resource>`: whose kept answers to forget when the hub says it changed. */
  listUrl: string;
  resource: string;
  /** The URLs of the pages shown above the current one, in order (infinite scroll), as the refresh reads them. */
  pagesAbove: { current: ReadonlyArray<string> };
  /** How the list is called and read (the table's config: its method, where the answer holds its rows). */
  call: ListCall;
}

type Answer = Pick<ListView, 'page' | 'pagesAbove' | 'error'>;

export function useList({ url, initialUrl, initial, ready, refreshEveryTime, listUrl, resource, pagesAbove, call }: ListOptions): ListView {
  const [answer, setAnswer] = useState<Answer>({ page: initial, pagesAbove: null, error: null });
  const [loading, setLoading] = useState(false);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  // Each refresh is a new object: the effect below runs again for it, and asks the server once.
  const [refreshed, setRefreshed] = useState<object | null>(null);
  const handled = useRef<object | null>(null);
  const shown = useRef<string | null>(null);
  // The page shown (its URL is `shown`), whose cursors read on to its neighbours (page-cursor.ts).
  const shownPage = useRef<TablePage | null>(initial);
  useEffect(() => {
    shownPage.current = answer.page;
  }, [answer.page]);
  const waiting = useRef<Array<() => void>>([]);
  const later = useRef<{ timer: ReturnType<typeof setTimeout>; waiters: Array<() => void> } | null>(null);

  useEffect(() => {
    if (!ready) return;
    const settle = () => {
      for (const done of waiting.current.splice(0)) done();
    };
    const forced = refreshed !== null && handled.current !== refreshed;
    handled.current = refreshed;
    if (!forced && shown.current === null && url === initialUrl) {
      // The server's page is already drawn: keep it for this session, ask nothing.
      shown.current = url;
      keepPage(url, initial);
      return settle();
    }
    const kept = forced || refreshEveryTime ? null : cachedPage(url);
    if (kept) {
      shown.current = url;
      // A call this one replaced may have been under way.
      setLoading(false);
      setAnswer({ page: kept, pagesAbove: null, error: null });
      return settle();
    }
    const controller = new AbortController();
    setLoading(true);
    setChangedElsewhere(false);
    // A refresh reads the pages shown above this one too, and shows them with it, so every row in sight is
    // as current. Starting again from the first page would do that too, but lose the user's place: a row
    // edited far down would be marked out of sight, and Refresh would mean "scroll back and load it all".
    const above = forced ? [...pagesAbove.current] : [];
    const first = withCursor(url, shown.current, shownPage.current);
    Promise.all([first, ...above].map((u) => fetchList(u, controller.signal, call))).then(
      (outcomes) => {
        shown.current = url;
        setLoading(false);
        const failed = outcomes.find((o): o is Extract<ListOutcome, { ok: false }> => !o.ok);
        if (failed) {
          setAnswer({ page: null, pagesAbove: null, error: failed.error });
        } else {
          const pages = outcomes.flatMap((o) => (o.ok ? [o.page] : []));
          [url, ...above].forEach((u, i) => keepPage(u, pages[i]!));
          setAnswer({ page: pages[0]!, pagesAbove: above.length ? pages.slice(1) : null, error: null });
        }
        settle();
      },
      () => {
        // Aborted: a newer call (or the unmount) takes over, and settles the waiters.
      },
    );
    return () => controller.abort();
  }, [url, refreshed, ready, refreshEveryTime, initialUrl, initial, pagesAbove, call]);

  const refresh = useCallback(
    (delayMs = 0) =>
      new Promise<void>((resolve) => {
        // One refresh answers every caller: those of a refresh still waiting join this one.
        const pending = later.current;
        if (pending) clearTimeout(pending.timer);
        later.current = null;
        const waiters = [...(pending?.waiters ?? []), resolve];
        const now = () => {
          later.current = null;
          waiting.current.push(...waiters);
          setRefreshed({});
        };
        if (delayMs > 0) later.current = { timer: setTimeout(now, delayMs), waiters };
        else now();
      }),
    [],
  );
  useEffect(() => () => clearTimeout(later.current?.timer), []);

  const showRows = useCallback((rows: ReadonlyArray<Row>, key: string) => {
    const stored = new Map(rows.map((r) => [String(r[key]), r]));
    setAnswer((old) => {
      if (!old.page || stored.size === 0) return old;
      const page = { ...old.page, data: old.page.data.map((r) => stored.get(String(r[key])) ?? r) };
      // The session's copy of this answer shows them too, when the user comes back to it.
      if (shown.current !== null) keepPage(shown.current, page);
      return { ...old, page };
    });
  }, []);

  useEffect(
    () =>
      onResourceChanged(resource, ({ userId }) => {
        forgetPages(listUrl);
        if (userId === signedInUserId()) return;
        if (refreshEveryTime) void refresh();
        else setChangedElsewhere(true);
      }),
    [resource, listUrl, refresh, refreshEveryTime],
  );

  return { ...answer, loading, refresh, changedElsewhere, showRows };
}
