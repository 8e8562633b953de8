// Reads the session's CSRF token from <meta name="csrf-token"> and puts it on every mutating request,
// htmx's and our own fetches alike. A page that signs in again in place takes a new one (sign-in-again.ts).
import type { HtmxRequestCtx } from 'htmx.org';

/** Told on the document once the page has a new session (signed in again in place): the hub connects again. */
export const SIGNED_IN_AGAIN = 'backroom:signed-in-again';

export function csrfToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
}

export function jsonHeaders(): Record<string, string> {
  return { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRF-Token': csrfToken() };
}

export function startCsrf(): void {
  document.addEventListener('htmx:config:request', (event) => {
    const ctx = (event as CustomEvent<{ ctx: HtmxRequestCtx & { request: { method: string; headers: Record<string, string> } } }>).detail
      .ctx;
    if (ctx.request.method.toUpperCase() !== 'GET') ctx.request.headers['X-CSRF-Token'] = csrfToken();
  });
}
