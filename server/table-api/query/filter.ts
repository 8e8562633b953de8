// Which rows a list or export request reaches, as SQL over the resource: the scope (fixed condition, the
// user's stores or own rows) and the searches, every value a bound parameter. A resource whose rows hang
// from a dimension (sales from stores and their states) has the conditions that read only the dimension
// resolved there first, to the dimension's ids: the big table is then filtered by `key = any(ids)`. The
// planner cannot estimate "store name contains 'air'" across a join (it guessed 13k rows where none
// matched, and walked a million sales rows in date order looking for them); an id list it estimates well,
// and the big table's indexes carry the key, so counts, totals and deep pages read no joined tables.
// Column filters are conditions of their kind (column-condition.ts); a search word typed as a day also
// finds that day in the date columns shown.
import type pg from 'pg';
import type { CurrentUser } from '../../../common/roles.ts';
import type { Action } from '../../../common/resources/types.ts';
import type { ColumnDef, ResourceDef } from '../../resources/resource-def.ts';
import type { TableRequest } from '../request/table-request.ts';
import { scopeColumns, scopeConditions, selectedStores } from './scope.ts';
import { mapPlaceholders, typedParam } from './sql.ts';
import { columnCondition, dayCondition, matches, type Condition } from './column-condition.ts';

export { containsPattern } from './column-condition.ts';
export type { Condition };
import { searchedDay } from '../../../common/table-filters.ts';
import type { Limits } from '../../limits.ts';
import { keptRows } from '../cache/totals-cache.ts';

export interface Filter {
  /** The rows the user may see at all (fixed condition and scope): what recordsTotal counts. */
  scope: string;
  /** The parameters `scope` names (a prefix of `params`). */
  scopeParams: unknown[];
  /** The columns `scope` reads (besides the base table's fixed condition): what it needs joined. */
  scopeColumns: ReadonlyArray<ColumnDef>;
  /** The scope plus the searches: what recordsFiltered counts and the page shows. */
  where: string;
  params: unknown[];
  /** The columns `where` reads (besides the fixed condition). */
  columns: ReadonlyArray<ColumnDef>;
  searched: boolean;
}

/** The planner's thresholds (config.limits.lists): here, up to how many dimension ids a condition lists them. */
export type ListLimits = Limits['lists'];

/** A condition with the columns it reads. */
interface Reading {
  condition: Condition;
  columns: ReadonlyArray<ColumnDef>;
}

/**
 * The column equal to `value` (NULL to NULL: the group of rows without a value); a point in time within
 * the millisecond given, as the API writes times and groups them (list/group-page.ts).
 */
function equals(column: ColumnDef, value: unknown): Condition {
  return (params) => {
    if (value === null) return `${column.sql} is null`;
    const given = typedParam(params, value, column.type);
    return column.type === 'datetime'
      ? `${column.sql} >= ${given} and ${column.sql} < ${given} + interval '1 millisecond'`
      : `${column.sql} = ${given}`;
  };
}

function and(conditions: ReadonlyArray<string>): string {
  return conditions.length ? conditions.map((c) => `(${c})`).join(' and ') : 'true';
}

const or =
  (conditions: ReadonlyArray<Condition>): Condition =>
  (params) =>
    `(${conditions.map((c) => c(params)).join(' or ')})`;

export async function buildFilter(
  pool: pg.Pool,
  def: ResourceDef,
  req: TableRequest,
  user: CurrentUser,
  served: ReadonlyArray<ResourceDef>,
  action: Action,
  limits: ListLimits,
): Promise<Filter> {
  const dimension = def.dimension;
  const onDimension = (columns: ReadonlyArray<ColumnDef>) =>
    dimension !== undefined && columns.every((c) => c.join !== undefined && dimension.joins.includes(c.join));
  const storeRows = def.scope && 'stores' in def.scope ? def.scope : undefined;
  const storesOnDimension = dimension !== undefined && storeRows?.stores.name === dimension.key.name;
  const dimensionScope: Condition = (p) => storeRows!.rule(user, dimension!.id, p, selectedStores(action, req.stores)) ?? 'true';

  /** A search word: some searchable column contains it, or, typed as a day, a date column holds that day. */
  const wordReading = async (term: string): Promise<Reading & { dimension: boolean }> => {
    const day = req.dateSearchColumns.length ? searchedDay(term) : null;
    const contains = { condition: matches(req.searchColumns, term), columns: req.searchColumns, dimension: onDimension(req.searchColumns) };
    if (day === null) return contains;
    const onDay = { condition: dayCondition(req.dateSearchColumns, day), columns: req.dateSearchColumns };
    // The words' part on the dimension is resolved there, as a search on it alone would be.
    const resolved =
      dimension && storesOnDimension && contains.dimension && req.searchColumns.length
        ? (await resolveDimension(pool, def.name, dimension, dimensionScope, [contains.condition], limits.dimensionMaxIds)).found
        : undefined;
    const found = resolved ? { condition: resolved, columns: [dimension!.key] } : contains;
    return { condition: or([found.condition, onDay.condition]), columns: [...found.columns, ...onDay.columns], dimension: false };
  };

  const searches: Array<Reading & { dimension: boolean }> = [
    ...(await Promise.all(req.searchTerms.map(wordReading))),
    ...req.columnSearch.map(({ column, filter }) => ({
      condition: columnCondition(column, filter),
      columns: [column],
      dimension: onDimension([column]),
    })),
    // The group read inside (`group`): each grouping column equal to its value.
    ...req.within.map((value, i) => {
      const column = req.groups[i]!;
      return { condition: equals(column, value), columns: [column], dimension: onDimension([column]) };
    }),
  ];
  const params: unknown[] = [];
  const scope = scopeConditions(def, user, action, req.stores, params, served, { storesElsewhere: storesOnDimension });
  if (dimension && storesOnDimension) {
    const dimensionSearches = searches.filter((s) => s.dimension).map((s) => s.condition);
    const resolved = await resolveDimension(pool, def.name, dimension, dimensionScope, dimensionSearches, limits.dimensionMaxIds);
    if (resolved.scoped) scope.push(resolved.scoped(params));
    const scopeParams = [...params];
    // The ids found on the dimension are a condition on its key column.
    const found = resolved.found ? [{ condition: resolved.found, columns: [dimension.key] }] : [];
    // The key is read only when the scope narrows the rows: an unscoped list reads no column, so a totals
    // table that does not keep the key (per day: list/positions.ts) may answer it.
    return finish(
      { conditions: scope, params: scopeParams, columns: resolved.scoped ? [dimension.key] : [] },
      [...found, ...searches.filter((s) => !s.dimension)],
      params,
    );
  }
  const scopeParams = [...params];
  return finish({ conditions: scope, params: scopeParams, columns: scopeColumns(def) }, searches, params);
}

function finish(
  scope: { conditions: string[]; params: unknown[]; columns: ReadonlyArray<ColumnDef> },
  rest: ReadonlyArray<Reading>,
  params: unknown[],
): Filter {
  const where = [...scope.conditions, ...rest.map((r) => r.condition(params))];
  return {
    scope: and(scope.conditions),
    scopeParams: scope.params,
    scopeColumns: scope.columns,
    where: and(where),
    params,
    columns: [...new Set([...scope.columns, ...rest.flatMap((r) => r.columns)])],
    searched: rest.length > 0,
  };
}

type Dimension = NonNullable<ResourceDef['dimension']>;

interface DimensionIds {
  scoped: number[] | null;
  found: number[] | null;
  scoped_n: number;
  found_n: number;
}

/**
 * The dimension's ids in the user's scope and, when there are searches on it, those that also match them;
 * each as a condition on the base table's key. `scoped` is absent when the scope is every row.
 */
async function resolveDimension(
  pool: pg.Pool,
  resource: string,
  dimension: Dimension,
  scopeCondition: Condition,
  searches: Condition[],
  maxIds: number,
): Promise<{ scoped?: Condition; found?: Condition }> {
  const params: unknown[] = [];
  const scope = scopeCondition(params);
  const scopeParams = [...params];
  if (scope === 'true' && searches.length === 0) return {};
  const searched = and(searches.map((s) => s(params)));
  // The scope and the searches are read once per row, in the inner select (kept apart by OFFSET 0, which
  // stops the planner from copying the searches into each aggregate's filter). The ids are kept as the
  // resource's totals are: a region user's every page, and each page and sort of a search, ask for the same
  // ones, and finding them reads every store (an ILIKE per searched column: 4 ms at 5,000 stores).
  const text = `select count(*)::int as scoped_n, count(*) filter (where d.found)::int as found_n,
       case when count(*) <= $${params.length + 1} then array_agg(d.id order by d.id) end as scoped,
       case when count(*) filter (where d.found) <= $${params.length + 1} then array_agg(d.id order by d.id) filter (where d.found) end as found
     from (select ${dimension.id} as id, coalesce(${searched}, false) as found from ${dimension.from} where ${scope} offset 0) d`;
  const values = [...params, maxIds];
  // An aggregate without GROUP BY answers one row, always.
  const row = (await keptRows<DimensionIds>(pool, resource, text, values))[0]!;
  const inList =
    (ids: number[] | null, n: number, condition: string, values: unknown[]): Condition =>
    (p) => {
      // None: said as such, so the planner drops it from an OR (a word that names no store but a day reads
      // that day's index entries, where `= any('{}')` left it walking the whole date index: 0.5 s at 10M).
      if (n === 0) return 'false';
      if (n <= maxIds) {
        p.push(ids ?? []);
        return `${dimension.key.sql} = any($${p.length}::${dimension.keyType}[])`;
      }
      // Too many to list: the same condition as a subquery, its values bound again under new numbers.
      const by = p.length;
      const text = `${dimension.key.sql} in (select ${dimension.id} from ${dimension.from} where ${mapPlaceholders(condition, (n) => `$${n + by}`)})`;
      p.push(...values);
      return text;
    };
  return {
    scoped: scope === 'true' ? undefined : inList(row.scoped, row.scoped_n, scope, scopeParams),
    found: searches.length ? inList(row.found, row.found_n, `${scope} and ${searched}`, params) : undefined,
  };
}
