// The saved view a table shows, in the address (issue 39): `?view=<id>` beside the page's other parameters
// (the store selection), so that a link opens the same view. Replaced, not pushed: choosing a view is not a
// page of its own in the history, and htmx keeps its snapshot of the page under the address as it stands.
// Only on the table's own screen: a table drawn in another page's panel leaves that page's address alone.
export const VIEW_PARAM = 'view';

/** Names `id` (null: no view) in the address of the screen at `pagePath`, if that is the page shown. */
export function showViewInAddress(pagePath: string, id: number | null): void {
  if (location.pathname !== pagePath) return;
  const url = new URL(location.href);
  if (id === null) url.searchParams.delete(VIEW_PARAM);
  else url.searchParams.set(VIEW_PARAM, String(id));
  if (url.href !== location.href) history.replaceState(history.state, '', url);
}
