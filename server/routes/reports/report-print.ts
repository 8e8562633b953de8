// GET /reports/print?report=<name>&<its parameters>&stores=..: an HTML report alone on a page of its own, in
// the app's stylesheet without the shell around it: what the report screen opens in an overlay
// (data-popup-embed) to be printed from there. The same parameters, checks and access as the screen's.
import type { FastifyInstance } from 'fastify';
import { reportInQueryAccess } from '../../reports/report-access.ts';
import { msg } from '../../messages.ts';
import { sendError } from '../../plugins/errors.ts';
import { DEFAULT_FOLDER } from '../../reports/definition.ts';
import { parametersFromQuery } from '../../reports/parameters.ts';
import { findReport } from '../../reports/registry.ts';
import { ReportRefusal } from '../../reports/report-refusal.ts';
import { acceptedParameters, drawReport } from '../../reports/run-report.ts';

export default async function reportPrintRoute(app: FastifyInstance) {
  app.get('/reports/print', { config: { access: reportInQueryAccess } }, async (req, reply) => {
    const user = req.signedInUser();
    const sent = parametersFromQuery(req.query);
    const def = sent.report ? findReport(sent.report) : undefined;
    if (!def) return sendError(req, reply, 404, msg('reportUnknown', sent.report ?? '', DEFAULT_FOLDER));
    try {
      const html = await drawReport(app, def, await acceptedParameters(app, def, sent, user), user);
      reply.type('text/html; charset=utf-8');
      return reply.send(await app.view('report-print.eta', { title: def.title, css: app.assets.url('app.css'), html }));
    } catch (err) {
      if (!(err instanceof ReportRefusal)) throw err;
      return sendError(req, reply, err.status, err.message);
    }
  });
}
