// The rows of the page: each cell formatted by its column, a selected row highlighted, a row a change
// marked (host.markRows) in its inserted, updated, removed or failed style. With no rows, one row across
// the table says why: the failed call's reason in red, Processing..., no match for the search, or no data.
// A grouped table draws its page of groups, each a header row, and under an open group what it holds
// (grouping/): the table's rows are then the open groups' rows. On a phone, the columns it leaves out of the
// rows show in each row's details, opened from the row's first cell (phone/).
import { Fragment, useId, useState } from 'react';
import type { Row } from '../../common/table-config.ts';
import { tableMsg } from '../../common/table-messages.ts';
import { GroupHeaderRow } from './grouping/group-header-row.tsx';
import { GroupStatusRow } from './grouping/group-status-row.tsx';
import type { RowGrouping } from './grouping/use-row-grouping.ts';
import { phoneClass } from './phone/phone-columns.ts';
import { DetailsRow, DetailsToggle } from './phone/row-details.tsx';
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
  /** Widths the user set: those columns' cells clip to them (columns/). */
  sizes: Readonly<Record<string, number>>;
  /** The row groups, when the table is grouped (grouping/). */
  grouping: RowGrouping | null;
  /** The shown columns a phone leaves to the rows' details (phone/). */
  phoneHidden: ReadonlySet<string>;
  /** A row's name, for its details button. */
  rowName(row: Row): string;
}

type TableRow = ReturnType<DataTableInstance['getRowModel']>['rows'][number];

export function TableBody({ table, marks, error, loading, searched, sizes, grouping, phoneHidden, rowName }: TableBodyProps) {
  const rows = table.getRowModel().rows;
  const idPrefix = useId();
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (id: string) =>
    setOpened((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  if (rows.length === 0 && !grouping?.lines.length) {
    const text = error ?? (loading ? tableMsg('processing') : searched ? tableMsg('zeroRecords') : tableMsg('emptyTable'));
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
  const drawRow = (row: TableRow) => {
    const mark = marks[row.id];
    const className = [row.getIsSelected() ? 'dt-selected' : '', mark ? `dt-row-${mark}` : ''].filter(Boolean).join(' ');
    const cells = row.getVisibleCells();
    const left = cells.filter((cell) => phoneHidden.has(cell.column.id));
    const open = opened.has(row.id);
    const detailsId = `${idPrefix}details-${encodeURIComponent(row.id)}`;
    const drawn = (
      <tr className={className || undefined}>
        {cells.map((cell) => {
          const column = cell.column.columnDef.meta?.column;
          const text = column?.format === 'text' ? String(cell.getValue() ?? '') : '';
          const cls = [
            column ? `dt-col-${column.format}` : 'dt-select-col',
            phoneClass(phoneHidden, column?.name),
            text.includes('\n') ? 'dt-lines' : wraps(text) ? 'dt-words' : '',
            column && sizes[column.name] ? 'dt-sized' : '',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <td key={cell.id} className={cls} title={text.length > LONG_TEXT ? text : undefined}>
              <table.FlexRender cell={cell} />
              {!column && left.length > 0 && (
                <DetailsToggle name={rowName(row.original)} open={open} detailsId={detailsId} onToggle={() => toggle(row.id)} />
              )}
            </td>
          );
        })}
      </tr>
    );
    return (
      <Fragment key={row.id}>
        {drawn}
        {open && left.length > 0 && (
          <DetailsRow
            id={detailsId}
            span={cells.length}
            items={left.map((cell) => ({
              key: cell.id,
              label: cell.column.columnDef.meta?.column?.label ?? cell.column.id,
              value: <table.FlexRender cell={cell} />,
            }))}
          />
        )}
      </Fragment>
    );
  };
  if (!grouping) return <tbody>{rows.map(drawRow)}</tbody>;
  const columns = table.getVisibleLeafColumns().map((c) => c.columnDef.meta?.column);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return (
    <tbody>
      {grouping.lines.map((line) => {
        if (line.kind === 'row') {
          const row = byId.get(grouping.rowId(line.row));
          return row ? drawRow(row) : null;
        }
        if (line.kind === 'status')
          return <GroupStatusRow key={`status:${line.key}`} line={line} span={columns.length} onMore={grouping.more} />;
        return (
          <GroupHeaderRow
            key={`group:${line.key}`}
            line={line}
            columns={columns}
            groupColumn={grouping.columnOf(line.column)}
            sizes={sizes}
            phoneHidden={phoneHidden}
            onToggle={grouping.toggle}
          />
        );
      })}
    </tbody>
  );
}
