// GET /api/charts/sales-per-cycle, /api/charts/top-stores and /api/charts/sales-by-state: the points each
// chart draws (common/charts.ts), for the same parameters and the same stores as the summary endpoints
// (server/routes/api/summaries/): the chart island fetches them again every 30 s and when the store
// selection changes. For whoever may see sales figures, as the summaries.
import type { FastifyInstance } from 'fastify';
import { salesFigures } from '../../../../common/roles.ts';
import { defaultSizes, readSummaryFilter, summaryQueryProperties, type SummaryQuery } from '../../../summaries/summary-filter.ts';
import { salesPerCyclePoints, stateSalesPoints, topStorePoints } from '../../../summaries/chart-points.ts';

const querystring = (extra: Record<string, { type: 'integer'; minimum: number; maximum: number }>) =>
  ({
    config: { access: salesFigures },
    schema: { querystring: { type: 'object', properties: { ...summaryQueryProperties, ...extra } } },
  }) as const;
const limit = { type: 'integer', minimum: 1, maximum: 100 } as const;

export default async function chartRoutes(app: FastifyInstance) {
  app.get<{ Querystring: SummaryQuery & { count?: number } }>(
    '/api/charts/sales-per-cycle',
    querystring({ count: { type: 'integer', minimum: 2, maximum: 60 } }),
    async (req) =>
      salesPerCyclePoints(app.db.reads(req).pool, req.signedInUser(), readSummaryFilter(req.query), req.query.count ?? defaultSizes.cycles),
  );
  app.get<{ Querystring: SummaryQuery & { limit?: number } }>('/api/charts/top-stores', querystring({ limit }), async (req) =>
    topStorePoints(app.db.reads(req).pool, req.signedInUser(), readSummaryFilter(req.query), req.query.limit ?? defaultSizes.stores),
  );
  // Without a limit, every state the user's stores are in.
  app.get<{ Querystring: SummaryQuery & { limit?: number } }>('/api/charts/sales-by-state', querystring({ limit }), async (req) =>
    stateSalesPoints(app.db.reads(req).pool, req.signedInUser(), readSummaryFilter(req.query), req.query.limit ?? null),
  );
}
