// The registry of reports: each lives in a folder of its own beside this file (its definition, query and
// parameters); listing it here puts it in the report list and the screen's form, and serves it through both
// API calls, as HTML and as PDF. Names are unique across folders, and never a table's name: the PDF stream
// (GET /api/common/report?filename=) serves either.
import { allows, type CurrentUser } from '../../common/roles.ts';
import { auditTrailReport } from './audit-trail/index.ts';
import { cycleSummaryReport } from './cycle-summary/index.ts';
import type { ReportDefinition } from './definition.ts';
import { salesByStateReport } from './sales-by-state/index.ts';
import { salesByStoreReport } from './sales-by-store/index.ts';

export const reports: ReadonlyArray<ReportDefinition> = [salesByStoreReport, salesByStateReport, cycleSummaryReport, auditTrailReport];

/** The report of this name; in this folder when one is named. */
export function findReport(name: string, folder?: string): ReportDefinition | undefined {
  return reports.find((r) => r.name === name && (folder === undefined || r.folder === folder));
}

/** The reports this user may run, by folder, in the registry's order. */
export function reportsFor(user: CurrentUser): Array<{ folder: string; reports: ReportDefinition[] }> {
  const folders = new Map<string, ReportDefinition[]>();
  for (const report of reports) {
    if (!allows(user, report.access)) continue;
    folders.set(report.folder, [...(folders.get(report.folder) ?? []), report]);
  }
  return [...folders].map(([folder, list]) => ({ folder, reports: list }));
}
