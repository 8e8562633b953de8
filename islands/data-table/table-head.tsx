// The header row: the row checkbox column's box, then each shown column's label; a sortable column's label
// is a button (APG sortable table) whose <th> carries aria-sort while sorted. A click anywhere in the cell
// (people aim at the header, not at its words) sorts by that column alone, ascending then descending;
// shift-click adds it to a multi-column sort (TanStack's default). The cell hears the click, the button's
// own included (Enter and Space on it click it), so one handler serves pointer and keyboard. Each
// column's header has a resize edge and is dragged onto another to reorder (columns/). The row is one tab
// stop, its headers reached with the arrow keys (columns/header-keys.ts). A column a phone leaves out of
// the rows (phone/) leaves its header too.
import type { MouseEvent } from 'react';
import type { Header } from '@tanstack/react-table';
import type { Row } from '../../common/table-config.ts';
import type { ColumnLayout } from './columns/column-layout.ts';
import { headerDragProps } from './columns/header-drag.ts';
import { useHeaderKeys } from './columns/header-keys.ts';
import { ResizeHandle } from './columns/resize-handle.tsx';
import type { Features } from './features.ts';
import { phoneClass } from './phone/phone-columns.ts';
import type { DataTableInstance } from './use-data-table.ts';

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;
/** The keys that narrow and widen the focused header's column (columns/header-keys.ts). */
const WIDTH_KEYS = 'Shift+ArrowLeft Shift+ArrowRight';

interface HeadCellProps {
  header: Header<Features, Row, unknown>;
  table: DataTableInstance;
  layout: ColumnLayout;
  phoneHidden: ReadonlySet<string>;
}

function HeadCell({ header, table, layout, phoneHidden }: HeadCellProps) {
  const column = header.column.columnDef.meta?.column;
  const sorted = header.column.getIsSorted();
  const size = column ? layout.sizes[column.name] : undefined;
  const className = [column ? `dt-col-${column.format}` : 'dt-select-col', phoneClass(phoneHidden, column?.name), size ? 'dt-sized' : '']
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
      data-column={column?.name}
      aria-keyshortcuts={column && !sortable ? WIDTH_KEYS : undefined}
      onClick={sortable ? onClick : undefined}
      // A width the user set (never on the server's first render, whose state has none: the CSP allows no style attribute).
      style={size ? { width: size, maxWidth: size } : undefined}
      {...(column ? headerDragProps(column.name, layout.move) : {})}
    >
      {sortable ? (
        <button type="button" className={`dt-sort dt-sort-${sorted || 'none'}`} aria-keyshortcuts={WIDTH_KEYS}>
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

interface TableHeadProps {
  table: DataTableInstance;
  layout: ColumnLayout;
  phoneHidden: ReadonlySet<string>;
  /** Says a width set from the keyboard in the table's live region. */
  announce(text: string): void;
}

export function TableHead({ table, layout, phoneHidden, announce }: TableHeadProps) {
  const columns = table.getVisibleLeafColumns().flatMap((c) => c.columnDef.meta?.column ?? []);
  const keys = useHeaderKeys(columns, layout, announce);
  // One row of headers: the table's columns are not nested.
  const [group] = table.getHeaderGroups();
  return (
    <thead>
      {group && (
        <tr ref={keys.ref} onFocus={keys.onFocus} onKeyDown={keys.onKeyDown}>
          {group.headers.map((header) => (
            <HeadCell key={header.id} header={header} table={table} layout={layout} phoneHidden={phoneHidden} />
          ))}
        </tr>
      )}
    </thead>
  );
}
