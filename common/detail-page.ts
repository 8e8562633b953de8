// The detail pages of table rows (`<screen path>/<key>`, server/details/): the part of such a page a popup
// shows (`data-popup-part`), the record without the page's own heading, named once for the pages, the
// table's row links and the reports' store links.
export const detailPart = '[data-detail-main]';

/** A row's detail page under its table screen's path. */
export function detailHref(pagePath: string, key: unknown): string {
  return `${pagePath}/${encodeURIComponent(String(key))}`;
}
