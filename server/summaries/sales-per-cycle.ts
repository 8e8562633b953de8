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
  // One index range scan of sales per cycle: the current cycle only up to its last day with sales.
  const r = await keptQuery<CycleSales>(
    pool,
    `select c.cycle_id as "CycleID", c.name as "Name",
            case when c.kind = 'monthly' then to_char(c.start_date, 'Mon YYYY') else to_char(c.start_date, '"W"IW') end as "Short",
            (select sum(x.sales) from sales x join stores s on s.store_id = x.store_id
             where x.sale_date between c.start_date and least(c.end_date, $4::date) and ${where})::text as "Sales"
     from (select * from cycles where kind = $1 and start_date <= $2::date order by start_date desc limit $3) c
     order by c.start_date`,
    params,
  );
  return r.rows;
}
