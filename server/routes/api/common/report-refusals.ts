// How the report calls answer a refusal (a report or table request the user can correct, or a PDF that cannot
// be made now): its status and sentence as JSON { error }, with each refused parameter under `fields`. A
// browser that opened the PDF stream itself (a tab, the screen's viewer) is answered with a page it can show.
// Anything else is a failure, left to the app's error handler.
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../../../escape-html.ts';
import { ReportRefusal } from '../../../reports/report-refusal.ts';
import { ParameterRefusal } from '../../../reports/run-report.ts';
import { TableRequestError } from '../../../table-api/request/request-error.ts';

export function sendRefusal(reply: FastifyReply, err: unknown): FastifyReply {
  const refusal = err instanceof TableRequestError ? new ReportRefusal(400, err.message) : err;
  if (!(refusal instanceof ReportRefusal)) throw err;
  reply.code(refusal.status).header('Cache-Control', 'no-store');
  if ((reply.request.headers.accept ?? '').startsWith('text/html')) {
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><meta charset="utf-8"><title>${refusal.status}</title><p role="alert">${escapeHtml(refusal.message)}</p></html>`,
      );
  }
  return reply.send({ error: refusal.message, ...(refusal instanceof ParameterRefusal && { fields: refusal.fields }) });
}
