// The privilege rules (privileges.ts) applied to the users table's changes: each row's flags as they were
// before the change against the privilege fields the change sends, one row at a time (a bulk edit may be
// allowed on a clerk's account and refused on an administrator's), and who may set its temporary password.
import type { RowRule } from '../resources/resource-sql.ts';
import { isPrivilegeField, passwordRefusal, privilegeRefusals, type AccountFlags, type PrivilegeField } from './privileges.ts';

export const usersTableRule: RowRule = (user, before, sent) => {
  const given: Partial<Record<PrivilegeField, unknown>> = {};
  for (const { column, value } of sent) if (isPrivilegeField(column.name)) given[column.name] = value;
  const account: AccountFlags | null = before && {
    IsActive: before.IsActive === true,
    IsAdmin: before.IsAdmin === true,
    IsSuperAdmin: before.IsSuperAdmin === true,
  };
  const refusals: Record<string, string> = privilegeRefusals(user, account, given);
  const password = account && sent.some((s) => s.column.name === 'TemporaryPassword') ? passwordRefusal(user, account) : null;
  if (password) refusals.TemporaryPassword = password;
  const messages = Object.values(refusals);
  return messages.length ? { error: [...new Set(messages)].join(' '), fields: refusals, forbidden: true } : null;
};
