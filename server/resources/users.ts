// The users' SQL (common/resources/users.ts): each account with its group and its roles; never the
// password hash.
import { users } from '../../common/resources/users.ts';
import { defineResourceSql } from './resource-def.ts';
import { usersTableRule } from '../users/users-table-rule.ts';
import { usersScreen } from '../users/users-screen.ts';

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
    Roles: {
      sql: `array_to_string(array(select r.code from user_roles ur join roles r on r.role_id = ur.role_id where ur.user_id = u.user_id order by r.code), ', ')`,
      reads: ['user_roles', 'roles'],
    },
    IsActive: 'u.is_active',
    IsAdmin: 'u.is_admin',
    IsSuperAdmin: 'u.is_super_admin',
    CreateDate: 'u.create_date',
    UpdateDate: 'u.update_date',
    Version: 'u.version',
  },
  updatedAt: 'update_date',
  rowRule: usersTableRule,
  screenExtras: usersScreen,
  guardRefusal: 'privilegeSuperAdminRow',
});
