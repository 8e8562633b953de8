// The line under an open group's contents while it holds more than it shows: a button reading its next
// page (of rows, or of sub groups), saying "Processing..." while that is read, with the failure's reason
// in red before it when a read failed (pressed again, it tries again). The button stays the same element
// throughout, so the keyboard's focus stays on it page after page; when the last page is in and the line
// goes, the focus goes to the group's own button rather than to the top of the page.
import { useEffect, useRef } from 'react';
import { formatValue } from '../../../common/format.ts';
import { tableMsg } from '../../../common/table-messages.ts';
import type { GroupStatusLine } from './group-lines.ts';

interface GroupStatusRowProps {
  line: GroupStatusLine;
  span: number;
  onMore(key: string): void;
}

export function GroupStatusRow({ line, span, onMore }: GroupStatusRowProps) {
  const button = useRef<HTMLButtonElement>(null);
  const row = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    const tbody = row.current?.parentElement;
    const own = button.current;
    return () => {
      // Gone, and the focus with it (it was on the button, now on nothing): the group's header takes it.
      if (own?.isConnected || document.activeElement !== document.body) return;
      const header = [...(tbody?.querySelectorAll<HTMLElement>('tr[data-group-key]') ?? [])].find((tr) => tr.dataset.groupKey === line.key);
      header?.querySelector<HTMLButtonElement>('.dt-group-toggle')?.focus();
    };
  }, [line.key]);
  const count = (n: number) => formatValue(n, 'integer');
  const label = tableMsg(line.holds === 'groups' ? 'groupMoreGroups' : 'groupMoreRows', count(line.shown), count(line.total));
  return (
    <tr ref={row} className={`dt-group-status dt-group-depth-${line.depth}`}>
      <td colSpan={span}>
        {line.error && <span className="dt-error dt-group-error">{line.error} </span>}
        <button ref={button} type="button" className="dt-group-more" aria-busy={line.loading || undefined} onClick={() => onMore(line.key)}>
          {line.loading ? tableMsg('processing') : label}
        </button>
      </td>
    </tr>
  );
}
