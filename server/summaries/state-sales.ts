// A cycle's sales per state for the user's stores, highest first: the sales-by-state chart, whose bars
// drill down to the state's stores.
import type pg from 'pg';
import type { CurrentUser } from '../../common/roles.ts';
import type { Period } from './cycle-span.ts';
import { storeConditions, type SummaryFilter } from './summary-filter.ts';
import { keptQuery } from './kept-figures.ts';

export interface StateSales {
  StateID: number;
  StateCode: string;
  StateName: string;
  Sales: string;
}

export async function stateSales(
  pool: pg.Pool,
  user: CurrentUser,
  filter: SummaryFilter,
  period: Period,
  limit: number | null,
): Promise<StateSales[]> {
  const params: unknown[] = [period.from, period.through, limit];
  const where = storeConditions(user, filter, params).join(' and ');
  const r = await keptQuery<StateSales>(
    pool,
    `select st.state_id as "StateID", st.code as "StateCode", st.name as "StateName", sum(x.sales)::text as "Sales"
     from sales x join stores s on s.store_id = x.store_id join states st on st.state_id = s.state_id
     where x.sale_date between $1::date and $2::date and ${where}
     group by st.state_id, st.code, st.name
     order by sum(x.sales) desc, st.name
     limit $3`,
    params,
  );
  return r.rows;
}
