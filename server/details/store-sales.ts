// A store's sales in the current cycle, as its detail page shows them: the cycle's totals (the dashboard's
// current monthly cycle, server/summaries/cycle-span.ts, so the two agree) and its days one by one.
import type pg from 'pg';
import { formatDate, formatValue } from '../../common/format.ts';
import { msg } from '../messages.ts';
import { cycleSpan, type Period } from '../summaries/cycle-span.ts';

/** The current cycle: the latest monthly cycle with sales, as the dashboard's. */
export function currentCycle(pool: pg.Pool): Promise<Period | null> {
  return cycleSpan(pool, { cycleId: null, kind: 'monthly' });
}

/** "June 2026, 01/06/2026 to 14/06/2026" */
export function periodLabel(period: Period): string {
  return `${period.name}, ${msg('periodDays', formatDate(period.from), formatDate(period.through))}`;
}

/** The store's figures over the period, as label and formatted value; every figure zero when it sold nothing. */
export async function storePeriodTotals(pool: pg.Pool, storeId: number, period: Period): Promise<Array<{ label: string; value: string }>> {
  const r = await pool.query<{ days: number; sales: string; transactions: string; ticket: string | null; margin: string | null }>(
    `select count(*)::int as days, coalesce(sum(x.sales), 0)::text as sales, coalesce(sum(x.transactions), 0)::text as transactions,
            (sum(x.sales) / nullif(sum(x.transactions), 0))::text as ticket, avg(x.margin)::text as margin
     from sales x where x.store_id = $1 and x.sale_date between $2::date and $3::date`,
    [storeId, period.from, period.through],
  );
  const t = r.rows[0]!;
  return [
    { label: msg('fieldSales'), value: formatValue(t.sales, 'currency') },
    { label: msg('fieldTransactions'), value: formatValue(t.transactions, 'integer') },
    { label: msg('fieldAverageTicket'), value: formatValue(t.ticket, 'currency') },
    { label: msg('fieldAverageMargin'), value: formatValue(t.margin, 'percent') },
    { label: msg('detailSalesDays'), value: formatValue(t.days, 'integer') },
  ];
}

/** The store's days in the period, oldest first, each formatted: date, sales, transactions, margin. */
export async function storeDailySales(pool: pg.Pool, storeId: number, period: Period): Promise<string[][]> {
  const r = await pool.query<{ sale_date: string; sales: string; transactions: number; margin: string }>(
    `select x.sale_date::text as sale_date, x.sales::text as sales, x.transactions, x.margin::text as margin
     from sales x where x.store_id = $1 and x.sale_date between $2::date and $3::date order by x.sale_date`,
    [storeId, period.from, period.through],
  );
  return r.rows.map((d) => [
    formatDate(d.sale_date),
    formatValue(d.sales, 'currency'),
    formatValue(d.transactions, 'integer'),
    formatValue(d.margin, 'percent'),
  ]);
}
