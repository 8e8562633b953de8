// Whether someone told of a row's change may still see that row, and the row as they may see it: an edited
// row as their list would show it now (null once out of their reach, e.g. a store moved to another region);
// a deleted row from its last values, when those were within their reach. A notice names a row only from
// what its reader may see.
import type pg from 'pg';
import { allows, type CurrentUser } from '../../../common/roles.ts';
import type { ResourceDef } from '../../resources/resource-def.ts';
import type { Row } from '../../resources/resource-def.ts';
import { reachableRow } from '../../table-api/query/reachable-row.ts';
import { groupScope, storeScope } from '../../stores/visible-stores.ts';

export async function rowInReach(
  pool: pg.Pool,
  def: ResourceDef,
  reader: CurrentUser,
  served: ReadonlyArray<ResourceDef>,
  key: number,
  deleted: Row | null,
): Promise<Row | null> {
  if (!allows(reader, def.access.list)) return null;
  if (!deleted) return reachableRow(pool, def, reader, served, 'list', key);
  return (await valuesInReach(pool, def, reader, deleted)) ? deleted : null;
}

/**
 * Whether a row's values fall within the reader's row scope. Evaluated on the value alone: a store scope
 * asks whether that store is among theirs, so a deleted store (whose region is gone with it) is nobody's
 * but those who see every store.
 */
async function valuesInReach(pool: pg.Pool, def: ResourceDef, reader: CurrentUser, row: Row): Promise<boolean> {
  const scope = def.scope;
  if (!scope) return true;
  if (!('stores' in scope) && !('group' in scope)) return false;
  const params: unknown[] = [row[('stores' in scope ? scope.stores : scope.group).name] ?? null];
  const condition =
    'stores' in scope ? storeScope(reader, '$1::int', undefined, params) : (groupScope(reader, '$1::int', params) ?? 'true');
  const { rows } = await pool.query<{ ok: boolean }>(`select (${condition}) is true as ok`, params);
  return rows[0]?.ok === true;
}
