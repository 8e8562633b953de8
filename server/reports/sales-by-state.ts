// Sales per state over a date range: total sales, transactions and average daily margin, with a grand
// total, limited to the stores the user may see and the ones they selected, and optionally to a cycle.
import type pg from 'pg';
import type { CurrentUser } from '../../common/roles.ts';
import { storeScope } from '../stores/visible-stores.ts';

interface SalesByStateQuery {
  /** yyyy-mm-dd, both days included. */
  from: string;
  to: string;
  cycleId: number | null;
  /** The header's store selection; null for all the user's stores. */
  stores: number[] | null;
}

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

export async function salesByState(pool: pg.Pool, user: CurrentUser, q: SalesByStateQuery): Promise<SalesByState> {
  const params: unknown[] = [q.from, q.to];
  const conditions = ['x.sale_date between $1::date and $2::date'];
  if (q.cycleId !== null) {
    params.push(q.cycleId);
    conditions.push(
      `exists (select 1 from cycles c where c.cycle_id = $${params.length} and x.sale_date between c.start_date and c.end_date)`,
    );
  }
  conditions.push(storeScope(user, 'x.store_id', q.stores ?? undefined, params));
  const r = await pool.query<StateSales & { is_total: boolean }>(
    `select coalesce(st.code, '') as "StateCode", coalesce(st.name, '') as "StateName",
            sum(x.sales)::text as "Sales", sum(x.transactions)::text as "Transactions", avg(x.margin)::text as "Margin",
            grouping(st.code, st.name) = 3 as is_total
     from sales x join stores s on s.store_id = x.store_id join states st on st.state_id = s.state_id
     where ${conditions.join(' and ')}
     group by grouping sets ((st.code, st.name), ())
     order by is_total, st.name`,
    params,
  );
  const rows = r.rows.map(({ is_total, ...row }) => ({ row, isTotal: is_total }));
  const states = rows.filter((x) => !x.isTotal).map((x) => x.row);
  // With no sales at all the grand total is a row of nulls: there is nothing to total.
  const total = states.length > 0 ? (rows.find((x) => x.isTotal)?.row ?? null) : null;
  return { states, total };
}
