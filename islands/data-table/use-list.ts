// The rows the table shows: the server's first page as rendered (never asked for again), then the answer
// for each new list URL, from the session's cache when it holds it (unless the table refreshes every
// time), otherwise from the server. A failed call leaves no rows and the reason; a newer call or an unmount
// drops an older one. `refresh` asks the server again for the current URL, whatever the cache holds; it may
// be asked to wait a moment first (a change's marks are seen before the rows they mark go). When the hub
// says someone else changed this resource's rows (islands/hub/table-changes.ts), the kept answers are
// forgotten and the table refreshes if it refreshes every time, or else says so (`changedElsewhere`, until
// the next refresh); the user's own changes are shown by the actions that made them.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TablePage } from '../../common/table-config.ts';
import { signedInUserId } from '../hub/changed-event.ts';
import { onResourceChanged } from '../hub/table-changes.ts';
import { cachedPage, forgetPages, keepPage } from './list-cache.ts';
import { fetchList } from './list-fetch.ts';

export interface ListView {
  page: TablePage | null;
  error: string | null;
  loading: boolean;
  /**
   * Reads the current URL from the server again, after `delayMs` if given; resolves once its answer is
   * shown. A refresh asked for sooner takes the place of one still waiting.
   */
  refresh(delayMs?: number): Promise<void>;
  /** Someone else changed rows of this resource since the rows shown were read. */
  changedElsewhere: boolean;
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
}

export function useList({ url, initialUrl, initial, ready, refreshEveryTime, listUrl, resource }: ListOptions): ListView {
  const [answer, setAnswer] = useState<{ page: TablePage | null; error: string | null }>({ page: initial, error: null });
  const [loading, setLoading] = useState(false);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  // Each refresh is a new object: the effect below runs again for it, and asks the server once.
  const [refreshed, setRefreshed] = useState<object | null>(null);
  const handled = useRef<object | null>(null);
  const shown = useRef<string | null>(null);
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
      setAnswer({ page: kept, error: null });
      return settle();
    }
    const controller = new AbortController();
    setLoading(true);
    setChangedElsewhere(false);
    fetchList(url, controller.signal).then(
      (outcome) => {
        shown.current = url;
        setLoading(false);
        if (outcome.ok) {
          keepPage(url, outcome.page);
          setAnswer({ page: outcome.page, error: null });
        } else {
          setAnswer({ page: null, error: outcome.error });
        }
        settle();
      },
      () => {
        // Aborted: a newer call (or the unmount) takes over, and settles the waiters.
      },
    );
    return () => controller.abort();
  }, [url, refreshed, ready, refreshEveryTime, initialUrl, initial]);

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

  return { ...answer, loading, refresh, changedElsewhere };
}
