// A page loaded afresh because its user's access changed (access-changed.ts decides when): the reload, which
// waits for an open dialog (an edit being typed) to close rather than lose it, and the notice on the loaded
// page saying why it was loaded. Loaded only when it happens.
import { sessionMsg } from '../../common/session-messages.ts';

/** As access-changed.ts keeps it (named again rather than imported: that module stays in the boot code alone). */
const RELOADED_FOR_ACCESS = 'backroom.reloadedForAccess';

/** A toast, through the toasts' event (nav/toasts.ts), which keeps them in the boot code alone. */
function toast(kind: 'warning' | 'info', text: string): void {
  document.dispatchEvent(new CustomEvent('toast', { detail: { kind, text } }));
}

const DIALOG_CHECK_MS = 250;
const dialogOpen = () => document.querySelector('dialog[open]') !== null;

let reloading = false;

export function reloadForAccess(): void {
  if (reloading) return;
  reloading = true;
  sessionStorage.setItem(RELOADED_FOR_ACCESS, '1');
  if (!dialogOpen()) {
    location.reload();
    return;
  }
  toast('warning', sessionMsg('accessChangedPending'));
  // A dialog closes by its buttons, Esc, or by being taken out of the page (the islands' are): watched for.
  const waiting = setInterval(() => {
    if (dialogOpen()) return;
    clearInterval(waiting);
    location.reload();
  }, DIALOG_CHECK_MS);
}

export function sayWhyReloaded(): void {
  sessionStorage.removeItem(RELOADED_FOR_ACCESS);
  toast('info', sessionMsg('accessChanged'));
}
