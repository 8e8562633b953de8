// Users: names, group, flags, roles and instances (lists of codes in their link tables, which an edit
// replaces). Administrators list and edit them; accounts are created by the user form (it sets a password),
// so the table cannot add. Only super administrators change a super administrator's account or delete
// anyone (usersTableRule). The password hash is never a column: an administrator's edit may set a temporary
// password (write-only), which its holder must replace at their next sign-in.
import { passwordRules } from '../../common/password-rules.ts';
import { Version } from '../../common/resources/types.ts';
import { hashPassword } from '../auth/password.ts';
import { sameGroupRule } from '../stores/visible-stores.ts';
import { usersScreen } from '../users/users-screen.ts';
import { usersTableRule } from '../users/users-table-rule.ts';
import { defineResource, reference } from './define.ts';
import { groupsDef } from './groups.ts';
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

export const usersDef = defineResource({
  name: 'users',
  title: 'Users',
  screen: '/admin/users',
  menu: { section: 'administration', icon: 'users', order: 160 },
  table: 'users',
  alias: 'u',
  key: 'UserID',
  version: 'Version',
  columns: [
    { name: 'UserID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true, sql: 'u.user_id' },
    {
      name: 'UserName',
      label: 'User name',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      total: 'count',
      sql: 'u.user_name',
    },
    {
      name: 'FirstName',
      label: 'First name',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      sql: 'u.first_name',
      field: { kind: 'text', rules: { required: true, maxLength: 60 } },
    },
    {
      name: 'MiddleName',
      label: 'Middle name',
      type: 'text',
      format: 'text',
      hidden: true,
      sql: 'u.middle_name',
      field: { kind: 'text', rules: { maxLength: 60 } },
    },
    {
      name: 'LastName',
      label: 'Last name',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      sql: 'u.last_name',
      field: { kind: 'text', rules: { required: true, maxLength: 60 } },
    },
    // Whom a message goes to is chosen by it (inbox.ts): people know each other by name, not by user name.
    {
      name: 'FullName',
      label: 'Full name',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      hidden: true,
      sql: `concat_ws(' ', u.first_name, nullif(u.middle_name, ''), u.last_name)`,
    },
    {
      name: 'Email',
      label: 'Email',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      hiddenOnMobile: true,
      sql: 'u.email',
      field: { kind: 'text', rules: { email: true, maxLength: 120 } },
    },
    reference(groupsDef, { key: 'GroupID', sql: 'u.group_id', alias: 'g', label: 'Group', shows: { GroupName: 'Name' }, optional: true }),
    { name: 'IsActive', label: 'Active', type: 'boolean', format: 'boolean', sortable: true, sql: 'u.is_active', field: { kind: 'flag' } },
    // Called as the new-user form calls them (accessAdmin, accessSuperAdmin): one name for one thing.
    {
      name: 'IsAdmin',
      label: 'Administrator',
      type: 'boolean',
      format: 'boolean',
      sortable: true,
      sql: 'u.is_admin',
      field: { kind: 'flag' },
    },
    {
      name: 'IsSuperAdmin',
      label: 'Super administrator',
      type: 'boolean',
      format: 'boolean',
      sortable: true,
      sql: 'u.is_super_admin',
      field: { kind: 'flag', access: { superAdmin: true } },
    },
    {
      name: 'Roles',
      label: 'Roles',
      type: 'text',
      format: 'text',
      hiddenOnMobile: true,
      ...codesOf(
        `array_to_string(array(select r.code from user_roles ur join roles r on r.role_id = ur.role_id where ur.user_id = u.user_id order by r.code), ', ')`,
        'user_roles',
        'roles',
        'role_id',
      ),
      field: { kind: 'choices' },
    },
    {
      name: 'Instances',
      label: 'Instances',
      type: 'text',
      format: 'text',
      hidden: true,
      ...codesOf(
        `array_to_string(array(select i.code from user_instances ui join instances i on i.instance_id = ui.instance_id where ui.user_id = u.user_id order by i.code), ', ')`,
        'user_instances',
        'instances',
        'instance_id',
      ),
      field: { kind: 'choices' },
    },
    {
      name: 'MustChangePassword',
      label: 'Must change password',
      type: 'boolean',
      format: 'boolean',
      sortable: true,
      hidden: true,
      sql: 'u.must_change_password',
    },
    // Write-only: read back always empty, so neither the table nor the audit log ever holds a password. Set,
    // it is the holder's password until they choose their own at their next sign-in (server/auth/), hashed
    // as the sign-in checks it.
    {
      name: 'TemporaryPassword',
      label: 'Temporary password',
      type: 'text',
      format: 'text',
      hidden: true,
      internal: true,
      sql: `''::text`,
      writes: 'password_hash',
      password: { hash: hashPassword, alsoSets: { must_change_password: 'true' } },
      field: { kind: 'password', on: ['edit'], rules: passwordRules, hint: 'hintTemporaryPassword', autocomplete: 'new-password' },
    },
    { name: 'CreateDate', label: 'Created', type: 'datetime', format: 'date', sortable: true, hiddenOnMobile: true, sql: 'u.create_date' },
    { name: 'UpdateDate', label: 'Updated', type: 'datetime', format: 'datetime', sortable: true, hidden: true, sql: 'u.update_date' },
    { ...Version, sql: 'u.version' },
  ],
  defaultSort: [{ column: 'UserName', dir: 'asc' }],
  pageSize: 25,
  guardedRows: { when: 'IsSuperAdmin', access: { superAdmin: true } },
  ownAccount: { unchangeable: ['IsActive', 'IsAdmin', 'IsSuperAdmin', 'TemporaryPassword'] },
  access: { list: { admin: true }, export: { admin: true }, add: false, edit: { admin: true }, delete: { superAdmin: true } },
  updatedAt: 'update_date',
  rowRule: usersTableRule,
  screenExtras: usersScreen,
  // A message's recipients are offered from the sender's own group (inbox.ts).
  sameGroupRule,
  guardRefusal: 'privilegeSuperAdminRow',
});
