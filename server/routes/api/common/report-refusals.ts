// How the report calls answer a refusal (a report or table request the user can correct, or a PDF that cannot
// be made now): through the app's error path (errors.ts: JSON { error } to a call, a page to a browser that
// opened the PDF stream itself), a call's answer adding each refused parameter under `fields`. Anything else is
// a failure, left to the app's error handler.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError, wantsJson } from '../../../plugins/errors.ts';
import { ReportRefusal } from '../../../reports/report-refusal.ts';
import { ParameterRefusal } from '../../../reports/run-report.ts';
import { TableRequestError } from '../../../table-api/request/request-error.ts';

export async function sendRefusal(req: FastifyRequest, reply: FastifyReply, err: unknown): Promise<FastifyReply> {
  const refusal = err instanceof TableRequestError ? new ReportRefusal(400, err.message) : err;
  if (!(refusal instanceof ReportRefusal)) throw err;
  if (refusal instanceof ParameterRefusal && wantsJson(req)) {
    return reply.code(refusal.status).send({ error: refusal.message, fields: refusal.fields });
  }
  return sendError(req, reply, refusal.status, refusal.message);
}
