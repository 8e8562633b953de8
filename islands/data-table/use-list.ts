// The rows the table shows: the server's first page as rendered (never asked for again), then the answer
// for each new list URL, from the session's cache when it holds it (unless the table refreshes every
// time), otherwise from the server (the next or previous page by the shown page's cursor: page-cursor.ts).
// A failed call leaves no rows and the reason; a newer call or an unmount drops an older one. `refresh`
// asks the server again for the current URL, whatever the cache holds, and for the pages shown above it
// (infinite scroll), so that every row in sight is as current; it may be asked
// to wait a moment first (a change's marks are seen before the rows they mark go). When the hub says
// someone else changed this resource's rows (islands/hub/table-changes.ts), the kept answers are forgotten
// and the table refreshes if it refreshes every time, or else says so (`changedElsewhere`, until the next
// refresh); the user's own changes are shown by the actions that made them. A table with footer totals asks
// them beside its rows, which never wait for them, and reuses them while only the page, sort or grouping
// changes (list-totals.ts); until they come for the filters shown, the footer says they are on their way.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Row, TablePage } from '../../common/table-config.ts';
import { signedInUserId } from '../hub/changed-event.ts';
import { onResourceChanged } from '../hub/table-changes.ts';
import { cachedPage, forgetPages, keepPage } from './list-cache.ts';
import { fetchList, type ListCall, type ListOutcome } from './list-fetch.ts';
import { rowsCall, totalsCall, withTotals } from './list-totals.ts';
import { withCursor } from './page-cursor.ts';

export interface ListView {
  page: TablePage | null;
  /** With infinite scroll, after a refresh: the pages shown above `page`, read again with it (else null). */
  pagesAbove: TablePage[] | null;
  error: string | null;
  loading: boolean;
  /** The footer totals for the filters the table now has, or null (not asked, still to come, or failed). */
  totals: Row | null;
  /** The footer totals for the filters the table now has are still to come. */
  totalsPending: boolean;
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
  /** What the footer totals of `url`, and of `initialUrl`, depend on (list-totals.ts: totalsKey). */
  totalsKey: string;
  initialTotalsKey: string;
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
  /** The table shows footer totals: they are asked apart from the rows (list-totals.ts). */
  totals: boolean;
}

/** The answer shown, the URL it answers and what that URL's footer totals depend on. */
type Answer = Pick<ListView, 'page' | 'pagesAbove' | 'error'> & { url: string; totalsKey: string };

export function useList({
  url,
  initialUrl,
  totalsKey,
  initialTotalsKey,
  initial,
  ready,
  refreshEveryTime,
  listUrl,
  resource,
  pagesAbove,
  call,
  totals,
}: ListOptions): ListView {
  const [answer, setAnswer] = useState<Answer>({
    page: initial,
    pagesAbove: null,
    error: null,
    url: initialUrl,
    totalsKey: initialTotalsKey,
  });
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
  // The last footer totals answered (an answer carrying them, the server's first page to begin with) for the
  // filters `key` names, and the call under way for them: a newer key drops both, a refresh too (the rows changed).
  const kept = useRef<{ key: string; page: TablePage } | null>(initial.totals ? { key: initialTotalsKey, page: initial } : null);
  const asking = useRef<{ key: string; controller: AbortController } | null>(null);
  const [askedKey, setAskedKey] = useState<string | null>(null);
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
    const key = totalsKey;
    // An answer for `url` with the totals kept for its filters, when there are.
    const joined = (page: TablePage) => (kept.current?.key === key ? withTotals(page, kept.current.page) : page);
    if (forced || kept.current?.key !== key) kept.current = null;
    if (asking.current && (forced || asking.current.key !== key)) {
      asking.current.controller.abort();
      asking.current = null;
    }
    const cached = forced || refreshEveryTime ? null : cachedPage(url);
    if (cached?.totals && !kept.current) kept.current = { key, page: cached };
    if (totals && !kept.current && !asking.current) {
      const asked = { key, controller: new AbortController() };
      asking.current = asked;
      setAskedKey(key);
      fetchList(totalsCall(url), asked.controller.signal, call).then(
        (outcome) => {
          if (asked.controller.signal.aborted) return;
          asking.current = null;
          setAskedKey(null);
          // A failure is the rows' call's to say: the footer stays empty.
          if (!outcome.ok) return;
          kept.current = { key, page: outcome.page };
          setAnswer((old) => {
            if (!old.page || old.totalsKey !== key) return old;
            const page = withTotals(old.page, outcome.page);
            keepPage(old.url, page);
            return { ...old, page };
          });
        },
        () => {
          // Aborted: newer filters, a refresh or the unmount took over.
        },
      );
    }
    if (cached) {
      shown.current = url;
      // A call this one replaced may have been under way.
      setLoading(false);
      setAnswer({ page: joined(cached), pagesAbove: null, error: null, url, totalsKey: key });
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
    Promise.all([first, ...above].map((u) => fetchList(totals ? rowsCall(u) : u, controller.signal, call))).then(
      (outcomes) => {
        shown.current = url;
        setLoading(false);
        const failed = outcomes.find((o): o is Extract<ListOutcome, { ok: false }> => !o.ok);
        if (failed) {
          setAnswer({ page: null, pagesAbove: null, error: failed.error, url, totalsKey: key });
        } else {
          const pages = outcomes.flatMap((o) => (o.ok ? [joined(o.page)] : []));
          [url, ...above].forEach((u, i) => keepPage(u, pages[i]!));
          setAnswer({ page: pages[0]!, pagesAbove: above.length ? pages.slice(1) : null, error: null, url, totalsKey: key });
        }
        settle();
      },
      () => {
        // Aborted: a newer call (or the unmount) takes over, and settles the waiters.
      },
    );
    return () => controller.abort();
  }, [url, totalsKey, refreshed, ready, refreshEveryTime, initialUrl, initial, pagesAbove, call, totals]);
  useEffect(() => () => asking.current?.controller.abort(), []);

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
        kept.current = null;
        if (userId === signedInUserId()) return;
        if (refreshEveryTime) void refresh();
        else setChangedElsewhere(true);
      }),
    [resource, listUrl, refresh, refreshEveryTime],
  );

  // Totals are shown for the filters the table has now, never for those of an answer still shown.
  const current = answer.totalsKey === totalsKey;
  const shownTotals = (current && answer.page?.totals) || null;
  const totalsPending = totals && !shownTotals && (!current || askedKey === totalsKey);
  return { ...answer, loading, totals: shownTotals, totalsPending, refresh, changedElsewhere, showRows };
}
