// Users: names, group, flags and roles. Administrators list and edit them; accounts are created by the
// user form (it sets a password), so the table cannot add. Only super administrators change a super
// administrator's account or delete anyone. The password hash is never a column.
import { defineResource, versionColumn } from './types.ts';

export const users = defineResource({
  name: 'users',
  title: 'Users',
  table: 'users',
  alias: 'u',
  joins: [
    { alias: 'g', table: 'groups', on: 'g.group_id = u.group_id', left: true },
  ],
  key: 'UserID',
  version: 'Version',
  updatedAt: 'update_date',
  columns: [
    { name: 'UserID', sql: 'u.user_id', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true },
    { name: 'UserName', sql: 'u.user_name', label: 'User name', type: 'text', format: 'text', sortable: true, searchable: true, total: 'count' },
    { name: 'FirstName', sql: 'u.first_name', label: 'First name', type: 'text', format: 'text', sortable: true, searchable: true },
    { name: 'MiddleName', sql: 'u.middle_name', label: 'Middle name', type: 'text', format: 'text', hidden: true },
    { name: 'LastName', sql: 'u.last_name', label: 'Last name', type: 'text', format: 'text', sortable: true, searchable: true },
    { name: 'Email', sql: 'u.email', label: 'Email', type: 'text', format: 'text', sortable: true, searchable: true, hiddenOnMobile: true },
    { name: 'GroupID', sql: 'u.group_id', label: 'Group ID', type: 'integer', format: 'text', hidden: true, nullable: true },
    { name: 'GroupName', sql: 'g.name', join: 'g', label: 'Group', type: 'text', format: 'text', sortable: true, searchable: true, nullable: true },
    {
      name: 'Roles',
      sql: `array_to_string(array(select r.code from user_roles ur join roles r on r.role_id = ur.role_id where ur.user_id = u.user_id order by r.code), ', ')`,
      reads: ['user_roles', 'roles'],
      label: 'Roles', type: 'text', format: 'text', hiddenOnMobile: true,
    },
    { name: 'IsActive', sql: 'u.is_active', label: 'Active', type: 'boolean', format: 'boolean', sortable: true },
    { name: 'IsAdmin', sql: 'u.is_admin', label: 'Admin', type: 'boolean', format: 'boolean', sortable: true },
    { name: 'IsSuperAdmin', sql: 'u.is_super_admin', label: 'Super admin', type: 'boolean', format: 'boolean', sortable: true },
    { name: 'CreateDate', sql: 'u.create_date', label: 'Created', type: 'datetime', format: 'date', sortable: true, hiddenOnMobile: true },
    { name: 'UpdateDate', sql: 'u.update_date', label: 'Updated', type: 'datetime', format: 'datetime', sortable: true, hidden: true },
    versionColumn('u'),
  ],
  fields: [
    { name: 'FirstName', label: 'First name', input: 'text', rules: { required: true, maxLength: 60 } },
    { name: 'MiddleName', label: 'Middle name', input: 'text', rules: { maxLength: 60 } },
    { name: 'LastName', label: 'Last name', input: 'text', rules: { required: true, maxLength: 60 } },
    { name: 'Email', label: 'Email', input: 'text', rules: { email: true, maxLength: 120 } },
    { name: 'GroupID', label: 'Group', input: 'select', rules: { digit: true }, options: { resource: 'groups', value: 'GroupID', label: 'Name' } },
    { name: 'IsActive', label: 'Active', input: 'checkbox', rules: {} },
    { name: 'IsAdmin', label: 'Admin', input: 'checkbox', rules: {} },
  ],
  defaultSort: [{ column: 'UserName', dir: 'asc' }],
  pageSize: 25,
  guardedRows: { when: 'u.is_super_admin', access: { superAdmin: true } },
  ownAccount: { unchangeable: ['IsActive', 'IsAdmin'] },
  access: { list: { admin: true }, export: { admin: true }, add: false, edit: { admin: true }, delete: { superAdmin: true } },
});
