// The values a choice column's filter offers when they live in another table (a sale's state: the states'
// codes; an audit entry's table: the tables the log names), as its definition says (`choicesFrom`): that
// resource's column, distinct and sorted, within what the user may reach there (its scope). Not secret
// beyond that scope, they are offered to whoever may list the table filtered. That resource is one the app
// serves (app.resources), handed in as `served`.
import type pg from 'pg';
import type { CurrentUser } from '../../../common/roles.ts';
import type { ColumnDef, ResourceDef } from '../../resources/resource-def.ts';
import { scopeColumns, scopeConditions } from '../query/scope.ts';
import { fromClause } from '../query/sql.ts';

/** Values offered at most: a filter is a list to tick, not a search. */
export const FILTER_VALUES_LISTED = 500;

/** The source resource and column of a `choicesFrom` column; throws when the definition names none the app serves (a bug). */
function choicesSource(column: ColumnDef, served: ReadonlyArray<ResourceDef>): { from: ResourceDef; value: ColumnDef } {
  const source = column.choicesFrom;
  const from = source && served.find((r) => r.name === source.resource);
  const value = from?.columns.find((c) => c.name === source?.column);
  if (!from || !value) throw new Error(`column ${column.name}: its choices come from no column of a resource the app serves`);
  return { from, value };
}

export async function filterValues(
  pool: pg.Pool,
  column: ColumnDef,
  user: CurrentUser,
  served: ReadonlyArray<ResourceDef>,
): Promise<string[]> {
  const { from, value } = choicesSource(column, served);
  const params: unknown[] = [];
  const conditions = [...scopeConditions(from, user, 'list', undefined, params, served), `${value.sql} is not null`];
  params.push(FILTER_VALUES_LISTED);
  const { rows } = await pool.query<{ value: unknown }>(
    `select distinct cast(${value.sql} as text) as value from ${fromClause(from, [value, ...scopeColumns(from)])}
     where ${conditions.map((c) => `(${c})`).join(' and ')} order by 1 limit $${params.length}`,
    params,
  );
  return rows.map((r) => String(r.value));
}
