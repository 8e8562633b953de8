// Which rows of a resource a user may reach, as SQL over the base alias: the definition's fixed condition,
// then its row scope (the user's visible and selected stores, or the user's own rows). Values are bound.
import type { CurrentUser } from '../../common/roles.ts';
import type { Action, ResourceDef } from '../../common/resources/types.ts';
import { storeScope } from '../stores/visible-stores.ts';

export function scopeConditions(
  def: ResourceDef,
  user: CurrentUser,
  action: Action,
  stores: number[] | undefined,
  params: unknown[],
): string[] {
  const conditions = def.where ? [def.where] : [];
  const scope = def.scope;
  if (scope && 'stores' in scope) {
    // Writes check the rule only: which stores a user has selected in the header filters what they see.
    conditions.push(storeScope(user, scope.stores, action === 'list' || action === 'export' ? stores : undefined, params));
  } else if (scope && 'owner' in scope && action !== 'add') {
    params.push(user.ID);
    conditions.push(`${scope.owner} = $${params.length}`);
  }
  return conditions;
}
