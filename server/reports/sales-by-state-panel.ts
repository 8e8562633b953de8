// The sales-by-state result as the report panel shows it: a caption naming the range, cycle and stores,
// and every figure formatted the way the whole app shows money, counts and percentages.
import { formatValue } from '../../common/format.ts';
import { msg } from '../../common/messages.ts';
import { selectionLabel } from '../../common/store-selection.ts';
import type { SalesByState, StateSales } from './sales-by-state.ts';

export interface ReportPanel {
  messages: string[];
  result: { caption: string; rows: string[][]; total: string[] | null; emptyText: string } | null;
}

interface PanelContext {
  /** The dates as the user typed them. */
  from: string;
  to: string;
  cycleLabel: string | null;
  stores: number[] | null;
}

function cells(row: StateSales, name: string): string[] {
  return [name, formatValue(row.Sales, 'currency'), formatValue(row.Transactions, 'integer'), formatValue(row.Margin, 'percent')];
}

export function salesByStatePanel(result: SalesByState, ctx: PanelContext): ReportPanel {
  const caption = [msg('reportRange', ctx.from, ctx.to), ctx.cycleLabel, selectionLabel(ctx.stores, 0)].filter(Boolean).join(' · ');
  return {
    messages: [],
    result: {
      caption,
      rows: result.states.map((s) => cells(s, `${s.StateName} (${s.StateCode})`)),
      total: result.total ? cells(result.total, msg('reportTotal')) : null,
      emptyText: msg('summaryEmpty'),
    },
  };
}
