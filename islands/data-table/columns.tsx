// The table's columns from its config: a row checkbox column, then one per configured column, each cell
// formatted as its column says (common/format.ts); on a table whose rows have detail pages, the first shown
// column's cell links to the row's page, which opens in an overlay with only its main part. The column's configuration rides in `meta`, typed by
// augmenting TanStack's ColumnMeta, for the header (sortable, mobile), body and footer to read.
import { createColumnHelper, type CellData, type ColumnDef, type RowData, type TableFeatures } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { detailHref, detailPart } from '../../common/detail-page.ts';
import { namingColumn, rowName } from '../../common/resources/types.ts';
import { cellText } from '../../common/format.ts';
import { tableMsg } from '../../common/table-messages.ts';
import type { Column } from '../../common/resources/types.ts';
import type { Row, TableConfig } from '../../common/table-config.ts';
import type { Features } from './features.ts';
import { Checkbox } from './checkbox.tsx';
import { LocalTime } from './local-time.tsx';

declare module '@tanstack/react-table' {
  interface ColumnMeta<in out TFeatures extends TableFeatures, in out TData extends RowData, TValue extends CellData = CellData> {
    /** The configured column this table column shows; absent on the row checkbox column. */
    column?: Column;
  }
}

export const SELECT_COLUMN = '__select';

const helper = createColumnHelper<Features, Row>();

export function tableColumns(config: TableConfig): Array<ColumnDef<Features, Row, unknown>> {
  const first = namingColumn(config);
  const label = (row: Row) => rowName(config, row);
  /** The row's link to its detail page, around the cell's content; the overlay is titled with the cell's text. */
  const detailLink = (row: Row, content: ReactNode, text: string) => (
    <a
      href={detailHref(config.pagePath, row[config.key])}
      data-popup-page=""
      data-popup-part={detailPart}
      data-popup-title={`${config.title}: ${text}`}
    >
      {content}
    </a>
  );
  return [
    helper.display({
      id: SELECT_COLUMN,
      header: ({ table }) => (
        <Checkbox
          label={tableMsg('tableSelectPage')}
          checked={table.getIsAllPageRowsSelected()}
          indeterminate={table.getIsSomePageRowsSelected() && !table.getIsAllPageRowsSelected()}
          onChange={table.getToggleAllPageRowsSelectedHandler()}
          disabled={table.getRowModel().rows.length === 0}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          label={tableMsg('tableSelectRow', label(row.original))}
          checked={row.getIsSelected()}
          onChange={row.getToggleSelectedHandler()}
          disabled={!row.getCanSelect()}
        />
      ),
    }),
    ...config.columns.map((c) =>
      helper.accessor((row: Row) => row[c.name], {
        id: c.name,
        header: c.label,
        enableSorting: !!c.sortable,
        cell: (info) => {
          const shown = c.format === 'datetime' ? <LocalTime value={info.getValue()} /> : cellText(c, info.getValue());
          return config.detail && c === first ? detailLink(info.row.original, shown, cellText(c, info.getValue())) : shown;
        },
        meta: { column: c },
      }),
    ),
  ] as Array<ColumnDef<Features, Row, unknown>>;
}
