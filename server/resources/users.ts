// The users' SQL (common/resources/users.ts): each account with its group, its roles and instances (lists of
// codes in their link tables, which an edit replaces); never the password hash, which a temporary password
// only writes.
import { users } from '../../common/resources/users.ts';
import { hashPassword } from '../auth/password.ts';
import { sameGroupRule } from '../stores/visible-stores.ts';
import { usersScreen } from '../users/users-screen.ts';
import { usersTableRule } from '../users/users-table-rule.ts';
import { defineResourceSql } from './resource-def.ts';
import type { ColumnSql } from './resource-sql.ts';

/**
 * A user's codes of one kind (roles, instances), read by `sql` (in code order, comma separated); written as
 * rows of the link table (`link`: user and `id`) naming rows of `table` by code.
 */
function codesOf(sql: string, link: 'user_roles' | 'user_instances', table: 'roles' | 'instances', id: string): ColumnSql<never> {
  return {
    sql,
    reads: [link, table],
    links: { table: link, owner: 'user_id', target: id, choices: { table, id, code: 'code', name: 'name' } },
  };
}

export const usersDef = defineResourceSql(users, {
  table: 'users',
  alias: 'u',
  joins: [{ alias: 'g', table: 'groups', on: 'g.group_id = u.group_id', left: true }],
  columns: {
    UserID: 'u.user_id',
    UserName: 'u.user_name',
    FirstName: 'u.first_name',
    MiddleName: 'u.middle_name',
    LastName: 'u.last_name',
    FullName: `concat_ws(' ', u.first_name, nullif(u.middle_name, ''), u.last_name)`,
    Email: 'u.email',
    GroupID: { sql: 'u.group_id', nullable: true },
    GroupName: { sql: 'g.name', join: 'g', nullable: true },
    Roles: codesOf(
      `array_to_string(array(select r.code from user_roles ur join roles r on r.role_id = ur.role_id where ur.user_id = u.user_id order by r.code), ', ')`,
      'user_roles',
      'roles',
      'role_id',
    ),
    Instances: codesOf(
      `array_to_string(array(select i.code from user_instances ui join instances i on i.instance_id = ui.instance_id where ui.user_id = u.user_id order by i.code), ', ')`,
      'user_instances',
      'instances',
      'instance_id',
    ),
    IsActive: 'u.is_active',
    IsAdmin: 'u.is_admin',
    IsSuperAdmin: 'u.is_super_admin',
    MustChangePassword: 'u.must_change_password',
    // Set, it is the holder's password until they choose their own at their next sign-in (server/auth/), hashed as the sign-in checks it.
    TemporaryPassword: {
      sql: `''::text`,
      writes: 'password_hash',
      password: { hash: hashPassword, alsoSets: { must_change_password: 'true' } },
    },
    CreateDate: 'u.create_date',
    UpdateDate: 'u.update_date',
    Version: 'u.version',
  },
  updatedAt: 'update_date',
  rowRule: usersTableRule,
  screenExtras: usersScreen,
  // A message's recipients are offered from the sender's own group (common/resources/inbox.ts).
  sameGroupRule,
  guardRefusal: 'privilegeSuperAdminRow',
});
