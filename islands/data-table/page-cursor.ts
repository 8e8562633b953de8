// Paging on by the server's keyset cursors: the list answer for a page carries `next` and `prev`, which read
// the page after or before it from where it ended or began, through an index, instead of counting past
// `start` rows (server/table-api/list/keyset-cursor.ts). When the page asked for is the next or the previous
// of the page shown, under the same sort, filters and selection, the call carries that cursor; the server
// ignores a cursor that does not fit, so at worst the page is read by its offset. The cursor is not part of
// the URL the session's cache keys answers by: the rows are the same either way.
import type { TablePage } from '../../common/table-config.ts';

/** The list call for `url`: with `after` or `before` when `url` is the page after or before `shownUrl`'s. */
export function withCursor(url: string, shownUrl: string | null, shown: TablePage | null): string {
  if (!shownUrl || !shown) return url;
  const [path, query = ''] = url.split('?');
  const [shownPath, shownQuery = ''] = shownUrl.split('?');
  if (path !== shownPath) return url;
  const asked = new URLSearchParams(query);
  const before = new URLSearchParams(shownQuery);
  const start = Number(asked.get('start'));
  const shownStart = Number(before.get('start'));
  const length = Number(asked.get('length'));
  if (!(length > 0) || length !== Number(before.get('length'))) return url;
  // Everything but the position must be the same: another sort or filter has other cursors.
  asked.delete('start');
  before.delete('start');
  if (asked.toString() !== before.toString()) return url;
  const cursor: Record<string, string> | null =
    start === shownStart + length && shown.next
      ? { after: shown.next }
      : start === shownStart - length && shown.prev
        ? { before: shown.prev }
        : null;
  if (!cursor) return url;
  return `${url}&${new URLSearchParams(cursor)}`;
}
