// GET /summaries/stores: the drill-down detail of the summaries and charts, every store's figures in a
// cycle (of a state or group when asked) within the user's stores and selection. Summary and chart links
// load it into their page's detail panel (data-load), as a store's detail page does with its state's
// stores; there it offers to close the panel; visited on its own it is a page. For whoever may see sales
// figures, as the dashboard cards that link here.
import type { SchemaRoutes } from '../../plugins/typed-routes.ts';
import { salesFigures } from '../../../common/roles.ts';
import { msg } from '../../messages.ts';
import { loadPanelOf } from '../../shell/load-panel.ts';
import { drillDown } from '../../summaries/drill-down.ts';
import { readSummaryFilter, summaryQuery } from '../../summaries/summary-filter.ts';

const drillDownPage: SchemaRoutes = async (app) => {
  app.get('/summaries/stores', { config: { access: salesFigures }, schema: { querystring: summaryQuery } }, async (req, reply) => {
    const detail = await drillDown(app.db.reads(req).pool, req.signedInUser(), readSummaryFilter(req.query));
    return reply.page('store-detail', {
      title: detail?.title ?? msg('summariesTitle'),
      rows: detail?.rows ?? [],
      panel: loadPanelOf(req),
      text: {
        empty: msg('summaryEmpty'),
        close: msg('detailClose'),
        headings: [msg('fieldStore'), msg('fieldSales'), msg('fieldTransactions'), msg('fieldAverageTicket'), msg('fieldAverageMargin')],
      },
    });
  });
};

export default drillDownPage;
