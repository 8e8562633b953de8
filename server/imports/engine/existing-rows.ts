// The rows of the table a batch of an import names, found by the import's key (its `key` columns, a found
// select in place of the column it is found from: a sale by its store's id and its day), within what the user
// may edit there. In an import that writes they are locked until its transaction ends, so what a row is
// compared with is what it is changed from. The resource's rule on the keys of the rows it adds (a sale's
// store open on its day: ImportKeyCheck) is asked in the same statement.
import type pg from 'pg';
import type { CurrentUser } from '../../../common/roles.ts';
import type { ColumnDef, ResourceDef, Row } from '../../resources/resource-def.ts';
import type { RowRuleFailure } from '../../resources/resource-sql.ts';
import { scopeConditions } from '../../table-api/query/scope.ts';
import { fromClause, selectList } from '../../table-api/query/sql.ts';
import { importOf } from './import-fields.ts';

const arrayTypes = { text: 'text', integer: 'int8', number: 'numeric', boolean: 'bool', date: 'date', datetime: 'timestamptz' } as const;

const matched = new WeakMap<ResourceDef, ReadonlyArray<ColumnDef>>();

/** The columns a row is matched on, in the key's order: a found select's in place of the column it is found from. */
export function matchColumns(def: ResourceDef): ReadonlyArray<ColumnDef> {
  const known = matched.get(def);
  if (known) return known;
  const spec = importOf(def);
  const columns = spec.key.map((name) => {
    const found = Object.entries(spec.finds ?? {}).find(([, f]) => f.by === name)?.[0];
    const column = def.columns.find((c) => c.name === (found ?? name));
    if (!column?.writes) throw new Error(`resource ${def.name}: the import key ${name} is no column a field writes`);
    return column;
  });
  matched.set(def, columns);
  return columns;
}

/** What a batch's lookup found for each of its keys: the rows (none, one, or several when ambiguous), and the resource's refusal of an add by that key. */
export interface Existing {
  rows: Row[][];
  /** The resource's ImportKeyCheck's refusal of a row added with the key (null: none, or the resource has no such check). */
  refusals: Array<RowRuleFailure | null>;
}

/**
 * For each of `keys` (match values in matchColumns' order), the rows found and, in the same statement, what the
 * resource's ImportKeyCheck refuses of an add by it.
 */
export async function existingRows(
  client: Pick<pg.PoolClient, 'query'>,
  def: ResourceDef,
  user: CurrentUser,
  served: ReadonlyArray<ResourceDef>,
  keys: ReadonlyArray<ReadonlyArray<unknown>>,
  lock: boolean,
): Promise<Existing> {
  const found: Existing = { rows: keys.map(() => []), refusals: keys.map(() => null) };
  if (keys.length === 0) return found;
  const columns = matchColumns(def);
  const params: unknown[] = columns.map((_, n) => keys.map((k) => k[n]));
  params.push(keys.map((_, i) => i));
  const list = columns.map((c, n) => `$${n + 1}::${arrayTypes[c.type]}[]`).join(', ');
  const names = columns.map((_, n) => `k${n}`).join(', ');
  const on = columns.map((c, n) => `${c.sql} = m.k${n}`).join(' and ');
  const scope = scopeConditions(def, user, 'edit', undefined, params, served);
  const where = scope.length ? scope.map((c) => `(${c})`).join(' and ') : 'true';
  const check = def.importKeyCheck;
  // The rows found, locked in the key's order; and beside them, by key, the check's refusals (as JSON).
  const { rows } = await client.query<Row & { __i: number | null; __refused?: Record<string, unknown> | null }>(
    `with m as materialized (select * from unnest(${list}, $${columns.length + 1}::int[]) as m(${names}, i)),
     found as (select ${selectList(def.columns)}, m.i as "__i"
       from ${fromClause(def)} join m on ${on}
       where ${where} ${lock ? `order by ${def.key.sql} for update of ${def.alias}` : ''})
     ${
       check
         ? `, refused as (${check.sql('m')})
     select f.*, to_json(r) as "__refused" from found f full join refused r on r.i = f."__i"`
         : 'select * from found'
     }`,
    params,
  );
  for (const { __i, __refused, ...row } of rows) {
    if (__refused) found.refusals[Number(__refused.i)] = check!.failure(__refused);
    if (__i !== null) found.rows[__i]!.push(row);
  }
  return found;
}
