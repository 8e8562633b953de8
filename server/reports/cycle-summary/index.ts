// cycle-summary: one cycle's figures per store group against the previous cycle of the same kind, over the
// user's visible and selected stores.
import { formatDate, formatValue } from '../../../common/format.ts';
import type { FormDefinition } from '../../../common/form-definition.ts';
import { msg } from '../../messages.ts';
import { defineReport } from '../definition.ts';
import type { FormValues } from '../../forms/submitted-form.ts';
import { loadCycleChoices } from '../../summaries/cycle-choices.ts';
import { parameterText as text, storesCaption } from '../parameters.ts';
import type { ReportTable } from '../table/report-table.ts';
import { cycleSpan, type Period } from '../../summaries/cycle-span.ts';
import { cycleFiguresByGroup, type GroupFigures } from './query.ts';
import { worded } from '../../worded.ts';

const parameters = {
  fields: [
    worded(
      {
        name: 'CycleID',
        kind: 'select',
        rules: { required: true },
      },
      { label: 'reportCycle' },
    ),
  ],
} as const satisfies FormDefinition;

const span = (c: Period) => msg('reportCycleSpan', c.name, formatDate(c.from), formatDate(c.through));

function cells(row: GroupFigures, label: string): string[] {
  return [
    label,
    formatValue(row.Sales, 'currency'),
    formatValue(row.PreviousSales, 'currency'),
    formatValue(row.SalesChange, 'percent'),
    formatValue(row.Transactions, 'integer'),
    formatValue(row.PreviousTransactions, 'integer'),
    formatValue(row.TransactionsChange, 'percent'),
    formatValue(row.Margin, 'percent'),
    formatValue(row.PreviousMargin, 'percent'),
  ];
}

export const cycleSummaryReport = defineReport({
  name: 'cycle-summary',
  title: 'cycleSummaryTitle',
  description: 'cycleSummaryDescription',
  access: { role: 'reports' },
  parameters,
  choices: async (pool) => ({ CycleID: await loadCycleChoices(pool) }),
  // The monthly cycle under way (the first of the list's kinds), as the dashboard shows it.
  initialValues: async (pool): Promise<FormValues> => {
    const current = await cycleSpan(pool, { cycleId: null, kind: 'monthly' });
    return current ? { CycleID: String(current.cycleId) } : {};
  },
  landscape: true,
  async run(input) {
    // The form offered only existing cycles, and checked the value was one of them.
    // The cycle passed its select's check, so it exists (the kind is read only when no cycle is chosen).
    const cycle = (await cycleSpan(input.pool, { cycleId: Number(text(input, 'CycleID')), kind: 'weekly' }))!;
    const rows = await cycleFiguresByGroup(input.pool, input.user, input.stores, cycle, cycle.previous);
    const groups = rows.filter((r) => !r.isTotal);
    const total = groups.length ? rows.find((r) => r.isTotal) : undefined;
    const table: ReportTable = {
      columns: [
        { label: msg('reportColStoreGroup'), numeric: false },
        ...(
          [
            'reportColSales',
            'reportColPreviousSales',
            'reportColSalesChange',
            'reportColTransactions',
            'reportColPreviousTransactions',
            'reportColTransactionsChange',
            'reportColMargin',
            'reportColPreviousMargin',
          ] as const
        ).map((key) => ({ label: msg(key), numeric: true })),
      ],
      lines: groups.map((g) => ({ kind: 'row', cells: cells(g, g.GroupName ?? '') })),
      total: total ? cells(total, msg('reportTotal')) : null,
      emptyText: msg('summaryEmpty'),
    };
    const { previous } = cycle;
    const compared = previous ? msg('reportPreviousCycle', span(previous)) : msg('reportNoPreviousCycle', cycle.kind);
    return {
      caption: [
        msg(cycle.kind === 'monthly' ? 'reportCycleMonthly' : 'reportCycleWeekly', span(cycle)),
        compared,
        await storesCaption(input.pool, input.user, input.stores),
      ],
      body: table,
    };
  },
});
