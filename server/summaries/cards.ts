// The summary tables and charts the dashboard, Summaries and Charts screens show, each rendered as its island
// with the figures already in it (and the URL the browser refreshes them from), for one filter. A page names
// the cards it shows; the figures, URLs and titles are decided here once.
import type pg from 'pg';
import type { CurrentUser } from '../../common/roles.ts';
import { msg } from '../messages.ts';
import type { ChartProps } from '../../islands/chart/chart.tsx';
import type { SummaryTableProps } from '../../islands/summary-table/summary-table.tsx';
import { renderIsland } from '../islands/render-island.ts';
import { salesPerCyclePoints, stateSalesPoints, topStorePoints } from './chart-points.ts';
import type { StoreOrder } from './store-figures.ts';
import { defaultSizes, filterQuery, type SummaryFilter } from './summary-filter.ts';
import { storeRankingTable, totalsTable } from './summary-tables.ts';

/** The page's drill-down panel: links load into it (`data-load`), and the detail page knows it is in it. */
export const detailPanel = { id: 'detail-panel', selector: '#detail-panel' } as const;

/** What views/summaries/_cards.eta needs to draw the panel. */
export const detailPanelView = () => ({ id: detailPanel.id, label: msg('detailPanelLabel') });

export interface CardContext {
  pool: pg.Pool;
  user: CurrentUser;
  filter: SummaryFilter;
}

const summaryTable = (props: SummaryTableProps) => renderIsland('summary-table', { ...props });
const chart = (props: ChartProps) => renderIsland('chart', { ...props });

export async function totalsCard({ pool, user, filter }: CardContext): Promise<string> {
  return summaryTable({
    title: msg('summaryTotals'),
    url: `/api/summaries/totals${filterQuery(filter)}`,
    initial: await totalsTable(pool, user, filter),
    detail: { href: `/summaries/stores${filterQuery(filter)}`, label: msg('summaryAllStores'), panel: detailPanel.selector },
  });
}

export async function rankingCard({ pool, user, filter }: CardContext, order: StoreOrder): Promise<string> {
  return summaryTable({
    title: msg(order === 'top' ? 'summaryTopStores' : 'summaryBottomStores'),
    url: `/api/summaries/${order}-stores${filterQuery(filter, { limit: String(defaultSizes.stores) })}`,
    initial: await storeRankingTable(pool, user, filter, order, defaultSizes.stores),
  });
}

export async function salesPerCycleChart({ pool, user, filter }: CardContext): Promise<string> {
  return chart({
    type: 'line',
    title: msg('chartSalesPerCycle'),
    url: `/api/charts/sales-per-cycle${filterQuery(filter, { count: String(defaultSizes.cycles) })}`,
    initial: await salesPerCyclePoints(pool, user, filter, defaultSizes.cycles),
    labelHeading: msg('fieldCycle'),
  });
}

export async function topStoresChart({ pool, user, filter }: CardContext): Promise<string> {
  return chart({
    type: 'bar',
    title: msg('chartTopStores'),
    url: `/api/charts/top-stores${filterQuery(filter, { limit: String(defaultSizes.stores) })}`,
    initial: await topStorePoints(pool, user, filter, defaultSizes.stores),
    labelHeading: msg('fieldStore'),
  });
}

/** Every state of the user's stores, or the top `limit`; each bar drills down to the state's stores. */
export async function stateSalesChart({ pool, user, filter }: CardContext, limit: number | null): Promise<string> {
  return chart({
    type: 'bar',
    title: limit === null ? msg('chartSalesByState') : msg('chartSalesByStateTop', limit),
    url: `/api/charts/sales-by-state${filterQuery(filter, limit === null ? {} : { limit: String(limit) })}`,
    initial: await stateSalesPoints(pool, user, filter, limit),
    labelHeading: msg('fieldState'),
    detailPanel: detailPanel.selector,
  });
}
