// Which stores a user may see: administrators and head office see every store; everyone else sees the
// stores of their own group (region). Tables, summaries and reports scope rows with this one rule; the
// table API is handed it by the resources' SQL halves (storeRows, groupRows, sameGroupRule).
import type { CurrentUser } from '../../common/roles.ts';
import type { ScopeRule } from '../resources/resource-sql.ts';

export function seesAllStores(user: Pick<CurrentUser, 'IsAdmin' | 'IsSuperAdmin' | 'GroupCode'>): boolean {
  return user.IsAdmin || user.IsSuperAdmin || user.GroupCode === 'HQ';
}

/**
 * The same rule in SQL, for many users at once (who is told of a store's missing sales): over a users row
 * `u` and its group's row `g` (left joined), whether the user sees the store row `s`.
 */
export function seesStoreSql(u: string, g: string, s: string): string {
  return `(${u}.is_admin or ${u}.is_super_admin or ${g}.code = 'HQ' or ${s}.group_id = ${u}.group_id)`;
}

/** A SQL condition limiting a group id expression to the user's own group, or null when they see every store. */
export function groupScope(user: CurrentUser, groupIdSql: string, params: unknown[]): string | null {
  if (seesAllStores(user)) return null;
  params.push(user.GroupID ?? -1);
  return `${groupIdSql} = $${params.length}`;
}

/**
 * A SQL condition on a store id expression limiting it to the user's visible stores and, when given,
 * to the selected ones. Values are bound: the caller passes `params` on and gets the next index back.
 */
export function storeScope(user: CurrentUser, storeIdSql: string, selected: ReadonlyArray<number> | undefined, params: unknown[]): string {
  const parts: string[] = [];
  const ownGroup = groupScope(user, 'group_id', params);
  if (ownGroup) parts.push(`${storeIdSql} in (select store_id from stores where ${ownGroup})`);
  if (selected && selected.length > 0) {
    params.push(selected);
    parts.push(`${storeIdSql} = any($${params.length}::int[])`);
  }
  return parts.length ? parts.join(' and ') : 'true';
}

/** A SQL half's row scope for rows that are a store's (`column`: the store id): the user's visible and selected stores. */
export function storeRows<const Column extends string>(column: Column) {
  const rule: ScopeRule = (user, sql, params, selected) => storeScope(user, sql, selected, params);
  return { stores: column, rule };
}

/** Rows narrowed to the user's own group (a group id's SQL), unless they see every store. */
export const sameGroupRule: ScopeRule = (user, sql, params) => groupScope(user, sql, params);

/** A SQL half's row scope for rows that are a group's (`column`: the group id). */
export function groupRows<const Column extends string>(column: Column) {
  return { group: column, rule: sameGroupRule };
}
