// Which rows of a resource a user may reach, as SQL over the resource: the definition's fixed condition
// (over the base alias), then its row scope on one of its columns (the user's visible and selected stores,
// their own group, their own rows, or rows about the app's resources). The stores', groups' and resources'
// rules come with the SQL half (ScopeRule, ServedScopeRule): who sees which stores, or whose audit entries,
// is not this generic layer's to know. Values are bound.
import type { CurrentUser } from '../../../common/roles.ts';
import type { Action } from '../../../common/resources/types.ts';
import type { ColumnDef, ResourceDef } from '../../resources/resource-def.ts';

/** The stores a request narrows to: the header's selection filters what a user reads; writes check the rule only. */
export function selectedStores(action: Action, stores: number[] | undefined): number[] | undefined {
  return action === 'list' || action === 'export' ? stores : undefined;
}

/**
 * `served`: the resources the app serves (app.resources), which a rule over rows about them reads.
 * `storesElsewhere`: the caller applies the store scope itself (server/table-api/query/filter.ts, on a dimension).
 */
export function scopeConditions(
  def: ResourceDef,
  user: CurrentUser,
  action: Action,
  stores: number[] | undefined,
  params: unknown[],
  served: ReadonlyArray<ResourceDef>,
  options: { storesElsewhere?: boolean } = {},
): string[] {
  const conditions = def.where ? [def.where] : [];
  const scope = def.scope;
  if (scope && 'stores' in scope) {
    if (!options.storesElsewhere) conditions.push(scope.rule(user, scope.stores.sql, params, selectedStores(action, stores)) ?? 'true');
  } else if (scope && 'group' in scope) {
    const ownGroup = scope.rule(user, scope.group.sql, params);
    if (ownGroup) conditions.push(ownGroup);
  } else if (scope && 'resource' in scope) {
    conditions.push(scope.rule(user, scope.resource.sql, params, served));
  } else if (scope && 'owner' in scope && action !== 'add') {
    params.push(user.ID);
    conditions.push(`${scope.owner.sql} = $${params.length}`);
  }
  return conditions;
}

/** The column the row scope reads, if any (the fixed condition reads the base table only). */
export function scopeColumns(def: ResourceDef): ColumnDef[] {
  const scope = def.scope;
  if (!scope) return [];
  if ('stores' in scope) return [scope.stores];
  if ('group' in scope) return [scope.group];
  return ['resource' in scope ? scope.resource : scope.owner];
}
