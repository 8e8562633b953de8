// IT hears of a client error as it arrives: an alert to everyone who may read the client errors table (IT
// and administrators) naming the page and the message. One unread alert stands for all that follow within
// a day: a script error that every open tab reports is one alert, not hundreds, and the table lists them.
import type { FastifyInstance } from 'fastify';
import { msg } from '../../messages.ts';
import { passesRoleSql } from '../../users/role-sql.ts';
import { raiseItems } from './raise.ts';

/** The topic of every new-error alert: while one is unread, further reports raise no other. */
export const CLIENT_ERRORS_TOPIC = 'client-errors';

export interface ReportedError {
  page: string;
  message: string;
}

/** Raises the alert to each reader of client errors; never throws (a failure to tell is logged). */
export function tellOfClientError(app: FastifyInstance, report: ReportedError): void {
  const tell = async () => {
    const params: unknown[] = [];
    const { rows } = await app.db.pool.query<{ user_id: number }>(
      `select u.user_id from users u where u.is_active and ${passesRoleSql('u', 'it', params)}`,
      params,
    );
    const body = msg('clientErrorBody', report.page || '/', report.message.slice(0, 200).replace(/[.\s]+$/, ''));
    const items = rows.map((r) => ({
      userId: r.user_id,
      kind: 'alert' as const,
      severity: 'error' as const,
      title: msg('clientErrorTitle'),
      body,
      topic: CLIENT_ERRORS_TOPIC,
    }));
    await raiseItems(app, items, { unlessUnreadWithin: '1 day' });
  };
  tell().catch((err: unknown) => app.log.error({ err }, 'IT could not be told of a client error'));
}
