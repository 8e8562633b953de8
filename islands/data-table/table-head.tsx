// The header row: the row checkbox column's box, then each shown column's label; a sortable column's label
// is a button (APG sortable table) whose <th> carries aria-sort while sorted. A click anywhere in the cell
// (people aim at the header, not at its words) sorts by that column alone, ascending then descending;
// shift-click adds it to a multi-column sort (TanStack's default). The cell hears the click, the button's
// own included (Enter and Space on it click it), so one handler serves pointer and keyboard. Each
// column's header has a resize edge and is dragged onto another to reorder (columns/).
import type { MouseEvent } from 'react';
import type { Header } from '@tanstack/react-table';
import type { Row } from '../../common/table-config.ts';
import type { ColumnLayout } from './columns/column-layout.ts';
import { headerDragProps } from './columns/header-drag.ts';
import { ResizeHandle } from './columns/resize-handle.tsx';
import type { Features } from './features.ts';
import type { DataTableInstance } from './use-data-table.ts';

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

function HeadCell({ header, table, layout }: { header: Header<Features, Row, unknown>; table: DataTableInstance; layout: ColumnLayout }) {
  const column = header.column.columnDef.meta?.column;
  const sorted = header.column.getIsSorted();
  const size = column ? layout.sizes[column.name] : undefined;
  const className = [
    column ? `dt-col-${column.format}` : 'dt-select-col',
    column?.hiddenOnMobile ? 'dt-mobile-hidden' : '',
    size ? 'dt-sized' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const multi = table.state.sorting.length > 1 && sorted ? header.column.getSortIndex() + 1 : null;
  const sortable = header.column.getCanSort();
  const toggle = header.column.getToggleSortingHandler();
  const onClick = (event: MouseEvent<HTMLTableCellElement>) => {
    // The resize edge is a control of its own.
    if (!(event.target as Element).closest('.dt-resize')) toggle?.(event);
  };
  return (
    <th
      scope="col"
      className={sortable ? `${className} dt-sortable` : className}
      aria-sort={sorted ? ariaSort[sorted] : undefined}
      onClick={sortable ? onClick : undefined}
      // A width the user set (never on the server's first render, whose state has none: the CSP allows no style attribute).
      style={size ? { width: size, maxWidth: size } : undefined}
      {...(column ? headerDragProps(column.name, layout.move) : {})}
    >
      {sortable ? (
        <button type="button" className={`dt-sort dt-sort-${sorted || 'none'}`}>
          <table.FlexRender header={header} />
          {multi && <span className="dt-sort-index">{multi}</span>}
        </button>
      ) : (
        <table.FlexRender header={header} />
      )}
      {column && <ResizeHandle label={column.label} width={size} onResize={(width) => layout.resize(column.name, width)} />}
    </th>
  );
}

export function TableHead({ table, layout }: { table: DataTableInstance; layout: ColumnLayout }) {
  return (
    <thead>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => (
            <HeadCell key={header.id} header={header} table={table} layout={layout} />
          ))}
        </tr>
      ))}
    </thead>
  );
}
