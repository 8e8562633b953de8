// GET /admin/user-errors/<ErrorID>: one client error report, the whole record (page, address, status, the
// error and exception, the stack trace, who and when, browser and app version, the failed request's id), for
// whoever may open the Client errors table; whether IT has handled it, and who marked it when (its changes).
import type { SchemaRoutes } from '../../../plugins/typed-routes.ts';
import { formatDateTime } from '../../../../common/format.ts';
import { msg } from '../../../messages.ts';
import { detailTables } from '../../../details/detail-tables.ts';
import { detailRoute } from '../../../details/detail-route.ts';
import { historyLength, historyQuery, recentChanges } from '../../../details/record-changes.ts';
import { detailHref } from '../../../../common/detail-page.ts';
import { recordFields, type ShownColumns } from '../../../details/record-fields.ts';
import { userErrorsDef } from '../../../resources/user-errors.ts';
import { titleOf } from '../../../../common/resources/words.ts';

const userErrors = detailTables['user-errors'];
const shownFields: ShownColumns<typeof userErrorsDef> = [
  'CreatedAt',
  'UserName',
  'Page',
  'Url',
  'Status',
  'ErrorThrown',
  'Message',
  'ExceptionMessage',
  'ExceptionType',
  'StackTrace',
  'UserAgent',
  'AppVersion',
  'RequestId',
  'IsHandled',
];

const errorDetailRoute: SchemaRoutes = async (app) => {
  detailRoute(app, userErrors, {
    querystring: historyQuery,
    async show(req, reply, row, key) {
      const href = detailHref(userErrors.pagePath, key);
      const changes = await recentChanges(
        app,
        req.signedInUser(),
        { of: { resource: userErrorsDef.name, key } },
        historyLength(req.query),
        href,
      );
      const fields = recordFields(userErrorsDef, { ...row, UserName: row.UserName || msg('detailSignedOut') }, shownFields).map(
        (field, i) => ({ ...field, preformatted: shownFields[i] === 'StackTrace' }),
      );
      return reply.page('record', {
        title: msg('detailErrorTitle', formatDateTime(row.CreatedAt as Date)),
        back: { href: userErrors.pagePath, text: msg('detailBackTo', titleOf(userErrorsDef)) },
        fields,
        changes,
      });
    },
  });
};

export default errorDetailRoute;
