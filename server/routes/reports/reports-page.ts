// GET /reports: the report screen. The list of reports the user may run (by folder); the chosen one's form
// (?report=name), a GET form, so the screen's URL carries the report and its parameters and a result can be
// bookmarked, shared and reloaded; and once the form is sent (it always sends `format`), the result in the
// panel: the HTML report, or the PDF in an embedded viewer (the PDF stream's URL with the same parameters),
// with a download link. Refused parameters answer 422 with each message beside its field and in the panel,
// and no result. (The browser clears the panel as the form is sent, and says 'Unable to load the report.'
// there when the answer is a failure: islands/reports/report-screen.ts.)
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { reportInQueryAccess } from '../../reports/report-access.ts';
import { msg } from '../../messages.ts';
import { fieldViews } from '../../forms/field-views.ts';
import { sendError } from '../../plugins/errors.ts';
import { storesAsSent } from '../../plugins/store-references.ts';
import { DEFAULT_FOLDER, type ReportDefinition } from '../../reports/definition.ts';
import {
  checkParameters,
  parametersFromQuery,
  STORES_PARAMETER,
  type CheckedParameters,
  type SentParameters,
} from '../../reports/parameters.ts';
import { findReport, reportsFor } from '../../reports/registry.ts';
import { drawReport, readFormat, type ReportFormat } from '../../reports/run-report.ts';
import { ReportRefusal } from '../../reports/report-refusal.ts';

/** The report screen: for the reports role, and for a named report, whoever that report admits. */
const config = { access: reportInQueryAccess };

/** What views/reports/_panel.eta shows. */
type ReportPanel =
  | { kind: 'note'; text: string }
  | { kind: 'messages'; messages: string[] }
  | { kind: 'html'; html: string; pdfUrl: string | null; printUrl: string; download: string; title: string }
  | { kind: 'pdf'; pdfUrl: string; download: string; title: string };

/** The report's parameters as sent (its own fields and the store selection) added to `query`. */
function withParameters(query: URLSearchParams, def: ReportDefinition, sent: SentParameters): URLSearchParams {
  for (const name of [...def.parameters.fields.map((f) => f.name), STORES_PARAMETER]) query.set(name, sent[name] ?? '');
  return query;
}

/** The PDF stream's URL for these parameters. */
function pdfUrl(def: ReportDefinition, sent: SentParameters): string {
  return `/api/common/report?${withParameters(new URLSearchParams({ filename: def.name, stream: 'true', format: 'pdf' }), def, sent)}`;
}

/** The print view's URL for these parameters (report-print.ts), which the screen opens in an overlay. */
function printUrl(def: ReportDefinition, sent: SentParameters): string {
  return `/reports/print?${withParameters(new URLSearchParams({ report: def.name }), def, sent)}`;
}

export default async function reportRoutes(app: FastifyInstance) {
  async function draw(
    req: FastifyRequest,
    reply: FastifyReply,
    status: number,
    screen: { def: ReportDefinition | null; checked?: CheckedParameters; format?: ReportFormat; stores?: string; panel: ReportPanel },
  ) {
    const { def, checked, format = 'HTML4.0', stores = '', panel } = screen;
    const choices = checked?.choices ?? (def?.choices ? await def.choices(app.db.pool, req.signedInUser(), app.resources) : {});
    const values = checked?.values ?? (await def?.initialValues?.(app.db.pool));
    return reply.code(status).page('reports', {
      title: def ? msg('reportsPageTitle', def.title) : msg('reportsTitle'),
      storeSelector: true,
      folders: reportsFor(req.signedInUser()),
      report: def && {
        name: def.name,
        title: def.title,
        fields: fieldViews(def.parameters, { idPrefix: 'report', values, messages: checked?.messages, choices }),
        dateRange: def.parameters.dateRange ? JSON.stringify(def.parameters.dateRange) : '',
      },
      format,
      stores,
      panel,
    });
  }

  app.get('/reports', { config }, async (req, reply) => {
    const user = req.signedInUser();
    const sent = parametersFromQuery(req.query);
    if (!sent.report) return draw(req, reply, 200, { def: null, panel: { kind: 'note', text: msg('reportChoose') } });
    const def = findReport(sent.report);
    if (!def) return sendError(req, reply, 404, msg('reportUnknown', sent.report, DEFAULT_FOLDER));
    // A report chosen from the list, its form not sent yet.
    if (sent.format === undefined) return draw(req, reply, 200, { def, panel: { kind: 'note', text: msg('reportFillParameters') } });

    const format = readFormat(sent.format) ?? 'HTML4.0';
    const checked = await checkParameters(def, sent, app.db.pool, user, app.resources);
    // The form, the PDF and the print view carry the selection as it came: a long one by its reference.
    sent[STORES_PARAMETER] = storesAsSent(req, sent[STORES_PARAMETER] ?? '');
    const stores = sent[STORES_PARAMETER];
    const screen = { def, checked, format, stores };
    const messages = Object.values(checked.messages);
    if (messages.length) return draw(req, reply, 422, { ...screen, panel: { kind: 'messages', messages } });
    const download = `${def.name}.pdf`;
    if (format === 'pdf') {
      const panel: ReportPanel = app.pdf.available
        ? { kind: 'pdf', pdfUrl: pdfUrl(def, sent), download, title: def.title }
        : { kind: 'messages', messages: [msg('pdfNoChromium')] };
      return draw(req, reply, 200, { ...screen, panel });
    }
    try {
      const html = await drawReport(app, def, checked, user, { forScreen: true });
      return draw(req, reply, 200, {
        ...screen,
        panel: {
          kind: 'html',
          html,
          pdfUrl: app.pdf.available ? pdfUrl(def, sent) : null,
          printUrl: printUrl(def, sent),
          download,
          title: def.title,
        },
      });
    } catch (err) {
      if (!(err instanceof ReportRefusal)) throw err;
      return draw(req, reply, err.status, { ...screen, panel: { kind: 'messages', messages: [err.message] } });
    }
  });
}
