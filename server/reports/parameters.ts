// Report parameters as they arrive: the API's list of { name, value } pairs, or a query string (the report
// screen's GET form and the PDF stream). Either is read into the values the report's form declares, plus
// the header's store selection (`stores`: a JSON list or a comma list of ids, empty for every store), and
// checked with the form's rules (the date range check included) and the choices its selects offered.
import type pg from 'pg';
import { checkForm } from '../../common/form-definition.ts';
import { msg } from '../messages.ts';
import { scopeLabel } from '../../common/store-scope-label.ts';
import { loadStoreScope } from '../stores/store-scope.ts';
import { storesOf } from '../params/stores-param.ts';
import type { CurrentUser } from '../../common/roles.ts';
import type { ResourceDef } from '../resources/resource-def.ts';
import { choiceProblems, readForm, type ChoiceLists, type FormValues } from '../forms/submitted-form.ts';
import type { ReportDefinition, ReportInput } from './definition.ts';
import { ReportRefusal } from './report-refusal.ts';

/** Every report takes the store selection under this name besides its own parameters. */
export const STORES_PARAMETER = 'stores';

export type SentParameters = Record<string, string>;

/** The API's `parameters`: a list of { name, value }; a name the report does not declare is refused. */
export function parametersFromList(def: ReportDefinition, list: unknown): SentParameters {
  if (list === undefined || list === null) return {};
  if (!Array.isArray(list)) throw new ReportRefusal(400, msg('reportBadParameters'));
  const known = new Set([...def.parameters.fields.map((f) => f.name), STORES_PARAMETER]);
  const sent: SentParameters = {};
  for (const item of list) {
    const { name, value } = (item ?? {}) as { name?: unknown; value?: unknown };
    if (typeof name !== 'string' || (value !== null && !['string', 'number', 'undefined'].includes(typeof value))) {
      throw new ReportRefusal(400, msg('reportBadParameters'));
    }
    if (!known.has(name)) throw new ReportRefusal(400, msg('reportUnknownParameter', def.name, name));
    sent[name] = value === null || value === undefined ? '' : String(value);
  }
  return sent;
}

/** A query string's single values (the first of a repeated one); what is not the report's is left unread. */
export function parametersFromQuery(query: unknown): SentParameters {
  const sent: SentParameters = {};
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string') sent[name] = first;
  }
  return sent;
}

export interface CheckedParameters {
  values: FormValues;
  stores: number[] | null;
  choices: ChoiceLists;
  /** Each refused parameter's message by field (the date pair under its own name); empty when all pass. */
  messages: Record<string, string>;
}

export async function checkParameters(
  def: ReportDefinition,
  sent: SentParameters,
  pool: pg.Pool,
  user: CurrentUser,
  served: ReadonlyArray<ResourceDef>,
): Promise<CheckedParameters> {
  const values = readForm(def.parameters, sent);
  const choices = def.choices ? await def.choices(pool, user, served) : {};
  const messages = { ...checkForm(def.parameters, values), ...choiceProblems(def.parameters, values, choices) };
  return { values, stores: storesOf(sent[STORES_PARAMETER]), choices, messages };
}

/** A parameter's text as sent, trimmed. */
export function parameterText(input: Pick<ReportInput, 'values'>, name: string): string {
  const value = input.values[name];
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * A report's caption naming the stores it covers, as the header's selector names them: the user's own scope
 * ("All 110 Northeast stores") or the part of it selected ("12 of 110 Northeast stores").
 */
export async function storesCaption(pool: pg.Pool, user: CurrentUser, stores: number[] | null): Promise<string> {
  return msg('reportStores', scopeLabel(await loadStoreScope(pool, user), stores));
}
