// What an htmx request was for, and where a full reload after it goes. A page visit swaps the content
// area (#main); anything else (a data-load panel) reloads the page the user is on.
import type { HtmxRequestCtx } from 'htmx.org';
import type { RequestFailure } from './error-dialog.ts';

function isPageVisit(ctx: HtmxRequestCtx): boolean {
  return ctx.target?.id === 'main';
}

/** The requested page for a page visit by GET (its final URL after redirects), else the current page. */
export function reloadUrl(ctx: HtmxRequestCtx): string {
  if (isPageVisit(ctx) && ctx.request.method.toUpperCase() === 'GET') {
    return ctx.response?.raw.url || new URL(ctx.request.action, location.href).href;
  }
  return location.href;
}

/** Loads `url` as a whole new page (assigning the current URL with a #fragment would only scroll). */
export function fullReload(url: string): void {
  if (url === location.href) location.reload();
  else location.assign(url);
}

/** The parts of a failure report that come from the request itself. */
export function failedRequest(ctx: HtmxRequestCtx): Pick<RequestFailure, 'page' | 'url' | 'retryUrl'> {
  return {
    page: location.pathname + location.search,
    url: new URL(ctx.request.action, location.href).href,
    retryUrl: reloadUrl(ctx),
  };
}
