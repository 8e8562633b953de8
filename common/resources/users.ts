// Users: names, group, flags, roles and instances. Administrators list and edit them; accounts are created by
// the user form (it sets a password), so the table cannot add. Only super administrators change a super
// administrator's account or delete anyone. The password hash is never a column: an administrator's edit may
// set a temporary password (write-only), which its holder must replace at their next sign-in.
import { passwordRules } from '../password-rules.ts';
import { defineResource, Version } from './types.ts';
import { GroupName } from './shared-columns.ts';

export const users = defineResource({
  name: 'users',
  title: 'Users',
  screen: '/admin/users',
  menu: { section: 'administration', icon: 'users', order: 160 },
  key: 'UserID',
  version: 'Version',
  columns: [
    { name: 'UserID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true },
    { name: 'UserName', label: 'User name', type: 'text', format: 'text', sortable: true, searchable: true, total: 'count' },
    { name: 'FirstName', label: 'First name', type: 'text', format: 'text', sortable: true, searchable: true },
    { name: 'MiddleName', label: 'Middle name', type: 'text', format: 'text', hidden: true },
    { name: 'LastName', label: 'Last name', type: 'text', format: 'text', sortable: true, searchable: true },
    // Whom a message goes to is chosen by it (inbox.ts): people know each other by name, not by user name.
    { name: 'FullName', label: 'Full name', type: 'text', format: 'text', sortable: true, searchable: true, hidden: true },
    { name: 'Email', label: 'Email', type: 'text', format: 'text', sortable: true, searchable: true, hiddenOnMobile: true },
    { name: 'GroupID', label: 'Group ID', type: 'integer', format: 'text', hidden: true, internal: true },
    GroupName,
    { name: 'Roles', label: 'Roles', type: 'text', format: 'text', hiddenOnMobile: true },
    { name: 'Instances', label: 'Instances', type: 'text', format: 'text', hidden: true },
    { name: 'IsActive', label: 'Active', type: 'boolean', format: 'boolean', sortable: true },
    { name: 'IsAdmin', label: 'Admin', type: 'boolean', format: 'boolean', sortable: true },
    { name: 'IsSuperAdmin', label: 'Super admin', type: 'boolean', format: 'boolean', sortable: true },
    { name: 'MustChangePassword', label: 'Must change password', type: 'boolean', format: 'boolean', sortable: true, hidden: true },
    // Write-only: read back always empty, so neither the table nor the audit log ever holds a password.
    { name: 'TemporaryPassword', label: 'Temporary password', type: 'text', format: 'text', hidden: true, internal: true },
    { name: 'CreateDate', label: 'Created', type: 'datetime', format: 'date', sortable: true, hiddenOnMobile: true },
    { name: 'UpdateDate', label: 'Updated', type: 'datetime', format: 'datetime', sortable: true, hidden: true },
    Version,
  ],
  fields: [
    { name: 'FirstName', kind: 'text', rules: { required: true, maxLength: 60 } },
    { name: 'MiddleName', kind: 'text', rules: { maxLength: 60 } },
    { name: 'LastName', kind: 'text', rules: { required: true, maxLength: 60 } },
    { name: 'Email', kind: 'text', rules: { email: true, maxLength: 120 } },
    {
      name: 'GroupID',
      label: 'Group',
      kind: 'select',
      rules: { digit: true },
      options: { resource: 'groups', value: 'GroupID', label: 'Name' },
    },
    { name: 'IsActive', kind: 'flag' },
    { name: 'IsAdmin', kind: 'flag' },
    { name: 'IsSuperAdmin', kind: 'flag', access: { superAdmin: true } },
    { name: 'Roles', kind: 'choices' },
    { name: 'Instances', kind: 'choices' },
    {
      name: 'TemporaryPassword',
      kind: 'password',
      on: ['edit'],
      rules: passwordRules,
      hint: 'hintTemporaryPassword',
      autocomplete: 'new-password',
    },
  ],
  defaultSort: [{ column: 'UserName', dir: 'asc' }],
  pageSize: 25,
  guardedRows: { when: 'IsSuperAdmin', access: { superAdmin: true } },
  ownAccount: { unchangeable: ['IsActive', 'IsAdmin', 'IsSuperAdmin', 'TemporaryPassword'] },
  access: { list: { admin: true }, export: { admin: true }, add: false, edit: { admin: true }, delete: { superAdmin: true } },
});
