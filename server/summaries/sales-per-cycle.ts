// Sales in each of the last cycles of a kind, up to the chosen (or current) one, for the user's stores,
// oldest first: the sales-per-cycle line chart. A cycle without sales in scope has no value (a gap).
import type pg from 'pg';
import type { CurrentUser } from '../../common/roles.ts';
import type { CycleSpan } from './cycle-span.ts';
import { storeConditions, type SummaryFilter } from './summary-filter.ts';
import { keptQuery } from './kept-figures.ts';

export interface CycleSales {
  CycleID: number;
  Name: string;
  /** "Jun 25" for a month, "W23" for a week: an axis label. */
  Short: string;
  Sales: string | null;
  /** The cycle has not ended: its sales are to date. */
  Running: boolean;
}

export async function salesPerCycle(
  pool: pg.Pool,
  user: CurrentUser,
  filter: SummaryFilter,
  last: CycleSpan,
  count: number,
): Promise<CycleSales[]> {
  const params: unknown[] = [last.kind, last.from, count, last.through];
  const where = storeConditions(user, filter, params).join(' and ');
  // A cycle that is a calendar month is summed from the per-store month totals (a row a store, not a row a
  // store and day: at 5,000 stores a month is 150,000 sales rows); any other, by one index range scan of sales.
  // The current cycle counts up to its last day with sales ($4): when no sale is later, its month's total is
  // the same sum.
  const r = await keptQuery<CycleSales>(
    pool,
    `select c.cycle_id as "CycleID", c.name as "Name",
            case when c.kind = 'monthly' then to_char(c.start_date, 'Mon YYYY') else to_char(c.start_date, '"W"IW') end as "Short",
            (case when c.start_date = date_trunc('month', c.start_date)::date
                   and c.end_date = (date_trunc('month', c.start_date) + interval '1 month - 1 day')::date
                   and (c.end_date <= $4::date or $4::date >= (select max(sale_date) from sales))
               then (select sum(t.sales) from sales_store_month_totals t join stores s on s.store_id = t.store_id
                     where t.month = c.start_date and ${where})
               else (select sum(x.sales) from sales x join stores s on s.store_id = x.store_id
                     where x.sale_date between c.start_date and least(c.end_date, $4::date) and ${where})
             end)::text as "Sales",
            c.end_date >= current_date as "Running"
     from (select * from cycles where kind = $1 and start_date <= $2::date order by start_date desc limit $3) c
     order by c.start_date`,
    params,
  );
  return r.rows;
}
