// GET <screen> for every resource the app serves whose definition names one (`screen`): the table screen,
// built from the definition for the signed-in user (server/table-screen/), with its first page of rows
// rendered on the server inside the data-table island, and what the SQL half adds beside it (`screenExtras`).
// Refused as the definition's list access says, the one rule its API and menu entry read too. A saved view
// named in the address (`?view=<id>`), or the person's default view, is handed to the island to apply.
import type { SchemaRoutes } from '../plugins/typed-routes.ts';
import { renderIsland, TIME_SLOT, TOTALS_TIME_SLOT } from '../islands/render-island.ts';
import { storesOf, storesSchema } from '../params/stores-param.ts';
import { firstPage } from '../table-screen/first-page.ts';
import { keptPerAccess } from '../table-screen/kept-per-access.ts';
import { tableConfig } from '../table-screen/table-config.ts';
import { worded } from '../../common/resources/words.ts';
import { withTableTitles } from '../resources/table-titles.ts';
import { screenView } from '../table-views/screen-view.ts';

const tableScreens: SchemaRoutes = async (app) => {
  for (const def of app.resources) {
    const { screen, browserHalf: resource } = def;
    if (!screen) continue;
    const storeScoped = !!def.scope && 'stores' in def.scope;
    // The store selection is typed by its schema; the SQL half's own parameters are read by its hook.
    const schema = {
      querystring: { type: 'object', properties: { stores: storesSchema, ...def.screenExtras?.query } },
    } as const;
    const config = { access: def.access.list };
    // The island's config, kept per access (kept-per-access.ts): made at the first request of each, when every
    // plugin it reads is there (the detail pages are registered after the table screens: app.detailPages).
    const tableFor = keptPerAccess((user) => {
      const pdf = { available: app.pdf.available, maxRows: app.config.limits.reports.maxRows };
      const columns = withTableTitles(resource.columns, app.resources);
      const detail = app.detailPages.has(def.name);
      return {
        ...tableConfig({ ...resource, screen, columns }, user, storeScoped, app.config.tableWarnings, pdf, detail),
        dialogStyles: app.assets.url('table-dialogs.css'),
      };
    });
    app.get(screen, { schema, config }, async (req, reply) => {
      const user = req.signedInUser();
      const stores = storeScoped ? storesOf(req.query.stores) : null;
      const table = tableFor(user);
      // The saved view it opens with (`?view=<id>`, else the person's default): read beside the first page.
      const [initial, opened] = await Promise.all([
        firstPage(app.db.reads(req).pool, def, user, app.resources, stores, app.config.limits.lists),
        screenView(app.db.pool, user, def.name, (req.query as Record<string, unknown>).view),
      ]);
      const extras = (await def.screenExtras?.read(app.db.pool, req.query)) ?? { notice: '', links: [] };
      const view = opened.from ? { viewFrom: opened.from, ...(opened.view && { view: opened.view }) } : {};
      // The rows' and the totals' times stand apart from the props the markup is kept by: identical first
      // pages are drawn once.
      const { syncedAt, totalsSyncedAt } = initial;
      const times = totalsSyncedAt ? { syncedAt: TIME_SLOT, totalsSyncedAt: TOTALS_TIME_SLOT } : { syncedAt: TIME_SLOT };
      return reply.page('table-screen', {
        title: worded(resource).title,
        storeSelector: storeScoped,
        island: await renderIsland(
          'data-table',
          { config: table, initial: { ...initial, ...times }, initialStores: stores, ...view },
          { [TIME_SLOT]: syncedAt, ...(totalsSyncedAt && { [TOTALS_TIME_SLOT]: totalsSyncedAt }) },
        ),
        ...extras,
        viewNotice: opened.notice,
      });
    });
  }
};

export default tableScreens;
