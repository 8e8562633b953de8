// The rows of the page: each cell formatted by its column, a selected row highlighted, a row a change
// marked (host.markRows) in its inserted, updated, removed or failed style. With no rows, one row across
// the table says why: the failed call's reason in red, Processing..., no match for the search, or no data.
import { msg } from '../../common/messages.ts';
import type { RowMark } from './table-host.ts';
import type { DataTableInstance } from './use-data-table.ts';

/** Text longer than this may not fit its column: its cell carries it whole as a title too. */
const LONG_TEXT = 40;
/** A word longer than this is not wrapped around (a browser would break it at its slashes or hyphens). */
const LONG_WORD = 24;

/** Whether a text cell may wrap: several words, none of them long. */
function wraps(text: string): boolean {
  const words = text.split(/\s+/);
  return words.length > 1 && words.every((w) => w.length <= LONG_WORD);
}

interface TableBodyProps {
  table: DataTableInstance;
  marks: Readonly<Record<string, RowMark>>;
  error: string | null;
  loading: boolean;
  searched: boolean;
}

export function TableBody({ table, marks, error, loading, searched }: TableBodyProps) {
  const rows = table.getRowModel().rows;
  if (rows.length === 0) {
    const text = error ?? (loading ? msg('processing') : searched ? msg('zeroRecords') : msg('emptyTable'));
    return (
      <tbody>
        <tr className="dt-empty">
          <td colSpan={table.getVisibleLeafColumns().length} className={error ? 'dt-error' : undefined}>
            {text}
          </td>
        </tr>
      </tbody>
    );
  }
  return (
    <tbody>
      {rows.map((row) => {
        const mark = marks[row.id];
        const className = [row.getIsSelected() ? 'dt-selected' : '', mark ? `dt-row-${mark}` : ''].filter(Boolean).join(' ');
        return (
          <tr key={row.id} className={className || undefined}>
            {row.getVisibleCells().map((cell) => {
              const column = cell.column.columnDef.meta?.column;
              const text = column?.format === 'text' ? String(cell.getValue() ?? '') : '';
              const cls = [
                column ? `dt-col-${column.format}` : 'dt-select-col',
                column?.hiddenOnMobile ? 'dt-mobile-hidden' : '',
                wraps(text) ? 'dt-words' : '',
              ]
                .filter(Boolean)
                .join(' ');
              return (
                <td key={cell.id} className={cls} title={text.length > LONG_TEXT ? text : undefined}>
                  <table.FlexRender cell={cell} />
                </td>
              );
            })}
          </tr>
        );
      })}
    </tbody>
  );
}
