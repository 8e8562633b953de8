// The session's cache of list answers (spec: table timestamp, default max age 86400 s): a page seen before
// in this tab shows at once, its "last updated" saying how old it is, unless the table refreshes every
// time. Kept in sessionStorage under the list URL; a changed resource (the hub says so) is forgotten.
import type { TablePage } from '../../common/table-config.ts';

const PREFIX = 'backroom.list:';
const MAX_AGE_MS = 86_400 * 1000;

interface Kept {
  at: number;
  page: TablePage;
}

export function cachedPage(url: string): TablePage | null {
  try {
    const text = sessionStorage.getItem(PREFIX + url);
    if (!text) return null;
    const kept = JSON.parse(text) as Kept;
    return Date.now() - kept.at < MAX_AGE_MS ? kept.page : null;
  } catch {
    return null;
  }
}

export function keepPage(url: string, page: TablePage): void {
  const text = JSON.stringify({ at: Date.now(), page } satisfies Kept);
  try {
    sessionStorage.setItem(PREFIX + url, text);
  } catch {
    // Full: drop every kept answer and try once more (a single answer too big for the store is not kept).
    forgetPages('');
    try {
      sessionStorage.setItem(PREFIX + url, text);
    } catch {}
  }
}

/** Forgets the kept answers of lists under `listUrl` (every list for ''). */
export function forgetPages(listUrl: string): void {
  try {
    const keys = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i) ?? '');
    for (const key of keys) if (key.startsWith(PREFIX + listUrl)) sessionStorage.removeItem(key);
  } catch {}
}
