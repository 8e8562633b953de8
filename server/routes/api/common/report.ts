// GET /api/common/report?filename={name}&stream=true&format=pdf[&maingroup={col}&subgroup={col}]&{query}:
// a PDF, inline (spec section 7; the report screen's viewer, a table's PDF export in a new tab). `filename`
// names a report of the registry (its parameters in the query, as the screen's URL carries them) or a data
// table the user may export: then the query is the list's own (search, column searches, sort, visible
// columns, stores) and the rows are grouped by `maingroup` and `subgroup` with their totals. A user has at most
// config.limits.pdf.perUser PDFs under way (pdf-slots.ts): one more is refused before it reads a row.
import type { FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { SchemaRoutes } from '../../../plugins/typed-routes.ts';
import { reportAccess } from '../../../reports/report-access.ts';
import { msg } from '../../../messages.ts';
import { DEFAULT_FOLDER } from '../../../reports/definition.ts';
import { parametersFromQuery } from '../../../reports/parameters.ts';
import { findReport } from '../../../reports/registry.ts';
import { acceptedParameters, drawReport, printReport } from '../../../reports/run-report.ts';
import { ReportRefusal } from '../../../reports/report-refusal.ts';
import { tableReport, tableReportRequest } from '../../../reports/table-pdf/table-report.ts';
import { inPdfSlot } from '../../../reports/pdf/pdf-slots.ts';
import { sendRefusal } from './report-refusals.ts';

// The stream's own values; the report's parameters, or the table's list parameters, are read beside them.
const streamQuery = {
  type: 'object',
  properties: {
    filename: { type: 'string', maxLength: 100 },
    format: { type: 'string', maxLength: 20 },
    stream: { type: 'string', maxLength: 10 },
  },
} as const;

type StreamQuery = FromSchema<typeof streamQuery>;

const reportStreamRoute: SchemaRoutes = async (app) => {
  const findResource = (name: string) => app.resources.find((r) => r.name === name);
  // A report by its name, or a table's PDF by the table's: the one named admits, or the table's export rule.
  // (The gate is given every route's request, so its query is typed here as this route's schema admits it.)
  const named = (req: FastifyRequest) => {
    const name = ((req.query as StreamQuery).filename ?? '').trim();
    const table = findReport(name) ? undefined : findResource(name);
    return findReport(name) ?? (table && { access: table.access.export });
  };
  const config = { opensInBrowser: true, access: reportAccess({}, named) };
  app.get('/api/common/report', { schema: { querystring: streamQuery }, config }, async (req, reply) => {
    const user = req.signedInUser();
    const name = (req.query.filename ?? '').trim();
    try {
      if ((req.query.format ?? 'pdf').trim().toLowerCase() !== 'pdf') throw new ReportRefusal(400, msg('reportStreamFormat'));
      const def = findReport(name);
      const table = def ? undefined : findResource(name);
      if (!def && !table) throw new ReportRefusal(404, msg('reportUnknown', name, DEFAULT_FOLDER));
      // The report's parameters, or the table's list parameters, are read and checked first: a request
      // refused is told why (its dates included), whatever the PDF engine's state, before a slot is taken.
      const accepted = def && (await acceptedParameters(app, def, parametersFromQuery(req.query), user));
      const request = table && tableReportRequest(table, req.query);
      app.pdf.assertAvailable();
      const pdf = await inPdfSlot(app, user.ID, async () => {
        const report = def
          ? { title: def.title, html: await drawReport(app, def, accepted!, user), landscape: def.landscape ?? false }
          : await tableReport(app, table!, request!, user);
        return printReport(app, report, user);
      });
      return reply.type('application/pdf').header('Content-Disposition', `inline; filename="${name}.pdf"`).send(Buffer.from(pdf));
    } catch (err) {
      return sendRefusal(req, reply, err);
    }
  });
};

export default reportStreamRoute;
