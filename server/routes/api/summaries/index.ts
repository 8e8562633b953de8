// GET /api/summaries/totals, /api/summaries/top-stores and /api/summaries/bottom-stores: objects of field
// values for summary tables (spec section 7, "Summary table: GET on a configurable URL"), for the cycle,
// state and group asked (default: the current monthly cycle, every state and group) within the user's
// visible and selected stores. For whoever may see sales figures (common/roles.ts, salesFigures), each
// only the stores of their own region (or all, at head office), as the dashboard shows them.
import { salesFigures } from '../../../../common/roles.ts';
import type { SchemaRoutes } from '../../../plugins/typed-routes.ts';
import { defaultSizes, readSummaryFilter, summaryQuery, summaryQueryWith } from '../../../summaries/summary-filter.ts';
import { storeRankingTable, totalsTable } from '../../../summaries/summary-tables.ts';
import { storeOrders, type StoreOrder } from '../../../summaries/store-figures.ts';

const config = { access: salesFigures };
const ranking = summaryQueryWith({ limit: { type: 'integer', minimum: 1, maximum: 100 } });

const summaryRoutes: SchemaRoutes = async (app) => {
  app.get('/api/summaries/totals', { config, schema: { querystring: summaryQuery } }, async (req) =>
    totalsTable(app.db.reads(req).pool, req.signedInUser(), readSummaryFilter(req.query)),
  );

  for (const order of Object.keys(storeOrders) as StoreOrder[]) {
    app.get(`/api/summaries/${order}-stores`, { config, schema: { querystring: ranking } }, async (req) =>
      storeRankingTable(
        app.db.reads(req).pool,
        req.signedInUser(),
        readSummaryFilter(req.query),
        order,
        req.query.limit ?? defaultSizes.stores,
      ),
    );
  }
};

export default summaryRoutes;
