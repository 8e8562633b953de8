// The headline figures of a cycle for the user's stores: sales, transactions, average ticket (sales per
// transaction), average daily margin, how many stores sold, and the change in sales against the previous
// cycle (over comparable days, cycle-span.ts). One query reads both periods; the answer is an object of
// field values for a summary table, empty when the cycle has no sales in scope.
import type pg from 'pg';
import type { CurrentUser } from '../../common/roles.ts';
import type { FieldValues } from '../../common/field-values.ts';
import { formatDate } from '../../common/format.ts';
import { msg } from '../messages.ts';
import type { CycleSpan } from './cycle-span.ts';
import { storeConditions, type SummaryFilter } from './summary-filter.ts';
import { keptQuery } from './kept-figures.ts';

interface TotalsRow {
  sales: string | null;
  transactions: string | null;
  ticket: string | null;
  margin: string | null;
  stores: number;
  previous: string | null;
  change: string | null;
}

export async function cycleTotals(pool: pg.Pool, user: CurrentUser, filter: SummaryFilter, span: CycleSpan): Promise<FieldValues> {
  const prev = span.previous;
  const params: unknown[] = [span.from, span.through, prev?.from ?? null, prev?.through ?? null];
  const where = storeConditions(user, filter, params).join(' and ');
  // The previous period ends before the current one begins, so a day's period is told by its date alone.
  const r = await keptQuery<TotalsRow>(
    pool,
    `select sum(sales) filter (where cur)::text as sales,
            sum(transactions) filter (where cur)::text as transactions,
            (sum(sales) filter (where cur) / nullif(sum(transactions) filter (where cur), 0))::text as ticket,
            avg(margin) filter (where cur)::text as margin,
            count(distinct store_id) filter (where cur)::int as stores,
            sum(sales) filter (where not cur)::text as previous,
            ((sum(sales) filter (where cur) - sum(sales) filter (where not cur))
              / nullif(sum(sales) filter (where not cur), 0))::text as change
     from (
       select x.store_id, x.sales, x.transactions, x.margin, x.sale_date >= $1::date as cur
       from sales x join stores s on s.store_id = x.store_id
       where (x.sale_date between $1::date and $2::date or x.sale_date between $3::date and $4::date) and ${where}
     ) x`,
    params,
  );
  const t = r.rows[0];
  if (!t || t.sales === null) return {};
  const fields: FieldValues = {
    [msg('fieldSales')]: { value: t.sales, type: 'currency' },
  };
  if (t.change !== null) fields[msg('fieldSalesChange')] = { value: t.change, type: 'percent' };
  Object.assign(fields, {
    [msg('fieldTransactions')]: { value: t.transactions, type: 'integer' },
    [msg('fieldAverageTicket')]: { value: t.ticket, type: 'currency' },
    [msg('fieldAverageMargin')]: { value: t.margin, type: 'percent' },
    [msg('fieldCycle')]: { value: span.name, type: 'text' },
    [msg('fieldPeriod')]: { value: msg('periodDays', formatDate(span.from), formatDate(span.through)), type: 'text' },
  } satisfies FieldValues);
  if (t.previous !== null) fields[msg('fieldPreviousSales')] = { value: t.previous, type: 'currency' };
  fields[msg('fieldStores')] = { value: t.stores, type: 'integer' };
  return fields;
}
