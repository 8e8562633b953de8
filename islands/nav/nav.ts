// Partial navigation's browser side, started once from boot.ts: what happens to htmx responses (reload,
// 403 notice, error dialog), timeouts, data-load and popup links, toasts, error reports to IT and the
// language file. The loading indicator is CSS on #loader (shown after 1 s), named by hx-indicator.
import { startToasts } from './toasts.ts';
import { startResponseStatus } from './response-status.ts';
import { startRequestErrors } from './request-errors.ts';
import { startDataLoad } from './links.ts';
import { startPopups } from './popups.ts';
import { startErrorReporting } from './error-reporting.ts';
import { loadLanguage } from './language.ts';

/** Links this module handles itself; htmx must not boost them into page visits. */
const OWN_LINKS = 'a[data-load], a[data-popup-page], a[data-popup-embed]';

export function startNav(): void {
  startErrorReporting();
  document.addEventListener('htmx:before:init', (event) => {
    if ((event.target as Element).matches(OWN_LINKS)) event.preventDefault();
  });
  startToasts();
  startResponseStatus();
  startRequestErrors();
  startDataLoad();
  startPopups();
  // A missing or broken language file is uncaught on purpose: error reporting tells IT.
  void loadLanguage();
}
