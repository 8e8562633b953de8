// What each chart shows, as chart points (common/charts.ts): sales per cycle, the top stores and sales by
// state, whose bars link to the state's stores in that cycle (the drill-down panel). The chart endpoints
// answer these, and the pages draw their charts with them first.
import type pg from 'pg';
import type { ChartPoint } from '../../common/charts.ts';
import type { CurrentUser } from '../../common/roles.ts';
import { msg } from '../messages.ts';
import { cycleSpan } from './cycle-span.ts';
import { salesPerCycle } from './sales-per-cycle.ts';
import { stateSales } from './state-sales.ts';
import { storeFigures, storeLabel } from './store-figures.ts';
import { filterQuery, type SummaryFilter } from './summary-filter.ts';

export async function salesPerCyclePoints(pool: pg.Pool, user: CurrentUser, filter: SummaryFilter, count: number): Promise<ChartPoint[]> {
  const span = await cycleSpan(pool, filter);
  if (!span) return [];
  const cycles = await salesPerCycle(pool, user, filter, span, count);
  return cycles.map((c) =>
    c.Running
      ? { label: msg('chartToDate', c.Name), short: c.Short, value: c.Sales, running: true }
      : { label: c.Name, short: c.Short, value: c.Sales },
  );
}

export async function topStorePoints(pool: pg.Pool, user: CurrentUser, filter: SummaryFilter, limit: number): Promise<ChartPoint[]> {
  const span = await cycleSpan(pool, filter);
  if (!span) return [];
  const stores = await storeFigures(pool, user, filter, span, 'top', limit);
  return stores.map((s) => ({ label: storeLabel(s), value: s.Sales }));
}

export async function stateSalesPoints(
  pool: pg.Pool,
  user: CurrentUser,
  filter: SummaryFilter,
  limit: number | null,
): Promise<ChartPoint[]> {
  const span = await cycleSpan(pool, filter);
  if (!span) return [];
  const states = await stateSales(pool, user, filter, span, limit);
  return states.map((s) => ({
    label: s.StateName,
    short: s.StateCode,
    value: s.Sales,
    href: `/summaries/stores${filterQuery({ ...filter, cycleId: span.cycleId, stateId: s.StateID })}`,
  }));
}
