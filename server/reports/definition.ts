// A report declared once: its name and folder (how the report list groups it and the API finds it), title,
// who may run it, its parameters as a form definition (fields with the shared validation rules, an optional
// From/To pair under the spec's date range check), the choices its select parameters offer, its query, and
// the template that draws what the query returns. The report list, the parameter form, both API calls and
// the PDF all follow from this (registry.ts).
import type pg from 'pg';
import type { FormDefinition } from '../../common/form-definition.ts';
import type { Access, CurrentUser } from '../../common/roles.ts';
import type { ChoiceLists, FormValues } from '../forms/submitted-form.ts';
import type { MessageKey } from '../messages.ts';
import type { ResourceDef } from '../resources/resource-def.ts';
import { worded } from '../worded.ts';

/** What a report's query gets: the parameters, already checked against the form, and the store selection. */
export interface ReportInput {
  pool: pg.Pool;
  user: CurrentUser;
  values: FormValues;
  /** The header's store selection; null for every store the user may see. */
  stores: number[] | null;
  /** The options the select parameters offered (a cycle's name and dates, for instance). */
  choices: ChoiceLists;
  /** The most rows a report may print (config.limits.reports.maxRows): past it the user narrows it. */
  maxRows: number;
  /** The resources the app serves (app.resources): the tables a report about them names (the audit trail). */
  served: ReadonlyArray<ResourceDef>;
}

/** What the report's template draws under its title, and the lines that say what the figures cover. */
export interface ReportOutput {
  caption: string[];
  body: object;
}

export interface ReportDefinition {
  /** The URL and API name (kebab-case), unique across folders. */
  name: string;
  folder: string;
  title: string;
  /** One sentence for the report list. */
  description: string;
  access: Access;
  parameters: FormDefinition;
  /** The options of the select parameters, as offered to this user (`served`: as in ReportInput). */
  choices?: (pool: pg.Pool, user: CurrentUser, served: ReadonlyArray<ResourceDef>) => Promise<ChoiceLists>;
  /** The values its form starts with before it is first sent (the cycle under way, for instance). */
  initialValues?: (pool: pg.Pool) => Promise<FormValues>;
  run: (input: ReportInput) => Promise<ReportOutput>;
  /** The Eta view (under views/) drawing `body`. */
  template: string;
  /** Printed across the page: for reports with many columns. */
  landscape?: boolean;
}

export const DEFAULT_FOLDER = 'Reports';

/** The shared grouped table (server/reports/table/report-table.ts) draws most reports. */
export const TABLE_TEMPLATE = 'reports/_table.eta';

/**
 * A definition with the defaults filled in, its type checked where it is written. Its title and description
 * are named by their message keys and read from common/messages.ts when asked (server/worded.ts), so the
 * language file the server loads once ready (server/language.ts) reaches them.
 */
export function defineReport(
  def: Omit<ReportDefinition, 'folder' | 'template' | 'title' | 'description'> &
    Partial<Pick<ReportDefinition, 'folder' | 'template'>> & { title: MessageKey; description: MessageKey },
): ReportDefinition {
  const { title, description, ...rest } = def;
  return worded({ folder: DEFAULT_FOLDER, template: TABLE_TEMPLATE, ...rest }, { title, description });
}
