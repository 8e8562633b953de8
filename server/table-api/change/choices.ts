// The choices of a select field (a store for a sale, a recipient for a message): rows of another resource,
// as value and label, within what the signed-in user may reach there (its scope) and, when the field says
// so, where a flag of theirs holds (e.g. active users only) or within the user's own group (e.g. whom a
// regional user may message). A dialog lists them (GET /api/<resource>/options) and a change is
// checked against them, so a value nobody offered (another region's store, an inactive user, an id past
// the column's range) is refused on its field, whoever may or may not list that other resource whole. That
// other resource is one the app serves (app.resources), handed in as `served`.
import type pg from 'pg';
import { msg } from '../../messages.ts';
import type { CurrentUser } from '../../../common/roles.ts';
import type { Choices } from '../../../common/form-definition.ts';
import type { ColumnDef, ResourceDef } from '../../resources/resource-def.ts';
import type { LinkList } from '../../resources/resource-sql.ts';
import type { SentValues } from './db-errors.ts';
import type { FieldMessages } from './field-values.ts';
import { containsPattern } from '../query/filter.ts';
import { scopeColumns, scopeConditions } from '../query/scope.ts';
import { fromClause } from '../query/sql.ts';

/** Choices listed at once; a dialog narrows longer lists with a search. */
export const CHOICES_LISTED = 100;

interface Choice {
  value: unknown;
  label: unknown;
}

/**
 * The resource a field's options come from, among those the app serves, and its value, label, flag and
 * group columns (the registry's types hold them to exist).
 */
export function optionColumns(
  options: Choices,
  served: ReadonlyArray<ResourceDef>,
): {
  from: ResourceDef;
  value: ColumnDef;
  label: ColumnDef;
  only: ColumnDef[];
  sameGroup: ColumnDef[];
} {
  const from = served.find((r) => r.name === options.resource);
  // Asked when the routes are made, like the rule below: an app that leaves the resource out fails at start.
  if (!from) throw new Error(`the choices of a field come from ${options.resource}, which the app does not serve`);
  // Asked when the routes are made, so a definition that names a rule it lacks fails at start.
  if (options.sameGroup !== undefined && !from.sameGroupRule) throw new Error(`the resource ${from.name} has no sameGroupRule`);
  const column = (name: string) => from.columns.find((c) => c.name === name)!;
  return {
    from,
    value: column(options.value),
    label: column(options.label),
    only: options.only === undefined ? [] : [column(options.only)],
    sameGroup: options.sameGroup === undefined ? [] : [column(options.sameGroup)],
  };
}

/** SELECT of value and label over the choices the user has, narrowed by `extra` conditions (written against `params`). */
function choicesSql(
  options: Choices,
  user: CurrentUser,
  served: ReadonlyArray<ResourceDef>,
  params: unknown[],
  extra: (params: unknown[], columns: ReturnType<typeof optionColumns>) => string[],
): string {
  const columns = optionColumns(options, served);
  const { from, value, label, only, sameGroup } = columns;
  const conditions = [
    ...scopeConditions(from, user, 'list', undefined, params, served),
    ...only.map((c) => c.sql),
    ...sameGroup.flatMap((c) => from.sameGroupRule!(user, c.sql, params) ?? []),
    ...extra(params, columns),
  ];
  const where = conditions.length ? conditions.map((c) => `(${c})`).join(' and ') : 'true';
  const read = [value, label, ...only, ...sameGroup, ...scopeColumns(from)];
  return `select ${value.sql} as value, ${label.sql} as label from ${fromClause(from, read)} where ${where}`;
}

/** The field's choices in label order, those whose label contains `search` when given; `more` when there are others. */
export async function listChoices(
  pool: pg.Pool,
  options: Choices,
  user: CurrentUser,
  served: ReadonlyArray<ResourceDef>,
  search: string,
): Promise<{ options: Choice[]; more: boolean }> {
  const params: unknown[] = [];
  const text = choicesSql(options, user, served, params, (p, { label }) => {
    if (!search) return [];
    p.push(containsPattern(search));
    return [`cast(${label.sql} as text) ilike $${p.length}`];
  });
  params.push(CHOICES_LISTED + 1);
  const { rows } = await pool.query<Choice>(`${text} order by 2, 1 limit $${params.length}`, params);
  return { options: rows.slice(0, CHOICES_LISTED), more: rows.length > CHOICES_LISTED };
}

/** The codes among `codes` that name no row of the link list's choices. */
async function unknownCodes(pool: pg.Pool, links: LinkList, codes: ReadonlyArray<string>): Promise<string[]> {
  if (codes.length === 0) return [];
  const { code, table } = links.choices;
  const { rows } = await pool.query<{ code: string }>(`select ${code} as code from ${table} where ${code} = any($1::text[])`, [codes]);
  const known = new Set(rows.map((r) => r.code));
  return codes.filter((c) => !known.has(c));
}

/** A link list's choices (a user's possible roles), by code and label, in label order. */
export async function linkChoices(pool: pg.Pool, links: LinkList): Promise<{ options: Choice[]; more: boolean }> {
  const { code, name, table } = links.choices;
  const { rows } = await pool.query<Choice>(`select ${code} as value, ${name} as label from ${table} order by 2, 1`);
  return { options: rows, more: false };
}

/** The select fields among `sent` whose value is not one of their choices for this user, with the message. */
export async function unofferedValues(
  pool: pg.Pool,
  def: ResourceDef,
  user: CurrentUser,
  served: ReadonlyArray<ResourceDef>,
  sent: SentValues,
): Promise<FieldMessages> {
  const messages: FieldMessages = {};
  for (const { column, value } of sent) {
    if (column.links) {
      const unknown = await unknownCodes(pool, column.links, value as string[]);
      if (unknown.length) messages[column.name] = msg('tableUnknownCodes', unknown.map((code) => `"${code}"`).join(', '));
      continue;
    }
    const options = def.fields.find((f) => f.name === column.name)?.options;
    if (!options || value === null) continue;
    const params: unknown[] = [];
    // Compared as int8, as keys are: an id past the column's range is simply not among them.
    const text = choicesSql(options, user, served, params, (p, { value: v }) => (p.push(value), [`${v.sql} = $${p.length}::int8`]));
    if ((await pool.query(`${text} limit 1`, params)).rows.length === 0) messages[column.name] = msg('tableNotInList');
  }
  return messages;
}
