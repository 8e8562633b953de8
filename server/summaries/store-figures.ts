// A cycle's figures per store, for the user's stores: the top and bottom stores by sales (summary tables,
// the top-stores chart) and every store of a state or group (the drill-down panel). Stores without a sale
// in the period are left out: they have nothing to rank.
import type pg from 'pg';
import type { CurrentUser } from '../../common/roles.ts';
import type { Period } from './cycle-span.ts';
import { storeConditions, type SummaryFilter } from './summary-filter.ts';
import { keptQuery } from './kept-figures.ts';

export interface StoreFigures {
  StoreID: number;
  StoreNumber: number;
  StoreName: string;
  StateCode: string;
  /** Exact decimal text. */
  Sales: string;
  Transactions: string;
  AverageTicket: string | null;
  Margin: string;
}

export const storeOrders = { top: 'sum(x.sales) desc, s.store_number', bottom: 'sum(x.sales) asc, s.store_number' } as const;
export type StoreOrder = keyof typeof storeOrders;

export async function storeFigures(
  pool: pg.Pool,
  user: CurrentUser,
  filter: SummaryFilter,
  period: Period,
  order: StoreOrder,
  limit: number | null,
): Promise<StoreFigures[]> {
  const params: unknown[] = [period.from, period.through, limit];
  const where = storeConditions(user, filter, params).join(' and ');
  const r = await keptQuery<StoreFigures>(
    pool,
    `select s.store_id as "StoreID", s.store_number as "StoreNumber", s.name as "StoreName", st.code as "StateCode",
            sum(x.sales)::text as "Sales", sum(x.transactions)::text as "Transactions",
            (sum(x.sales) / nullif(sum(x.transactions), 0))::text as "AverageTicket", avg(x.margin)::text as "Margin"
     from sales x join stores s on s.store_id = x.store_id join states st on st.state_id = s.state_id
     where x.sale_date between $1::date and $2::date and ${where}
     group by s.store_id, s.store_number, s.name, st.code
     order by ${storeOrders[order]}
     limit $3`,
    params,
  );
  return r.rows;
}

/** How a store is named in summaries and charts: number, name and state, which tell any two stores apart. */
export function storeLabel(store: Pick<StoreFigures, 'StoreNumber' | 'StoreName' | 'StateCode'>): string {
  return `${store.StoreNumber} ${store.StoreName} (${store.StateCode})`;
}
