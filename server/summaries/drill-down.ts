// The drill-down detail of a summary or chart: every store of the cycle (of a state or group, when asked)
// with its figures, formatted for the detail panel, under a heading naming the cycle and the state.
import type pg from 'pg';
import type { CurrentUser } from '../../common/roles.ts';
import { formatValue } from '../../common/format.ts';
import { msg } from '../messages.ts';
import { cycleSpan } from './cycle-span.ts';
import { storeFigures, storeLabel } from './store-figures.ts';
import type { SummaryFilter } from './summary-filter.ts';

export interface DrillDown {
  title: string;
  /** Store, sales, transactions, average ticket, average margin: as shown. */
  rows: string[][];
}

export async function drillDown(pool: pg.Pool, user: CurrentUser, filter: SummaryFilter): Promise<DrillDown | null> {
  const span = await cycleSpan(pool, filter);
  if (!span) return null;
  const [stores, state] = await Promise.all([
    storeFigures(pool, user, filter, span, 'top', null),
    filter.stateId === null ? null : pool.query<{ name: string }>('select name from states where state_id = $1', [filter.stateId]),
  ]);
  const stateName = state?.rows[0]?.name;
  return {
    title: stateName ? msg('detailStateTitle', stateName, span.name) : msg('detailTitle', span.name),
    rows: stores.map((s) => [
      storeLabel(s),
      formatValue(s.Sales, 'currency'),
      formatValue(s.Transactions, 'integer'),
      formatValue(s.AverageTicket, 'currency'),
      formatValue(s.Margin, 'percent'),
    ]),
  };
}
