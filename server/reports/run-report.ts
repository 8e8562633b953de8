// A report run for a user, whichever way it was asked for (the screen, POST /api/common/reports, the PDF
// stream): refused when the parameters are not right, else its query run and drawn as HTML, and that HTML
// printed into a PDF on request, with who printed it and when in each page's header.
import type { FastifyInstance } from 'fastify';
import { formatDateTime } from '../../common/format.ts';
import { msg } from '../messages.ts';
import type { CurrentUser } from '../../common/roles.ts';
import type { ReportDefinition } from './definition.ts';
import { checkParameters, type CheckedParameters, type SentParameters } from './parameters.ts';
import { openableDetails } from '../details/detail-tables.ts';
import { reportDocument, reportFragment } from './render.ts';
import { ReportRefusal } from './report-refusal.ts';
import { noticeExport } from '../inbox/system/export-notices.ts';

export const reportFormats = ['HTML4.0', 'pdf'] as const;
export type ReportFormat = (typeof reportFormats)[number];

/** The format named (in any case), HTML when none is; null for any other. */
export function readFormat(asked: unknown): ReportFormat | null {
  if (asked === undefined || asked === null || asked === '') return 'HTML4.0';
  return reportFormats.find((f) => typeof asked === 'string' && f.toLowerCase() === asked.trim().toLowerCase()) ?? null;
}

/** Refused parameters: 422 with each message, by field, and all of them in one sentence. */
export class ParameterRefusal extends ReportRefusal {
  constructor(readonly fields: Record<string, string>) {
    super(422, Object.values(fields).join(' '));
  }
}

/** The parameters checked against the report's form; a ParameterRefusal when any is not right. */
export async function acceptedParameters(
  app: FastifyInstance,
  def: ReportDefinition,
  sent: SentParameters,
  user: CurrentUser,
): Promise<CheckedParameters> {
  const checked = await checkParameters(def, sent, app.db.pool, user, app.resources);
  if (Object.keys(checked.messages).length > 0) throw new ParameterRefusal(checked.messages);
  return checked;
}

/**
 * The report's HTML fragment for accepted parameters. `forScreen`: read in a browser, where the records it
 * names link to their detail pages (for a user who may open them); not when it is to be printed.
 */
export async function drawReport(
  app: FastifyInstance,
  def: ReportDefinition,
  checked: CheckedParameters,
  user: CurrentUser,
  { description, forScreen = false }: { description?: string; forScreen?: boolean } = {},
): Promise<string> {
  const { values, stores, choices } = checked;
  const [output, links] = await Promise.all([
    def.run({
      pool: app.db.reads({ user }).pool,
      user,
      values,
      stores,
      choices,
      maxRows: app.config.limits.reports.maxRows,
      served: app.resources,
    }),
    forScreen ? openableDetails(app, user) : {},
  ]);
  return reportFragment(app, { title: def.title, description, template: def.template, output, links });
}

/** "Printed by Jordan Lee on 21/11/2026 14:05" */
export function printedBy(user: CurrentUser, at = new Date()): string {
  return msg('reportPrintedBy', user.FullName || user.UserName, formatDateTime(at));
}

/** A drawn report (or table) printed into a PDF; its user hears when a long one is ready, or that it failed. */
export async function printReport(
  app: FastifyInstance,
  report: { title: string; html: string; landscape: boolean },
  user: CurrentUser,
): Promise<Uint8Array> {
  const startedAt = Date.now();
  const what = { title: report.title, format: 'PDF' };
  try {
    const document = await reportDocument(app, report.title, report.html);
    const pdf = await app.pdf.print(document, { title: report.title, printed: printedBy(user), landscape: report.landscape });
    noticeExport(app, user, what, startedAt, { done: true });
    return pdf;
  } catch (err) {
    noticeExport(app, user, what, startedAt, {
      done: false,
      reason: err instanceof ReportRefusal ? err.message : msg('exportFailedReason'),
    });
    throw err;
  }
}
