// The access rule of common/roles.ts (`allows`) for a role, in SQL over a users row: administrators pass
// every role's rule, everyone else when they hold the role. For finding, in one query, every user whom
// something concerns (the missing-sales alert goes to those who may read sales). The role is bound.
import type { RoleCode } from '../../common/roles.ts';

export function passesRoleSql(u: string, role: RoleCode, params: unknown[]): string {
  params.push(role);
  return `(${u}.is_admin or ${u}.is_super_admin or exists (
    select 1 from user_roles ur join roles r on r.role_id = ur.role_id where ur.user_id = ${u}.user_id and r.code = $${params.length}))`;
}
