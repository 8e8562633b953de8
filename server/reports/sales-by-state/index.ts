// sales-by-state: sales, transactions and average margin per state for a date range, narrowed to a cycle
// when one is chosen, with a grand total, over the user's visible and selected stores.
import { formatValue } from '../../../common/format.ts';
import { msg } from '../../messages.ts';
import { defineReport } from '../definition.ts';
import { salesChoices, salesFilter, salesParameters } from '../sales-parameters.ts';
import type { ReportTable } from '../table/report-table.ts';
import { salesByState, type StateSales } from './query.ts';

function cells(row: StateSales, name: string): string[] {
  return [name, formatValue(row.Sales, 'currency'), formatValue(row.Transactions, 'integer'), formatValue(row.Margin, 'percent')];
}

export const salesByStateReport = defineReport({
  name: 'sales-by-state',
  title: 'salesByStateTitle',
  description: 'salesByStateDescription',
  access: { role: 'reports' },
  parameters: salesParameters,
  choices: salesChoices,
  async run(input) {
    const filter = await salesFilter(input);
    const result = await salesByState(input.pool, filter);
    const table: ReportTable = {
      columns: [
        { label: msg('reportColState'), numeric: false },
        { label: msg('reportColSales'), numeric: true },
        { label: msg('reportColTransactions'), numeric: true },
        { label: msg('reportColMargin'), numeric: true },
      ],
      lines: result.states.map((s) => ({ kind: 'row', cells: cells(s, `${s.StateName} (${s.StateCode})`) })),
      total: result.total ? cells(result.total, msg('reportTotal')) : null,
      emptyText: msg('summaryEmpty'),
    };
    return { caption: filter.caption, body: table };
  },
});
