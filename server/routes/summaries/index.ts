// GET /summaries: the Summaries screen, summary tables of a cycle (the current month unless one is chosen),
// a state and a group, from a small GET form: the cycle's totals, its top and bottom stores, and every
// store's figures in the panel beside them. Open to whoever may see sales figures, as its API is.
import type { SchemaRoutes } from '../../plugins/typed-routes.ts';
import { msg } from '../../messages.ts';
import { salesFigures } from '../../../common/roles.ts';
import { detailPanelView, rankingCard, totalsCard, type CardContext } from '../../summaries/cards.ts';
import { filterForm } from '../../summaries/filter-form.ts';
import { readSummaryFilter, summaryQuery } from '../../summaries/summary-filter.ts';

const summariesPage: SchemaRoutes = async (app) => {
  app.get('/summaries', { schema: { querystring: summaryQuery }, config: { access: salesFigures } }, async (req, reply) => {
    const ctx: CardContext = { pool: app.db.reads(req).pool, user: req.signedInUser(), filter: readSummaryFilter(req.query) };
    const [form, ...cards] = await Promise.all([
      filterForm(ctx.pool, ctx.user, ctx.filter, '/summaries'),
      totalsCard(ctx),
      rankingCard(ctx, 'top'),
      rankingCard(ctx, 'bottom'),
    ]);
    return reply.page('summary-screen', {
      title: msg('summariesTitle'),
      storeSelector: true,
      form,
      cards,
      panel: detailPanelView(),
    });
  });
};

export default summariesPage;
