// Sales, transactions and average daily margin per store, with a subtotal per state and a grand total, in
// one pass (grouping sets): the subtotals are the database's own sums and averages over the daily rows, not
// sums of rounded store figures.
import type pg from 'pg';
import type { SalesFilter } from '../sales-parameters.ts';

/** Money and margin as exact decimal text (numeric), transactions as a count. */
export interface StoreSalesRow {
  StateCode: string | null;
  StateName: string | null;
  /** null on subtotal and total rows, as the number and name. */
  StoreID: number | null;
  StoreNumber: number | null;
  StoreName: string | null;
  Sales: string;
  Transactions: string;
  Margin: string;
  /** 0: a store; 1: a state's subtotal; 2: the grand total. */
  level: 0 | 1 | 2;
}

export async function salesByStore(pool: pg.Pool, filter: SalesFilter): Promise<StoreSalesRow[]> {
  const r = await pool.query<StoreSalesRow>(
    `select st.code as "StateCode", st.name as "StateName", s.store_id as "StoreID", s.store_number as "StoreNumber",
            s.name as "StoreName",
            sum(x.sales)::text as "Sales", sum(x.transactions)::text as "Transactions", avg(x.margin)::text as "Margin",
            (grouping(s.store_id) + grouping(st.state_id))::int as level
     from sales x join stores s on s.store_id = x.store_id join states st on st.state_id = s.state_id
     where ${filter.where}
     group by grouping sets ((st.state_id, st.code, st.name, s.store_id, s.store_number, s.name), (st.state_id, st.code, st.name), ())
     order by grouping(st.state_id), st.name, grouping(s.store_id), s.name, s.store_number`,
    filter.params,
  );
  return r.rows;
}
