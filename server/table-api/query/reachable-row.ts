// One row of a resource by its key, as far as the user may reach it for an action: the edits and deletes
// lock it (change/change-rows.ts), the detail pages read it (server/details/). Out of reach and absent read
// alike (null), so a key outside a user's stores tells them nothing.
import type pg from 'pg';
import type { CurrentUser } from '../../../common/roles.ts';
import type { Action } from '../../../common/resources/types.ts';
import type { ResourceDef } from '../../resources/resource-def.ts';
import type { Row } from '../../resources/resource-def.ts';
import { scopeConditions } from './scope.ts';
import { fromClause, selectList } from './sql.ts';

/**
 * The row by key within the user's scope for `action` (never narrowed by the store selection); null when there
 * is none or it is out of reach. `served`: the resources the app serves (app.resources), which the scope may read.
 */
export async function reachableRow(
  db: pg.Pool | pg.PoolClient,
  def: ResourceDef,
  user: CurrentUser,
  served: ReadonlyArray<ResourceDef>,
  action: Action,
  key: number,
  lock = false,
): Promise<Row | null> {
  const params: unknown[] = [key];
  // Compared as int8: a key past the column's range names no row (rather than failing the cast).
  const conditions = [`${def.key.sql} = $1::int8`, ...scopeConditions(def, user, action, undefined, params, served)];
  const r = await db.query<Row>(
    `select ${selectList(def.columns)} from ${fromClause(def)} where ${conditions.map((c) => `(${c})`).join(' and ')}
     ${lock ? `for update of ${def.alias}` : ''}`,
    params,
  );
  return r.rows[0] ?? null;
}

/** The rows of `keys` within the user's scope for `action`, in no particular order (those out of reach left out). */
export async function reachableRows(
  db: pg.Pool | pg.PoolClient,
  def: ResourceDef,
  user: CurrentUser,
  served: ReadonlyArray<ResourceDef>,
  action: Action,
  keys: ReadonlyArray<number>,
): Promise<Row[]> {
  if (keys.length === 0) return [];
  const params: unknown[] = [keys];
  const conditions = [`${def.key.sql} = any($1::int8[])`, ...scopeConditions(def, user, action, undefined, params, served)];
  const r = await db.query<Row>(
    `select ${selectList(def.columns)} from ${fromClause(def)} where ${conditions.map((c) => `(${c})`).join(' and ')}`,
    params,
  );
  return r.rows;
}
