// The footer totals: the server's totals over every filtered row (not just the page), each formatted like
// its column (a count as "9,900 Record(s)", in words: a bare number under a date column reads as nothing). Shown only when the resource declares totals and the answer
// carries them. A column the user gave a width clips its total to it, as its body cells do (columns/).
import { formatTotal, formatValue } from '../../common/format.ts';
import { tableMsg } from '../../common/table-messages.ts';
import type { Row } from '../../common/table-config.ts';
import { phoneClass } from './phone/phone-columns.ts';
import type { DataTableInstance } from './use-data-table.ts';

interface TableFootProps {
  table: DataTableInstance;
  totals: Row | null;
  /** Widths the user set: those columns' total cells clip to them. */
  sizes: Readonly<Record<string, number>>;
  /** The shown columns a phone leaves out of the rows (phone/): their totals too. */
  phoneHidden: ReadonlySet<string>;
}

export function TableFoot({ table, totals, sizes, phoneHidden }: TableFootProps) {
  const columns = table.getVisibleLeafColumns();
  if (!totals || !columns.some((c) => c.columnDef.meta?.column?.total)) return null;
  return (
    <tfoot>
      <tr>
        {columns.map((c, i) => {
          const column = c.columnDef.meta?.column;
          const value = column?.total ? totals[column.name] : undefined;
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
              {text}
            </td>
          );
        })}
      </tr>
    </tfoot>
  );
}
