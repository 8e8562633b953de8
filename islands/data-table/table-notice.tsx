// The table's notice (spec sections 4 and 9): one at a time, in a polite live region above the table, for
// 8 s; a notice that offers an action (Undo after an edit or delete, issue 39) shows its button beside the
// text, described by it, for the action's time instead. When the button goes with focus on it (its time
// over, or used), focus goes to the table's first control rather than to the page.
import { useEffect, useId, useRef } from 'react';
import type { NoticeAction } from './table-host.ts';

export interface Notice {
  text: string;
  kind: 'success' | 'error' | 'info';
  action?: NoticeAction;
}

const NOTICE_MS = 8000;

/** Gives focus to the table's first control (its toolbar's first enabled button). */
function focusTable(table: HTMLElement | null | undefined): void {
  table?.querySelector<HTMLElement>('button:not(:disabled), input:not(:disabled)')?.focus();
}

interface TableNoticeProps {
  notice: Notice | null;
  /** Called when the notice's time is over. */
  onEnd(): void;
}

export function TableNotice({ notice, onEnd }: TableNoticeProps) {
  const textId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const ended = useRef(onEnd);
  ended.current = onEnd;
  useEffect(() => {
    if (!notice) return;
    const ms = notice.action ? notice.action.seconds * 1000 : NOTICE_MS;
    const timer = setTimeout(() => {
      const focused = button.current !== null && button.current === document.activeElement;
      const table = button.current?.closest<HTMLElement>('.data-table');
      ended.current();
      if (focused) focusTable(table);
    }, ms);
    return () => clearTimeout(timer);
  }, [notice]);

  const action = notice?.action;
  return (
    <div className="dt-notice-line">
      <p className={notice ? `dt-notice dt-notice-${notice.kind}` : 'dt-notice'} role="status" id={textId}>
        {notice?.text}
      </p>
      {action && (
        <button
          ref={button}
          type="button"
          className="dt-notice-action"
          aria-describedby={textId}
          onClick={(event) => {
            const table = event.currentTarget.closest<HTMLElement>('.data-table');
            ended.current();
            action.run();
            focusTable(table);
          }}
        >
          {action.label}
        </button>
      )}
    </div>
  );
}
