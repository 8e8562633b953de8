// `npm run seed -- --sales-rows N`: how many days of daily sales every store needs for the table to hold
// about N rows, planned as a sales history (sales-history.ts), which loads resumably with the sort indexes
// set aside. Each store sells only from its opening, so a few stores cannot make millions of rows: then the
// plan is refused, saying how many they can hold.
import type pg from 'pg';
import { planSalesHistory } from './sales-history.ts';
import { inTransaction } from '../db/transaction.ts';

/** A century of sales: further back than any chain's history. */
const MOST_DAYS = 36_525;

export type SalesGrowth = { planned: false; rows: number } | { planned: true; days: number } | { planned: false; atMost: number };

/** Plans days of sales back from yesterday so that there are about `rows` (none when there are as many already). */
export async function planSalesGrowth(pool: pg.Pool, rows: number): Promise<SalesGrowth> {
  const have = (await pool.query<{ n: number }>('select count(*)::int as n from sales')).rows[0]!.n;
  if (have >= rows) return { planned: false, rows: have };
  // Days each store has been open up to yesterday: its rows in a history of D days are min(D, that).
  const ages = (await pool.query<{ age: number }>('select greatest(0, current_date - open_date)::int as age from stores')).rows.map(
    (r) => r.age,
  );
  const rowsIn = (days: number) => ages.reduce((sum, age) => sum + Math.min(days, age), 0);
  if (rowsIn(MOST_DAYS) < rows) return { planned: false, atMost: rowsIn(MOST_DAYS) };
  let low = 1;
  let high = MOST_DAYS;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (rowsIn(mid) >= rows) high = mid;
    else low = mid + 1;
  }
  // Days already there are kept (the load skips a store's existing days), so a history can be planned again.
  await inTransaction(pool, (client) => planSalesHistory(client, low));
  return { planned: true, days: low };
}
