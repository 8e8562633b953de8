// GET /stores/<StoreID>: a store's detail page, and GET /stores/<StoreID>/sales, its days this cycle, which
// the page loads into its panel. The same access as the Stores table, within the user's stores (a store
// outside them is not found). The page: the store's fields, its sales this cycle (the dashboard's current
// monthly cycle) with links to its days and to its state's stores (those for whoever may see sales figures,
// as the days' route), and its recent changes from the audit
// log, which anyone who may see the store may read: they hold nothing but the store's own fields.
import type { SchemaRoutes } from '../../plugins/typed-routes.ts';
import { allows, salesFigures } from '../../../common/roles.ts';
import { msg } from '../../messages.ts';
import { detailHref } from '../../../common/detail-page.ts';
import { detailTables } from '../../details/detail-tables.ts';
import { detailAccess } from '../../details/open-record.ts';
import { detailRoute } from '../../details/detail-route.ts';
import { everyOf } from '../../plugins/access.ts';
import { historyLength, historyQuery, recentChanges } from '../../details/record-changes.ts';
import { recordFields, type ShownColumns } from '../../details/record-fields.ts';
import { currentCycle, periodLabel, storeDailySales, storePeriodTotals } from '../../details/store-sales.ts';
import { storesDef } from '../../resources/stores.ts';
import { loadPanelOf } from '../../shell/load-panel.ts';
import { titleOf } from '../../../common/resources/words.ts';

const stores = detailTables.stores;
const shownFields: ShownColumns<typeof storesDef> = ['StoreNumber', 'Name', 'City', 'StateCode', 'GroupName', 'OpenDate', 'IsActive'];

const storeDetailRoutes: SchemaRoutes = async (app) => {
  detailRoute(app, stores, {
    querystring: historyQuery,
    async show(req, reply, row, key) {
      const href = detailHref(stores.pagePath, key);
      const salesShown = allows(req.signedInUser(), salesFigures);
      const [period, changes] = await Promise.all([
        salesShown ? currentCycle(app.db.pool) : null,
        recentChanges(app, req.signedInUser(), { of: { resource: storesDef.name, key } }, historyLength(req.query), href),
      ]);
      const sales = period && {
        period: periodLabel(period),
        totals: await storePeriodTotals(app.db.pool, key, period),
        daysHref: `${href}/sales`,
        stateHref: `/summaries/stores?state=${String(row.StateID)}`,
        stateText: msg('detailStateStores', String(row.StateCode)),
      };
      return reply.page('store-record', {
        title: msg('detailStoreTitle', String(row.StoreNumber), String(row.Name)),
        back: { href: stores.pagePath, text: msg('detailBackTo', titleOf(storesDef)) },
        fields: recordFields(storesDef, row, shownFields),
        salesShown,
        sales,
        changes,
      });
    },
  });

  detailRoute(app, stores, {
    below: '/sales',
    access: everyOf(salesFigures, detailAccess(stores)),
    async show(req, reply, row, key) {
      const period = await currentCycle(app.db.pool);
      return reply.page('store-sales', {
        title: msg('detailDailySalesTitle', String(row.StoreNumber), period ? periodLabel(period) : msg('dashboardNoCycle')),
        panel: loadPanelOf(req),
        days: period ? await storeDailySales(app.db.pool, key, period) : [],
      });
    },
  });
};

export default storeDetailRoutes;
