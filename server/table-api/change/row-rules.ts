// Rules a resource's changes obey beyond what its definition declares as data (who may grant an
// administrator's flag, say): each is asked in the row's own transaction, with the row as it stood before
// the change (null for an add) and the values sent, before anything is written. By resource name.
import type { CurrentUser } from '../../../common/roles.ts';
import type { ResourceDef } from '../../resources/resource-def.ts';
import type { Row } from '../list/list.ts';
import type { RowFailure, SentValues } from './db-errors.ts';
import { usersTableRule } from '../../users/users-table-rule.ts';
import { recipientRule } from '../../inbox/recipient-rule.ts';

/** The failure to report for this row, or null when the rule lets the change through. */
export type RowRule = (user: CurrentUser, before: Row | null, sent: SentValues) => RowFailure | null;

const rowRules: Readonly<Record<string, RowRule>> = {
  users: usersTableRule,
  messages: recipientRule,
  alerts: recipientRule,
  notifications: recipientRule,
};

export function rowRuleOf(def: ResourceDef): RowRule | undefined {
  return rowRules[def.name];
}
