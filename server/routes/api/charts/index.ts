// GET /api/charts/sales-per-cycle, /api/charts/top-stores and /api/charts/sales-by-state: the points each
// chart draws (common/charts.ts), for the same parameters and the same stores as the summary endpoints
// (server/routes/api/summaries/): the chart island fetches them again every 30 s and when the store
// selection changes. For whoever may see sales figures, as the summaries.
import { salesFigures } from '../../../../common/roles.ts';
import type { SchemaRoutes } from '../../../plugins/typed-routes.ts';
import { defaultSizes, readSummaryFilter, summaryQueryWith } from '../../../summaries/summary-filter.ts';
import { salesPerCyclePoints, stateSalesPoints, topStorePoints } from '../../../summaries/chart-points.ts';

const config = { access: salesFigures };
const limited = { schema: { querystring: summaryQueryWith({ limit: { type: 'integer', minimum: 1, maximum: 100 } }) }, config } as const;
const counted = { schema: { querystring: summaryQueryWith({ count: { type: 'integer', minimum: 2, maximum: 60 } }) }, config } as const;

const chartRoutes: SchemaRoutes = async (app) => {
  app.get('/api/charts/sales-per-cycle', counted, async (req) =>
    salesPerCyclePoints(app.db.reads(req).pool, req.signedInUser(), readSummaryFilter(req.query), req.query.count ?? defaultSizes.cycles),
  );
  app.get('/api/charts/top-stores', limited, async (req) =>
    topStorePoints(app.db.reads(req).pool, req.signedInUser(), readSummaryFilter(req.query), req.query.limit ?? defaultSizes.stores),
  );
  // Without a limit, every state the user's stores are in.
  app.get('/api/charts/sales-by-state', limited, async (req) =>
    stateSalesPoints(app.db.reads(req).pool, req.signedInUser(), readSummaryFilter(req.query), req.query.limit ?? null),
  );
};

export default chartRoutes;
