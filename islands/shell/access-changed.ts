// The signed-in user's access changed while this tab was open (an administrator gave them roles, moved them
// to another region, made them an administrator): the page was drawn for the access it carries in its
// `access-version` meta, and its menu, header and figures would go on showing that. Every answer to a
// signed-in request names the access the user has now (X-Access-Version: server/users/access-version.ts)
// and the hub says so at once ('access-changed'): the page then loads itself afresh and, once loaded, says
// why (access-reload.ts, loaded only then: every page carries this check, few ever need the rest).
const ACCESS_HEADER = 'X-Access-Version';
/** Kept in the tab's session storage across the reload, so the loaded page can say why it was loaded. */
export const RELOADED_FOR_ACCESS = 'backroom.reloadedForAccess';

const reload = () => import('./access-reload.ts');

/** Whether an answer says the user's access is no longer the one this page was drawn for. */
export function accessMoved(headers: Headers): boolean {
  const now = headers.get(ACCESS_HEADER);
  const drawnFor = document.querySelector<HTMLMetaElement>('meta[name="access-version"]')?.content;
  return !!now && !!drawnFor && now !== drawnFor;
}

/** Marks the reload about to happen as one for changed access (the loaded page says so). */
export function reloadingForAccess(): void {
  sessionStorage.setItem(RELOADED_FOR_ACCESS, '1');
}

/** Loads the page afresh for the user's new access, once any open dialog is closed. */
export function accessChanged(): void {
  void reload().then((r) => r.reloadForAccess());
}

/**
 * The event the islands' own calls (a table's rows, a summary's figures) dispatch on document with each
 * answer's headers: an event rather than an import, so that this module stays in the boot code alone.
 */
export const ANSWER_EVENT = 'backroom:answer';

export function startAccessChanged(): void {
  // On a page loaded afresh for changed access, says why.
  if (sessionStorage.getItem(RELOADED_FOR_ACCESS) !== null) void reload().then((r) => r.sayWhyReloaded());
  document.addEventListener(ANSWER_EVENT, (event) => {
    if (accessMoved((event as CustomEvent<Headers>).detail)) accessChanged();
  });
}
