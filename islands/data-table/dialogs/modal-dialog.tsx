// A table's modal dialog (APG "Modal Dialog"): a native <dialog> opened with showModal, so it has the role
// dialog and the page behind it is inert; labelled by its title; focus moves in (to the element marked
// data-initial-focus, else the first control) and stays in, Tab and Shift+Tab wrapping around; Esc closes.
// Forms are 400 px wide, button dialogs 300 px (spec section 9), a list with its actions (the saved views)
// 560 px, the import's steps 720 px; never wider than the screen.
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

interface ModalDialogProps {
  titleId: string;
  describedBy?: string;
  size: 'form' | 'buttons' | 'list' | 'wide';
  onClose(): void;
  children: ReactNode;
}

/** The controls Tab stops at, in order: focusable, not taken out of the tab order, and shown. */
function tabStops(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(focusableSelector)].filter((el) => el.tabIndex >= 0 && el.getClientRects().length > 0);
}

export function ModalDialog({ titleId, describedBy, size, onClose, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>('[data-initial-focus]')?.focus();
  }, []);

  function keepFocusIn(event: KeyboardEvent<HTMLDialogElement>): void {
    if (event.key !== 'Tab') return;
    const stops = tabStops(event.currentTarget);
    const first = stops[0];
    const last = stops.at(-1);
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      className={`row-dialog row-dialog-${size}`}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onKeyDown={keepFocusIn}
      // Esc: the dialog closes through its owner, which also gives focus back. Chromium may close it
      // itself on a repeated Esc (its cancel cannot always be refused), hence onClose on close too.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={() => onClose()}
    >
      {children}
    </dialog>
  );
}
