// What each summary table shows, as an object of field values (common/field-values.ts): the cycle's totals
// and the top or bottom stores by sales. The summary endpoints answer these, and the pages render their
// summary tables with them first, so a table has its figures before any script runs.
import type pg from 'pg';
import type { FieldValues } from '../../common/field-values.ts';
import type { CurrentUser } from '../../common/roles.ts';
import { cycleSpan } from './cycle-span.ts';
import { cycleTotals } from './cycle-totals.ts';
import { storeFigures, storeLabel, type StoreOrder } from './store-figures.ts';
import type { SummaryFilter } from './summary-filter.ts';

export async function totalsTable(pool: pg.Pool, user: CurrentUser, filter: SummaryFilter): Promise<FieldValues> {
  const span = await cycleSpan(pool, filter);
  return span ? cycleTotals(pool, user, filter, span) : {};
}

/** Store label -> sales, in rank order. */
export async function storeRankingTable(
  pool: pg.Pool,
  user: CurrentUser,
  filter: SummaryFilter,
  order: StoreOrder,
  limit: number,
): Promise<FieldValues> {
  const span = await cycleSpan(pool, filter);
  if (!span) return {};
  const stores = await storeFigures(pool, user, filter, span, order, limit);
  return Object.fromEntries(stores.map((s) => [storeLabel(s), { value: s.Sales, type: 'currency' }]));
}
