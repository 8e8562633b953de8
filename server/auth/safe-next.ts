// Where sign-in sends the user afterwards: the page a sign-in link names in `next`, only if it is a page of
// this app. `next` is resolved the way a browser would resolve it (the WHATWG URL parser, which also drops
// tabs and line breaks and reads backslashes as slashes), so what is kept is what the browser will open.
// Anything else, or anything too long, sends the user home instead: a bad `next` never refuses the sign-in.

/** Stands for the app's own origin: a `next` that resolves elsewhere names another site. */
const APP_ORIGIN = 'http://backroom.invalid';
/** Longer `next` values (before or after percent-encoding) are dropped. */
export const MAX_NEXT_LENGTH = 2000;

/** A same-origin path (with its query and fragment), percent-encoded so it is a valid Location header; else `/`. */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || next.length > MAX_NEXT_LENGTH) return '/';
  let url: URL;
  try {
    url = new URL(next, `${APP_ORIGIN}/`);
  } catch {
    return '/';
  }
  // A path starting `//` (e.g. from `/.//host`) would read as another host once it is the Location.
  if (url.origin !== APP_ORIGIN || url.pathname.startsWith('//') || url.pathname.startsWith('/login')) return '/';
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.length <= MAX_NEXT_LENGTH ? path : '/';
}
