// The footer totals: the server's totals over every filtered row (not just the page), each formatted like
// its column (a count as "9,900 Record(s)", in words: a bare number under a date column reads as nothing).
// Shown only when the resource declares totals and the answer carries them, or will: asked apart from the
// rows (use-list.ts), they may come after them: until then the footer is busy (aria-busy) and each total is
// a blank bar the size of the last totals drawn, hidden from screen readers, so that nothing moves (the
// totals of filters no longer applied are never shown). A column the user gave a width clips its total to
// it, as its body cells do (columns/).
import { useState } from 'react';
import { formatTotal, formatValue } from '../../common/format.ts';
import { tableMsg } from '../../common/table-messages.ts';
import type { Row } from '../../common/table-config.ts';
import { phoneClass } from './phone/phone-columns.ts';
import type { DataTableInstance } from './use-data-table.ts';

interface TableFootProps {
  table: DataTableInstance;
  totals: Row | null;
  /** The totals for the filters shown are still to come. */
  pending: boolean;
  /** Widths the user set: those columns' total cells clip to them. */
  sizes: Readonly<Record<string, number>>;
  /** The shown columns a phone leaves out of the rows (phone/): their totals too. */
  phoneHidden: ReadonlySet<string>;
}

export function TableFoot({ table, totals, pending, sizes, phoneHidden }: TableFootProps) {
  const [last, setLast] = useState(totals);
  if (totals && totals !== last) setLast(totals);
  const shown = totals ?? last;
  const columns = table.getVisibleLeafColumns();
  if ((!totals && !pending) || !columns.some((c) => c.columnDef.meta?.column?.total)) return null;
  return (
    <tfoot aria-busy={pending || undefined}>
      <tr>
        {columns.map((c, i) => {
          const column = c.columnDef.meta?.column;
          const value = column?.total ? shown?.[column.name] : undefined;
          const text =
            value === undefined || !column
              ? ''
              : column.total === 'count'
                ? tableMsg('recordCount', formatTotal(value, column))
                : formatValue(value, column.format);
          const cls = [
            column ? `dt-col-${column.total === 'count' ? 'integer' : column.format}` : '',
            phoneClass(phoneHidden, column?.name),
            column && sizes[column.name] ? 'dt-sized' : '',
          ]
            .filter(Boolean)
            .join(' ');
          return i === 0 ? (
            <th key={c.id} scope="row" className="dt-select-col">
              <span className="visually-hidden">{tableMsg('tableTotals')}</span>
            </th>
          ) : (
            <td key={c.id} className={cls || undefined} data-column={column?.name}>
              {totals || !column?.total ? (
                text
              ) : (
                <span className="dt-wait" aria-hidden="true">
                  {text || '…'}
                </span>
              )}
            </td>
          );
        })}
      </tr>
    </tfoot>
  );
}
