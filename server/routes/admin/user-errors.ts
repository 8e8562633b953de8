// GET /admin/user-errors: the IT department's list of error reports from browsers, newest first, each with
// its details (exception, stack trace, browser, app version). A plain server-rendered table, paged by
// error id, until the data table issue turns it into a data table.
import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '../../../common/format.ts';
import { msg } from '../../../common/messages.ts';

const PAGE_SIZE = 50;

interface UserErrorRow {
  error_id: number;
  created_at: Date;
  user_name: string | null;
  page: string;
  url: string;
  status: number | null;
  error_thrown: string;
  message: string;
  exception_message: string;
  exception_type: string;
  stack_trace: string;
  user_agent: string;
  address: string;
  app_version: string;
}

export default async function userErrorsPage(app: FastifyInstance) {
  app.get<{ Querystring: { before?: number } }>(
    '/admin/user-errors',
    {
      config: { access: { role: 'it' } },
      schema: { querystring: { type: 'object', properties: { before: { type: 'integer', minimum: 1 } } } },
    },
    async (req, reply) => {
      const before = req.query.before ?? null;
      const r = await app.db.pool.query<UserErrorRow>(
        `select e.error_id, e.created_at, nullif(e.user_name, '') as user_name, e.page, e.url, e.status, e.error_thrown, e.message,
                e.exception_message, e.exception_type, e.stack_trace, e.user_agent, e.address, e.app_version
         from user_errors e
         where $1::bigint is null or e.error_id < $1
         order by e.error_id desc limit $2`,
        [before, PAGE_SIZE + 1],
      );
      const rows = r.rows.slice(0, PAGE_SIZE).map((row) => ({ ...row, reported: formatDateTime(row.created_at) }));
      const older = r.rows.length > PAGE_SIZE ? rows[rows.length - 1]!.error_id : null;
      return reply.page('user-errors', { title: msg('userErrorsTitle'), rows, older, first: before === null });
    },
  );
}
