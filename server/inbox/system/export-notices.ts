// What a user hears of their own exports (a table's CSV or Excel download, a report's or table's PDF): a
// notification "Your export is ready" when one that took a while has finished, so that a user who went on
// working elsewhere knows; an alert when one failed after it started (a download cut off by a database
// error, a PDF the printer could not make). A download finished within `afterMs` was watched by its user and
// raises nothing; nor does one its user abandoned, nor a request refused before it started (that answer
// says why).
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { msg } from '../../messages.ts';
import type { CurrentUser } from '../../../common/roles.ts';
import { raiseItems, type SystemItem } from './raise.ts';

export interface ExportOf {
  /** The table's or report's title. */
  title: string;
  /** CSV, Excel, PDF. */
  format: string;
}

export type ExportOutcome = { done: true } | { done: false; reason: string };

/** Raises the notice the outcome calls for, if any; never throws (a failure to tell is logged). */
export function noticeExport(app: FastifyInstance, user: CurrentUser, what: ExportOf, startedAt: number, outcome: ExportOutcome): void {
  if (outcome.done && Date.now() - startedAt < app.config.limits.exports.noticeAfterMs) return;
  const item: SystemItem = outcome.done
    ? {
        userId: user.ID,
        kind: 'notification',
        severity: 'success',
        title: msg('exportReadyTitle'),
        body: msg('exportReadyBody', what.title, what.format),
      }
    : {
        userId: user.ID,
        kind: 'alert',
        severity: 'error',
        title: msg('exportFailedTitle'),
        body: msg('exportFailedBody', what.title, what.format, outcome.reason),
      };
  raiseItems(app, [item]).catch((err: unknown) => app.log.error({ err }, 'an export notice could not be raised'));
}

/**
 * Watches a download's body and response: done when the response was written to the end, failed when the
 * body failed (the response is then cut off), nothing when the client left first.
 */
export function watchDownload(app: FastifyInstance, user: CurrentUser, what: ExportOf, body: Readable, response: ServerResponse): void {
  const startedAt = Date.now();
  let failed = false;
  body.once('error', () => (failed = true));
  response.once('close', () => {
    if (failed) noticeExport(app, user, what, startedAt, { done: false, reason: msg('exportFailedReason') });
    else if (response.writableFinished) noticeExport(app, user, what, startedAt, { done: true });
  });
}
