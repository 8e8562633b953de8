// GET <screen>/<key> for every table whose rows people change and that has no detail page of its own (states,
// cycles, daily sales, groups, menus, messages...): the row's fields as its table shows them, and its changes
// from the audit log, newest first (who, when, each field's before and after). Registered after the tables'
// own detail pages, so a table with one keeps it; the table then links each row here as it does to those.
// The audit log itself is read-only and has none: its entries are the changes.
import type { SchemaRoutes } from '../../plugins/typed-routes.ts';
import { detailHref } from '../../../common/detail-page.ts';
import { titleOf } from '../../../common/resources/words.ts';
import { rowName } from '../../../common/resources/types.ts';
import { msg } from '../../messages.ts';
import { MAX_BIG_KEY } from '../../params/key-param.ts';
import { withScreen } from '../../details/detail-tables.ts';
import { detailRoute } from '../../details/detail-route.ts';
import { historyLength, historyQuery, recentChanges } from '../../details/record-changes.ts';
import { recordFields } from '../../details/record-fields.ts';
import type { ResourceDef } from '../../resources/resource-def.ts';

/** Whether anyone may change the table's rows: only then has a row a history to show. */
function changeable(def: ResourceDef): boolean {
  return def.access.add !== false || def.access.edit !== false || def.access.delete !== false;
}

const recordPages: SchemaRoutes = async (app) => {
  for (const def of app.resources) {
    if (!def.screen || app.detailPages.has(def.name) || !changeable(def)) continue;
    // Compared as int8 when opened (reachable-row.ts): any whole key may be asked for, and names no row past
    // the column's range.
    const of = withScreen(def, MAX_BIG_KEY);
    const shown = def.columns.filter((c) => !c.internal).map((c) => c.name);
    detailRoute(app, of, {
      querystring: historyQuery,
      async show(req, reply, row, key) {
        const href = detailHref(of.pagePath, key);
        const changes = await recentChanges(app, req.signedInUser(), { of: { resource: def.name, key } }, historyLength(req.query), href);
        return reply.page('record', {
          title: msg('detailRecordTitle', titleOf(def), rowName(def, row)),
          back: { href: of.pagePath, text: msg('detailBackTo', titleOf(def)) },
          fields: recordFields(def, row, shown),
          changes,
        });
      },
    });
  }
};

export default recordPages;
