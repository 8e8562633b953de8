// Sales per state: total sales, transactions and average daily margin, with a grand total, in one pass
// (grouping sets), over the sales the filter finds.
import type pg from 'pg';
import type { SalesFilter } from '../sales-parameters.ts';

/** Money and margin as exact decimal text (numeric), transactions as a count. */
export interface StateSales {
  StateCode: string;
  StateName: string;
  Sales: string;
  Transactions: string;
  Margin: string;
}

export interface SalesByState {
  states: StateSales[];
  total: StateSales | null;
}

export async function salesByState(pool: pg.Pool, filter: SalesFilter): Promise<SalesByState> {
  const r = await pool.query<StateSales & { is_total: boolean }>(
    `select coalesce(st.code, '') as "StateCode", coalesce(st.name, '') as "StateName",
            sum(x.sales)::text as "Sales", sum(x.transactions)::text as "Transactions", avg(x.margin)::text as "Margin",
            grouping(st.code, st.name) = 3 as is_total
     from sales x join stores s on s.store_id = x.store_id join states st on st.state_id = s.state_id
     where ${filter.where}
     group by grouping sets ((st.code, st.name), ())
     order by is_total, st.name`,
    filter.params,
  );
  const rows = r.rows.map(({ is_total, ...row }) => ({ row, isTotal: is_total }));
  const states = rows.filter((x) => !x.isTotal).map((x) => x.row);
  // With no sales at all the grand total is a row of nulls: there is nothing to total.
  const total = states.length > 0 ? (rows.find((x) => x.isTotal)?.row ?? null) : null;
  return { states, total };
}
