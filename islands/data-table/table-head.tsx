// The header row: the row checkbox column's box, then each shown column's label; a sortable column's label
// is a button (APG sortable table) whose <th> carries aria-sort while sorted. A click sorts by that column
// alone, ascending then descending; shift-click adds it to a multi-column sort (TanStack's default).
import type { Header } from '@tanstack/react-table';
import type { Row } from '../../common/table-config.ts';
import type { Features } from './features.ts';
import type { DataTableInstance } from './use-data-table.ts';

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

function HeadCell({ header, table }: { header: Header<Features, Row, unknown>; table: DataTableInstance }) {
  const column = header.column.columnDef.meta?.column;
  const sorted = header.column.getIsSorted();
  const className = [column ? `dt-col-${column.format}` : 'dt-select-col', column?.hiddenOnMobile ? 'dt-mobile-hidden' : '']
    .filter(Boolean)
    .join(' ');
  const multi = table.state.sorting.length > 1 && sorted ? header.column.getSortIndex() + 1 : null;
  return (
    <th scope="col" className={className} aria-sort={sorted ? ariaSort[sorted] : undefined}>
      {header.column.getCanSort() ? (
        <button type="button" className={`dt-sort dt-sort-${sorted || 'none'}`} onClick={header.column.getToggleSortingHandler()}>
          <table.FlexRender header={header} />
          {multi && <span className="dt-sort-index">{multi}</span>}
        </button>
      ) : (
        <table.FlexRender header={header} />
      )}
    </th>
  );
}

export function TableHead({ table }: { table: DataTableInstance }) {
  return (
    <thead>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => (
            <HeadCell key={header.id} header={header} table={table} />
          ))}
        </tr>
      ))}
    </thead>
  );
}
