// One cycle's sales, transactions and average margin per store group beside the previous cycle of the same
// kind, with the change between them, and the same for all groups. The two spans are the dashboard's
// (server/summaries/cycle-span.ts), so a report and a summary of one cycle show the same figures.
import type pg from 'pg';
import type { CurrentUser } from '../../../common/roles.ts';
import { storeScope } from '../../stores/visible-stores.ts';
import type { Period } from '../../summaries/cycle-span.ts';

/** Exact decimal text (numeric) for money, margins and changes; null where a cycle has no sales. */
export interface GroupFigures {
  GroupName: string | null;
  Sales: string | null;
  PreviousSales: string | null;
  SalesChange: string | null;
  Transactions: string | null;
  PreviousTransactions: string | null;
  TransactionsChange: string | null;
  Margin: string | null;
  PreviousMargin: string | null;
  isTotal: boolean;
}

export async function cycleFiguresByGroup(
  pool: pg.Pool,
  user: CurrentUser,
  stores: number[] | null,
  cycle: Period,
  previous: Period | null,
): Promise<GroupFigures[]> {
  // A cycle with nothing before it compares with an empty span.
  const params: unknown[] = [cycle.from, cycle.through, previous?.from ?? null, previous?.through ?? null];
  const scope = storeScope(user, 'x.store_id', stores ?? undefined, params);
  const r = await pool.query<GroupFigures>(
    `with figures as (
       select s.group_id, grouping(s.group_id) = 1 as is_total,
              sum(x.sales) filter (where x.sale_date between $1::date and $2::date) as sales,
              sum(x.sales) filter (where x.sale_date between $3::date and $4::date) as previous_sales,
              sum(x.transactions) filter (where x.sale_date between $1::date and $2::date) as transactions,
              sum(x.transactions) filter (where x.sale_date between $3::date and $4::date) as previous_transactions,
              avg(x.margin) filter (where x.sale_date between $1::date and $2::date) as margin,
              avg(x.margin) filter (where x.sale_date between $3::date and $4::date) as previous_margin
       from sales x join stores s on s.store_id = x.store_id
       where (x.sale_date between $1::date and $2::date or x.sale_date between $3::date and $4::date) and ${scope}
       group by grouping sets ((s.group_id), ())
     )
     select g.name as "GroupName", f.is_total as "isTotal",
            f.sales::text as "Sales", f.previous_sales::text as "PreviousSales",
            ((f.sales - f.previous_sales) / nullif(f.previous_sales, 0))::text as "SalesChange",
            f.transactions::text as "Transactions", f.previous_transactions::text as "PreviousTransactions",
            ((f.transactions - f.previous_transactions)::numeric / nullif(f.previous_transactions, 0))::text as "TransactionsChange",
            f.margin::text as "Margin", f.previous_margin::text as "PreviousMargin"
     from figures f left join groups g on g.group_id = f.group_id
     order by f.is_total, g.name`,
    params,
  );
  return r.rows;
}
