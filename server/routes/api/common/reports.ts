// POST /api/common/reports { name, folder = 'Reports', format = 'HTML4.0' | 'pdf', parameters: [{ name, value }],
// description }: the report as HTML text (the fragment the report screen shows), or its PDF as base64 text
// (spec section 7). Besides its own, every report takes the parameter `stores`: the header's store selection
// (a JSON or comma list of store ids), within the stores the user may see. Refusals are JSON { error }: 404 for a report the folder does not hold, 403 for one the
// user may not run, 400 for a malformed call, 422 with each refused parameter's message (also by field, in
// `fields`), 429 when the user already has their PDFs under way (pdf-slots.ts), 503 when no PDF can be made
// now, 504 when making it took too long.
import type { FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import type { SchemaRoutes } from '../../../plugins/typed-routes.ts';
import { reportAccess } from '../../../reports/report-access.ts';
import { msg } from '../../../messages.ts';
import { DEFAULT_FOLDER } from '../../../reports/definition.ts';
import { parametersFromList } from '../../../reports/parameters.ts';
import { findReport } from '../../../reports/registry.ts';
import { acceptedParameters, drawReport, printReport, readFormat } from '../../../reports/run-report.ts';
import { inPdfSlot } from '../../../reports/pdf/pdf-slots.ts';
import { sendRefusal } from './report-refusals.ts';

const reportCall = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', maxLength: 100 },
    folder: { type: 'string', maxLength: 100 },
    format: { type: 'string', maxLength: 20 },
    // Read by parametersFromList, which refuses anything but a list in its own words.
    parameters: {},
    description: { type: 'string', maxLength: 500 },
  },
} as const;

type ReportCall = FromSchema<typeof reportCall>;

const reportsApiRoute: SchemaRoutes = async (app) => {
  // The request names its report in its body, which is read before the gate decides. (The gate is given
  // every route's request, so its body is typed here as this route's schema admits it.)
  const named = (req: FastifyRequest) => {
    const body = req.body as ReportCall | undefined;
    return body?.name ? findReport(body.name, body.folder ?? DEFAULT_FOLDER) : undefined;
  };
  const config = { access: reportAccess({}, named) };
  app.post('/api/common/reports', { schema: { body: reportCall }, config }, async (req, reply) => {
    const user = req.signedInUser();
    const { name, folder = DEFAULT_FOLDER, parameters, description } = req.body;
    const def = findReport(name, folder);
    if (!def) return reply.code(404).send({ error: msg('reportUnknown', name, folder) });
    const format = readFormat(req.body.format);
    if (format === null) return reply.code(400).send({ error: msg('reportFormat') });
    const draw = async () => {
      const checked = await acceptedParameters(app, def, parametersFromList(def, parameters), user);
      return drawReport(app, def, checked, user, { description: description?.trim() || undefined, forScreen: format === 'HTML4.0' });
    };
    try {
      if (format === 'HTML4.0') {
        const html = await draw();
        return reply.type('text/html; charset=utf-8').send(html);
      }
      app.pdf.assertAvailable();
      const pdf = await inPdfSlot(app, user.ID, async () =>
        printReport(app, { title: def.title, html: await draw(), landscape: def.landscape ?? false }, user),
      );
      return reply.type('text/plain; charset=utf-8').send(Buffer.from(pdf).toString('base64'));
    } catch (err) {
      return sendRefusal(req, reply, err);
    }
  });
};

export default reportsApiRoute;
