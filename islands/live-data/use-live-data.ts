// Keeps an island's figures current: the server rendered them for every store the user sees, so when the
// header holds a store selection they are fetched again for it at once; then again every 30 s (the
// spec's chart update rate) while the page is visible, on return to a page left hidden longer than that,
// and whenever the selection changes. A failed or refused call leaves no data (the island says so)
// rather than an error dialog: figures on a dashboard fail softly.
import { useEffect, useState } from 'react';
import { chartDefaults } from '../../common/charts.ts';
import { selectedStores } from '../shell/store-label.ts';
import { withStores } from './stores-param.ts';

export interface LiveData<T> {
  /** null after a failed call. */
  data: T | null;
  /** The selection the data is for (null: every store), for the links drawn beside it. */
  stores: number[] | null;
}

const REFRESH_MS = chartDefaults.refreshSeconds * 1000;

export function useLiveData<T>(url: string, initial: T | null, read: (json: unknown) => T): LiveData<T> {
  const [live, setLive] = useState<LiveData<T>>({ data: initial, stores: null });

  useEffect(() => {
    let controller: AbortController | null = null;
    let fetchedAt = Date.now();

    const refresh = async () => {
      const stores = selectedStores();
      controller?.abort();
      const own = new AbortController();
      controller = own;
      fetchedAt = Date.now();
      let data: T | null = null;
      try {
        const res = await fetch(withStores(url, stores), { headers: { Accept: 'application/json' }, signal: own.signal });
        // The answer's headers, for the page to see whether its user's access changed (shell/access-changed.ts).
        document.dispatchEvent(new CustomEvent('backroom:answer', { detail: res.headers }));
        if (res.ok) data = read(await res.json());
      } catch {
        // Offline, or the answer was not JSON: no data. A newer call or an unmount aborted this one: drop it.
      }
      if (!own.signal.aborted) setLive({ data, stores });
    };
    const onTick = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - fetchedAt >= REFRESH_MS) void refresh();
    };
    const onStores = () => void refresh();

    if (selectedStores()) void refresh();
    const timer = setInterval(onTick, REFRESH_MS);
    document.addEventListener('visibilitychange', onVisible);
    document.addEventListener('stores:changed', onStores);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      document.removeEventListener('stores:changed', onStores);
      controller?.abort();
    };
  }, [url, read]);

  return live;
}
