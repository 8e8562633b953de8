// The users' SQL (common/resources/users.ts): each account with its group, its roles and instances (lists of
// codes in their link tables, which an edit replaces); never the password hash, which a temporary password
// only writes.
import { users } from '../../common/resources/users.ts';
import { defineResourceSql } from './resource-def.ts';
import { usersTableRule } from '../users/users-table-rule.ts';

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
      links: {
        table: 'user_roles',
        owner: 'user_id',
        target: 'role_id',
        choices: { table: 'roles', id: 'role_id', code: 'code', name: 'name' },
      },
    },
    Instances: {
      sql: `array_to_string(array(select i.code from user_instances ui join instances i on i.instance_id = ui.instance_id where ui.user_id = u.user_id order by i.code), ', ')`,
      reads: ['user_instances', 'instances'],
      links: {
        table: 'user_instances',
        owner: 'user_id',
        target: 'instance_id',
        choices: { table: 'instances', id: 'instance_id', code: 'code', name: 'name' },
      },
    },
    IsActive: 'u.is_active',
    IsAdmin: 'u.is_admin',
    IsSuperAdmin: 'u.is_super_admin',
    MustChangePassword: 'u.must_change_password',
    // Set, it is the holder's password until they choose their own at their next sign-in (server/auth/).
    TemporaryPassword: { sql: `''::text`, writes: 'password_hash', password: { alsoSets: { must_change_password: 'true' } } },
    CreateDate: 'u.create_date',
    UpdateDate: 'u.update_date',
    Version: 'u.version',
  },
  updatedAt: 'update_date',
  rowRule: usersTableRule,
  guardRefusal: 'privilegeSuperAdminRow',
});
