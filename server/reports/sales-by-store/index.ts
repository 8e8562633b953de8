// sales-by-store: sales, transactions and average margin for a date range, grouped by state then store, with
// state subtotals and a grand total, over the user's visible and selected stores.
import { formatValue } from '../../../common/format.ts';
import { msg } from '../../messages.ts';
import { defineReport } from '../definition.ts';
import { salesChoices, salesFilter, salesParameters } from '../sales-parameters.ts';
import { groupedLines, type ReportTable } from '../table/report-table.ts';
import { salesByStore, type StoreSalesRow } from './query.ts';

const figures = (row: StoreSalesRow) => [
  formatValue(row.Sales, 'currency'),
  formatValue(row.Transactions, 'integer'),
  formatValue(row.Margin, 'percent'),
];
const stateLabel = (row: StoreSalesRow) => `${row.StateName} (${row.StateCode})`;

export const salesByStoreReport = defineReport({
  name: 'sales-by-store',
  title: 'salesByStoreTitle',
  description: 'salesByStoreDescription',
  access: { role: 'reports' },
  parameters: salesParameters,
  choices: salesChoices,
  async run(input) {
    const filter = await salesFilter(input);
    const rows = await salesByStore(input.pool, filter);
    const stores = rows.filter((r) => r.level === 0);
    const subtotals = new Map(
      rows.filter((r) => r.level === 1).map((r) => [stateLabel(r), [msg('reportGroupTotal', stateLabel(r)), '', ...figures(r)]]),
    );
    const total = stores.length ? rows.find((r) => r.level === 2) : undefined;
    const table: ReportTable = {
      columns: [
        { label: msg('reportColStoreNumber'), numeric: false },
        { label: msg('reportColStore'), numeric: false },
        { label: msg('reportColSales'), numeric: true },
        { label: msg('reportColTransactions'), numeric: true },
        { label: msg('reportColMargin'), numeric: true },
      ],
      lines: groupedLines(
        stores.map((r) => ({
          groups: [stateLabel(r)],
          // The store's name opens its detail page, for a reader who may open it (render.ts).
          cells: [String(r.StoreNumber), { text: r.StoreName ?? '', detail: { resource: 'stores', key: r.StoreID! } }, ...figures(r)],
        })),
        ([state]) => subtotals.get(state!) ?? null,
      ),
      total: total ? [msg('reportTotal'), '', ...figures(total)] : null,
      emptyText: msg('summaryEmpty'),
    };
    return { caption: filter.caption, body: table };
  },
});
