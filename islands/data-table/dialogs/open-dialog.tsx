// Mounts one dialog at a time beside the table's container, in a React root of its own (the island's
// React, already loaded), and takes it down when it closes: focus then goes back to the control that
// opened it, or into the table when that control is gone or disabled (a Delete with nothing left selected).
// A page swap that takes the table away (Back, while the dialog is open) takes the dialog's root down too.
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { TableHost } from '../table-host.ts';

let closeCurrent: (() => void) | null = null;

function giveFocusBack(host: TableHost, opener: Element | null): void {
  if (opener instanceof HTMLElement && opener.isConnected && !opener.matches(':disabled')) {
    opener.focus();
    return;
  }
  if (!host.container.isConnected) return;
  if (!host.container.hasAttribute('tabindex')) host.container.tabIndex = -1;
  host.container.focus();
}

/** Shows `render(close)` as the page's one dialog; `close` takes it down and gives focus back. */
export function openDialog(host: TableHost, render: (close: () => void) => ReactNode): void {
  closeCurrent?.();
  const opener = document.activeElement;
  const slot = document.createElement('div');
  host.container.after(slot);
  const root = createRoot(slot, { identifierPrefix: 'row-dialog-' });
  let open = true;
  const swapped = (): void => {
    if (!slot.isConnected) close();
  };
  const close = (): void => {
    if (!open) return;
    open = false;
    closeCurrent = null;
    document.removeEventListener('htmx:after:swap', swapped);
    // Closing is asked from the dialog's own event handlers: React unmounts after they have run.
    queueMicrotask(() => {
      root.unmount();
      slot.remove();
      giveFocusBack(host, opener);
    });
  };
  closeCurrent = close;
  document.addEventListener('htmx:after:swap', swapped);
  root.render(render(close));
}
