// GET /admin/users/<UserID>: a user account's detail page, for whoever may open the Users table: its
// fields, its group, roles and instances, the changes it made (its recent activity) and those made to it.
import type { SchemaRoutes } from '../../../plugins/typed-routes.ts';
import { msg } from '../../../messages.ts';
import { detailTables } from '../../../details/detail-tables.ts';
import { detailRoute } from '../../../details/detail-route.ts';
import { historyLength, historyQuery, recentChanges } from '../../../details/record-changes.ts';
import { detailHref } from '../../../../common/detail-page.ts';
import { recordFields, type ShownColumns } from '../../../details/record-fields.ts';
import { accountAccess } from '../../../details/user-access.ts';
import { usersDef } from '../../../resources/users.ts';
import { titleOf } from '../../../../common/resources/words.ts';

const users = detailTables.users;
const shownFields: ShownColumns<typeof usersDef> = [
  'UserName',
  'FirstName',
  'MiddleName',
  'LastName',
  'Email',
  'IsActive',
  'IsAdmin',
  'IsSuperAdmin',
  'CreateDate',
  'UpdateDate',
];

const userDetailRoute: SchemaRoutes = async (app) => {
  detailRoute(app, users, {
    querystring: historyQuery,
    async show(req, reply, row, key) {
      const userName = String(row.UserName);
      const [href, length] = [detailHref(users.pagePath, key), historyLength(req.query)];
      const [access, changesBy, changesTo] = await Promise.all([
        accountAccess(app.db.pool, key),
        recentChanges(app, req.signedInUser(), { by: key }, length, href),
        recentChanges(app, req.signedInUser(), { of: { resource: usersDef.name, key } }, length, href),
      ]);
      const fullName = [row.FirstName, row.MiddleName, row.LastName].filter((part) => part).join(' ');
      return reply.page('user-record', {
        title: `${fullName} (${userName})`,
        back: { href: users.pagePath, text: msg('detailBackTo', titleOf(usersDef)) },
        fields: recordFields(usersDef, row, shownFields),
        userName,
        access,
        changesBy,
        changesTo,
      });
    },
  });
};

export default userDetailRoute;
