// GET /: the dashboard, every signed-in user's home page. The current monthly cycle's totals and top stores,
// sales over the last twelve months and the best-selling states, all for the stores the user sees (their
// region, or every store at head office) and has selected; a panel beside them for the drill-downs; and a
// shortcut to every screen their roles open; and their inbox: unread messages, alerts and notifications and
// the newest of each, linking to their screens. The figures are for whoever may see sales figures
// (salesFigures); anyone else sees their inbox and shortcuts alone, and a user with no roles is told how to
// get more.
import type { FastifyInstance } from 'fastify';
import { formatDate } from '../../common/format.ts';
import { allows, salesFigures } from '../../common/roles.ts';
import { msg } from '../messages.ts';
import { dashboardInbox } from '../inbox/dashboard-inbox.ts';
import { loadMenuRows, menuFor, servedPages, type MenuItem } from '../shell/menu.ts';
import { detailPanelView, rankingCard, salesPerCycleChart, stateSalesChart, totalsCard, type CardContext } from '../summaries/cards.ts';
import { cycleSpan } from '../summaries/cycle-span.ts';
import { defaultSizes, readSummaryFilter } from '../summaries/summary-filter.ts';

/** Every menu entry that opens a screen, but the dashboard itself. */
function shortcuts(items: MenuItem[]): Array<{ title: string; url: string }> {
  return items.flatMap((m) => [...(m.url && m.url !== '/' ? [{ title: m.title, url: m.url }] : []), ...shortcuts(m.children)]);
}

/** The cycle the figures are of, and the cards showing them. */
async function salesCards(ctx: CardContext) {
  const [span, ...cards] = await Promise.all([
    cycleSpan(ctx.pool, ctx.filter),
    totalsCard(ctx),
    salesPerCycleChart(ctx),
    rankingCard(ctx, 'top'),
    stateSalesChart(ctx, defaultSizes.stores),
  ]);
  return { span, cards };
}

export default async function dashboardRoute(app: FastifyInstance) {
  app.get('/', async (req, reply) => {
    const user = req.signedInUser();
    const ctx: CardContext = { pool: app.db.reads(req).pool, user, filter: readSummaryFilter({}) };
    const figures = allows(user, salesFigures);
    const [menu, figureCards] = await Promise.all([loadMenuRows(ctx.pool), figures ? salesCards(ctx) : null]);
    const inbox = await dashboardInbox(ctx.pool, user, servedPages(app));
    const span = figureCards?.span;
    return reply.page('dashboard', {
      title: msg('dashboardTitle'),
      // Shown to everyone: the selection made here holds for the store-scoped tables too.
      storeSelector: true,
      welcome: msg('dashboardWelcome', user.FirstName),
      scope:
        figureCards === null
          ? ''
          : span
            ? msg('dashboardScope', span.name, formatDate(span.from), formatDate(span.through))
            : msg('dashboardNoCycle'),
      cards: figureCards?.cards ?? [],
      panel: detailPanelView(),
      shortcuts: shortcuts(menuFor(menu, user, '/', servedPages(app))),
      inbox,
      text: { shortcuts: msg('dashboardShortcuts'), noShortcuts: msg('dashboardNoShortcuts') },
    });
  });
}
