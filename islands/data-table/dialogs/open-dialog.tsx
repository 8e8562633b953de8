// Mounts one dialog at a time beside the table's container, in a React root of its own (the island's
// React, already loaded), and takes it down when it closes: focus then goes back to the control that
// opened it, or into the table (its first control) when that one is gone or disabled (a Delete with nothing
// left selected). A page swap that takes the table away (Back, with the dialog open) takes its root down too.
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { TableHost } from '../table-host.ts';

let closeCurrent: CloseDialog | null = null;

function giveFocusBack(host: TableHost, opener: Element | null, toTable: boolean): void {
  if (!toTable && opener instanceof HTMLElement && opener.isConnected && !opener.matches(':disabled')) {
    opener.focus();
    return;
  }
  if (!host.container.isConnected) return;
  // The table's first control that can take focus (its toolbar's first button), else the table itself.
  const control = host.container.querySelector<HTMLElement>('button:not(:disabled), input:not(:disabled), select:not(:disabled)');
  if (!control && !host.container.hasAttribute('tabindex')) host.container.tabIndex = -1;
  (control ?? host.container).focus();
}

/** Takes the dialog down; `toTable` (exactly true) when what opened it is about to go (the rows it deleted, and so Delete). */
export type CloseDialog = (toTable?: unknown) => void;

/** Shows `render(close)` as the page's one dialog; `close` takes it down and gives focus back. */
export function openDialog(host: TableHost, render: (close: CloseDialog) => ReactNode): void {
  closeCurrent?.();
  const opener = document.activeElement;
  const slot = document.createElement('div');
  host.container.after(slot);
  const root = createRoot(slot, { identifierPrefix: 'row-dialog-' });
  let open = true;
  const swapped = (): void => {
    if (!slot.isConnected) close();
  };
  // Event handlers may be passed as they are (onClick={close}): only `true` sends focus to the table.
  const close: CloseDialog = (toTable) => {
    if (!open) return;
    open = false;
    closeCurrent = null;
    document.removeEventListener('htmx:after:swap', swapped);
    // Closing is asked from the dialog's own event handlers: React unmounts after they have run.
    queueMicrotask(() => {
      root.unmount();
      slot.remove();
      giveFocusBack(host, opener, toTable === true);
    });
  };
  closeCurrent = close;
  document.addEventListener('htmx:after:swap', swapped);
  root.render(render(close));
}
