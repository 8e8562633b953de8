// The rows of the page: each cell formatted by its column, a selected row highlighted, a row a change
// marked (host.markRows) in its inserted, updated, removed or failed style. With no rows, one row across
// the table says why: the failed call's reason in red, Processing..., no match for the search, or no data.
import { msg } from '../../common/messages.ts';
import type { RowMark } from './table-host.ts';
import type { DataTableInstance } from './use-data-table.ts';

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
              const cls = [column ? `dt-col-${column.format}` : 'dt-select-col', column?.hiddenOnMobile ? 'dt-mobile-hidden' : '']
                .filter(Boolean)
                .join(' ');
              return (
                <td key={cell.id} className={cls}>
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
