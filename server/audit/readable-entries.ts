// Who may read an audit entry: whoever may reach the row it is about, as the resource's own list does. An
// entry holds the row before and after its change, so the audit log, its exports, a detail page's changes
// and the audit-trail report show a user an entry only when they may list its resource and the row (before or
// after the change) is within their row scope there: a message's entry to its recipient, a sale's to who sees
// its store. The author of a change reads their own entries (the sender of a message sees what they sent).
// Administrators see every store, but not other people's inbox: messages, alerts and notifications are their
// owner's only (docs/features.md, "The audit log"). One rule for all of them, as SQL over an audit_log row, over the
// resources the app serves (app.resources): an entity an app adds is read like the product's.
import { allows, type CurrentUser } from '../../common/roles.ts';
import type { ServedResource } from '../resources/resource-sql.ts';

/** The names of the resources among `served` that the user may list. */
export function listableResources(user: CurrentUser, served: ReadonlyArray<Pick<ServedResource, 'name' | 'access'>>): string[] {
  return served.filter((def) => allows(user, def.access.list)).map((def) => def.name);
}

/** A value of the row an entry recorded (`side`: its before or after JSON) as a whole number, or null. */
function recorded(side: string, name: string, params: unknown[]): string {
  params.push(name);
  const text = `${side} ->> $${params.length}::text`;
  // Written by the app, a key is a number; anything else (never expected) reaches nothing rather than failing.
  return `(case when ${text} ~ '^[0-9]{1,18}$' then (${text})::bigint end)`;
}

/**
 * The condition on an entry's row, on either side of the change, that keeps it within the user's row scope
 * of `def`, its values pushed on `params`; null (and nothing pushed) when the scope reaches every row.
 */
function rowInScope(user: CurrentUser, def: Pick<ServedResource, 'scope'>, entry: string, params: unknown[]): string | null {
  const scope = def.scope;
  if (!scope || 'resource' in scope) return null;
  // Built on a copy: a rule that reaches every row leaves nothing bound (PostgreSQL refuses a parameter unused).
  const bound = [...params];
  const sides = [`${entry}.before`, `${entry}.after`];
  let conditions: Array<string | null>;
  if ('owner' in scope) {
    bound.push(user.ID);
    const me = `$${bound.length}::bigint`;
    conditions = sides.map((side) => `${recorded(side, scope.owner.name, bound)} = ${me}`);
  } else {
    const column = 'stores' in scope ? scope.stores.name : scope.group.name;
    conditions = sides.map((side) => scope.rule(user, recorded(side, column, bound), bound));
  }
  if (conditions.some((c) => c === null || c === 'true')) return null;
  params.splice(0, params.length, ...bound);
  return `(${conditions.join(' or ')})`;
}

/**
 * The condition keeping the audit_log rows (under the alias `entry`) that the user may read, its values pushed
 * on `params`: those about a resource they may list whose row they may reach, or that they made themselves.
 */
export function readableEntriesSql(user: CurrentUser, entry: string, params: unknown[], served: ReadonlyArray<ServedResource>): string {
  const whole: string[] = [];
  const scoped: string[] = [];
  const listable = served.filter((def) => allows(user, def.access.list));
  for (const def of listable) {
    const inScope = rowInScope(user, def, entry, params);
    if (inScope === null) whole.push(def.name);
    else {
      params.push(def.name);
      scoped.push(`(${entry}.resource = $${params.length}::text and ${inScope})`);
    }
  }
  params.push(whole);
  const conditions = [`${entry}.resource = any($${params.length}::text[])`, ...scoped];
  if (scoped.length > 0) {
    const author = `${entry}.user_id = $${params.push(user.ID)}::int`;
    conditions.push(`(${author} and ${entry}.resource = any($${params.push(listable.map((def) => def.name))}::text[]))`);
  }
  return `(${conditions.join(' or ')})`;
}
