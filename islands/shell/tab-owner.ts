// What a tab keeps in sessionStorage (the history cache of the last 20 pages, tables' saved state and their
// cached answers) belongs to the user signed in on it: on a shared office PC none of it may reach the next
// user. Signing out clears it all; a page of another user, or of nobody (the sign-in page), finds it marked
// with someone else's id and clears it (a session that ran out without signing out); a page from the history
// cache is restored only into the session of the user who saw it (its `user-id` meta, kept in the cached
// head), else fetched afresh; and a page the browser brings back whole (the back-forward cache) reloads if the
// tab has changed hands since.
const OWNER = 'backroom-tab-owner';

/** This page's user id, '' on a page without a user. */
function pageUser(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="user-id"]')?.content ?? '';
}

function claimTab(user: string): void {
  if (sessionStorage.getItem(OWNER) === user) return;
  sessionStorage.clear();
  if (user) sessionStorage.setItem(OWNER, user);
}

export function startTabOwner(): void {
  const user = pageUser();
  claimTab(user);
  // Capture: cleared before the sign-out request leaves, whatever else handles the submit.
  document.addEventListener(
    'submit',
    (event) => {
      if (event.target instanceof HTMLFormElement && event.target.matches('form[action="/logout"]')) sessionStorage.clear();
    },
    true,
  );
  document.addEventListener('htmx:history:cache:hit', (event) => {
    const head = (event as CustomEvent<{ item?: { head?: string } }>).detail.item?.head ?? '';
    const savedBy = /<meta name="user-id" content="(\d+)">/.exec(head)?.[1] ?? '';
    if (savedBy !== user) event.preventDefault();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && sessionStorage.getItem(OWNER) !== (user || null)) location.reload();
  });
}
