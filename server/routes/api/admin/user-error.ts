// POST /api/admin/user-error: a browser reports a script error or a failed request to the IT department
// (spec section 7). Signed-in users and the sign-in page (no session yet) may both report, the latter
// under a much stricter limit. Limits count recent stored rows, so they hold across app instances, and a
// report is counted and stored under a lock per user and address, so they hold under parallel reports too.
import type { SchemaRoutes } from '../../../plugins/typed-routes.ts';
import { msg } from '../../../messages.ts';
import { errorTextFields, maxReportBytes, trimReport, type ErrorTextField } from '../../../../common/error-report.ts';
import { changeTables, SYSTEM } from '../../../db/table-changes.ts';
import { sameToken } from '../../../plugins/csrf.ts';
import { withKeyLocks } from '../../../db/key-locks.ts';
import { errorAnswers } from '../error-answer.ts';
import { tellOfClientError } from '../../../inbox/system/new-client-errors.ts';

/** Reports are counted over this window (config.limits.clientErrors: how many per user and per address). */
const WINDOW_MINUTES = 10;

const textField = { type: 'string' } as const;

// Each text field typed by name, so the body's type is the report's (common/error-report.ts ErrorReport).
const textFields = Object.fromEntries(errorTextFields.map((f) => [f, textField])) as Record<ErrorTextField, typeof textField>;

const bodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...textFields,
    Status: { type: ['integer', 'null'], minimum: 0, maximum: 999 },
  },
} as const;

const userErrorReportRoute: SchemaRoutes = async (app) => {
  app.post(
    '/api/admin/user-error',
    {
      // The sign-in page has no session to carry a CSRF token; a signed-in report is checked below instead.
      config: { public: true, csrf: 'none' },
      bodyLimit: maxReportBytes,
      schema: {
        body: bodySchema,
        response: { ...errorAnswers, 201: { type: 'object', required: ['ErrorID'], properties: { ErrorID: { type: 'integer' } } } },
      },
    },
    async (req, reply) => {
      const user = req.user;
      if (req.session && !sameToken(header(req.headers['x-csrf-token']), req.session.csrfToken)) {
        return reply.code(403).send({ error: msg('csrfFailed') });
      }
      const report = trimReport(req.body);
      const version = header(req.headers['x-app-version']);
      const pool = app.db.pool;
      // The count and the report it admits are one step per user and address: parallel reports take turns.
      const keys = [`user-error:address:${req.ip}`, ...(user ? [`user-error:user:${user.ID}`] : [])];
      const store = () =>
        withKeyLocks(pool, keys, async (client) => {
          const recent = await client.query<{ by_user: number; by_address: number; anonymous: number }>(
            `select count(*) filter (where user_id = $1)::int as by_user,
                  count(*) filter (where address = $2)::int as by_address,
                  count(*) filter (where address = $2 and user_id is null)::int as anonymous
           from user_errors where created_at > now() - make_interval(mins => $3)`,
            [user?.ID ?? null, req.ip, WINDOW_MINUTES],
          );
          const counts = recent.rows[0]!;
          const limits = app.config.limits.clientErrors;
          const limited = user
            ? counts.by_user >= limits.perUser || counts.by_address >= limits.perAddress
            : counts.anonymous >= limits.perAnonymousAddress;
          if (limited) return null;
          const inserted = await client.query<{ error_id: number }>(
            `insert into user_errors (page, url, status, error_thrown, message, exception_message, exception_type,
                                    stack_trace, user_id, user_name, user_agent, address, app_version, request_id)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning error_id`,
            [
              report.Page ?? '',
              report.Url ?? '',
              report.Status ?? null,
              report.ErrorThrown ?? '',
              report.Message ?? '',
              report.ExceptionMessage ?? '',
              report.ExceptionType ?? '',
              report.StackTrace ?? '',
              user?.ID ?? null,
              user?.UserName ?? '',
              (header(req.headers['user-agent']) ?? '').slice(0, 500),
              req.ip,
              version && /^[\w.-]{1,40}$/.test(version) ? version : app.assets.version,
              report.RequestId ?? '',
            ],
          );
          return inserted.rows[0]!.error_id;
        });
      const stored = await changeTables(pool, ['user_errors'], user?.ID ?? SYSTEM, store, { changed: (id) => id !== null });
      if (stored === null) return reply.code(429).send({ error: msg('errorReportThrottled', WINDOW_MINUTES) });
      tellOfClientError(app, { page: report.Page ?? '', message: report.Message || report.ExceptionMessage || '' });
      return reply.code(201).send({ ErrorID: stored });
    },
  );
};

export default userErrorReportRoute;

function header(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
