// GET /charts: the Charts screen, for the cycle, state and group of its GET form (the Summaries screen's):
// sales over the twelve cycles up to the chosen one, the top stores, and sales in every state, whose bars
// load the state's stores into the panel beside them. Open to whoever may see sales figures, as its API is.
import type { SchemaRoutes } from '../plugins/typed-routes.ts';
import { msg } from '../messages.ts';
import { salesFigures } from '../../common/roles.ts';
import { detailPanelView, salesPerCycleChart, stateSalesChart, topStoresChart, type CardContext } from '../summaries/cards.ts';
import { filterForm } from '../summaries/filter-form.ts';
import { readSummaryFilter, summaryQuery } from '../summaries/summary-filter.ts';

const chartsPage: SchemaRoutes = async (app) => {
  app.get('/charts', { schema: { querystring: summaryQuery }, config: { access: salesFigures } }, async (req, reply) => {
    const ctx: CardContext = { pool: app.db.reads(req).pool, user: req.signedInUser(), filter: readSummaryFilter(req.query) };
    const [form, ...cards] = await Promise.all([
      filterForm(ctx.pool, ctx.user, ctx.filter, '/charts'),
      salesPerCycleChart(ctx),
      topStoresChart(ctx),
      stateSalesChart(ctx, null),
    ]);
    return reply.page('summary-screen', {
      title: msg('chartsTitle'),
      storeSelector: true,
      form,
      cards,
      panel: detailPanelView(),
    });
  });
};

export default chartsPage;
