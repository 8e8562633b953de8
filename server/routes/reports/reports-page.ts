// GET /reports: the sales report's parameter form. POST /reports/sales-by-state checks the parameters with
// the form's definition and answers the result panel, which htmx swaps in under the form, or 422 with the
// messages. A request without htmx gets the whole page: the form with its values, and the panel.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { format, parse } from 'date-fns';
import { checkForm } from '../../../common/form-definition.ts';
import { parseSelection } from '../../../common/store-selection.ts';
import { dateRangeDefaults } from '../../../common/validation.ts';
import { fieldViews } from '../../forms/field-views.ts';
import { choiceProblems, readForm, textValue, type ChoiceLists, type FormValues } from '../../forms/submitted-form.ts';
import { isPartial } from '../../plugins/partial-pages.ts';
import { loadCycleChoices } from '../../reports/cycle-choices.ts';
import { salesByState } from '../../reports/sales-by-state.ts';
import { salesByStatePanel, type ReportPanel } from '../../reports/sales-by-state-panel.ts';
import { salesReportForm } from './sales-report-form.ts';

const config = { access: { role: 'reports' } } as const;
const noPanel: ReportPanel = { messages: [], result: null };

/** A date the range check accepted, as PostgreSQL reads it. */
function isoDay(typed: string): string {
  return format(parse(typed, dateRangeDefaults.format, new Date()), 'yyyy-MM-dd');
}

export default async function reportRoutes(app: FastifyInstance) {
  async function draw(
    req: FastifyRequest,
    reply: FastifyReply,
    status: number,
    choices: ChoiceLists,
    panel: ReportPanel,
    values: FormValues = {},
    messages: Record<string, string> = {},
  ) {
    reply.code(status);
    if (isPartial(req) && req.method === 'POST') {
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').viewAsync('reports/_sales-by-state.eta', panel);
    }
    return reply.page('reports', {
      title: 'Reports',
      fields: fieldViews(salesReportForm, { idPrefix: 'sales-report', values, messages, choices }),
      dateRange: JSON.stringify(salesReportForm.dateRange),
      panel,
    });
  }

  app.get('/reports', { config }, async (req, reply) => draw(req, reply, 200, { CycleID: await loadCycleChoices(app.db.pool) }, noPanel));

  app.post('/reports/sales-by-state', { config }, async (req, reply) => {
    const values = readForm(salesReportForm, req.body);
    const cycles = await loadCycleChoices(app.db.pool);
    const choices = { CycleID: cycles };
    const messages = { ...checkForm(salesReportForm, values), ...choiceProblems(salesReportForm, values, choices) };
    if (Object.keys(messages).length > 0) {
      return draw(req, reply, 422, choices, { messages: Object.values(messages), result: null }, values, messages);
    }
    const posted = req.body as { stores?: unknown } | undefined;
    const stores = parseSelection(typeof posted?.stores === 'string' ? posted.stores : null);
    const cycleId = textValue(values, 'CycleID');
    const from = textValue(values, 'FromDate');
    const to = textValue(values, 'ToDate');
    const result = await salesByState(app.db.pool, req.signedInUser(), {
      from: isoDay(from),
      to: isoDay(to),
      cycleId: cycleId ? Number(cycleId) : null,
      stores,
    });
    const cycleLabel = cycles.find((c) => c.value === cycleId)?.label ?? null;
    return draw(req, reply, 200, choices, salesByStatePanel(result, { from, to, cycleLabel, stores }), values);
  });
}
