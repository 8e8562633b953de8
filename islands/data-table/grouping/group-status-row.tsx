// The line under an open group's contents while it holds more than it shows: a button reading its next
// page (of rows, or of sub groups), "Processing..." while that is read, or the failure's reason in red.
import { formatValue } from '../../../common/format.ts';
import { tableMsg } from '../../../common/table-messages.ts';
import type { GroupStatusLine } from './group-lines.ts';

interface GroupStatusRowProps {
  line: GroupStatusLine;
  span: number;
  onMore(key: string): void;
}

export function GroupStatusRow({ line, span, onMore }: GroupStatusRowProps) {
  const count = (n: number) => formatValue(n, 'integer');
  const label = tableMsg(line.holds === 'groups' ? 'groupMoreGroups' : 'groupMoreRows', count(line.shown), count(line.total));
  return (
    <tr className={`dt-group-status dt-group-depth-${line.depth}`}>
      <td colSpan={span} className={line.error ? 'dt-error' : undefined}>
        {line.loading ? (
          tableMsg('processing')
        ) : (
          <>
            {line.error && <span className="dt-group-error">{line.error} </span>}
            <button type="button" className="dt-group-more" onClick={() => onMore(line.key)}>
              {label}
            </button>
          </>
        )}
      </td>
    </tr>
  );
}
