// Menus: the side menu's entries and who sees them. Super administrators only: a wrong entry hides pages.
import { roleCodes } from '../roles.ts';
import { defineResource, versionColumn } from './types.ts';

export const menus = defineResource({
  name: 'menus',
  title: 'Menus',
  table: 'menus',
  alias: 'm',
  joins: [
    { alias: 'p', table: 'menus', on: 'p.menu_id = m.parent_id', left: true },
  ],
  key: 'MenuID',
  version: 'Version',
  columns: [
    { name: 'MenuID', sql: 'm.menu_id', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true },
    { name: 'ParentID', sql: 'm.parent_id', label: 'Parent ID', type: 'integer', format: 'text', hidden: true, nullable: true },
    { name: 'ParentTitle', sql: 'p.title', join: 'p', label: 'Parent', type: 'text', format: 'text', sortable: true, searchable: true, nullable: true },
    { name: 'Title', sql: 'm.title', label: 'Title', type: 'text', format: 'text', sortable: true, searchable: true, total: 'count' },
    { name: 'Url', sql: 'm.url', label: 'URL', type: 'text', format: 'text', sortable: true, searchable: true },
    { name: 'Icon', sql: 'm.icon', label: 'Icon', type: 'text', format: 'text', hiddenOnMobile: true },
    { name: 'SortOrder', sql: 'm.sort_order', label: 'Order', type: 'integer', format: 'integer', sortable: true },
    { name: 'RequiredRole', sql: 'm.required_role', label: 'Role', type: 'text', format: 'text', sortable: true, searchable: true, nullable: true },
    { name: 'AdminOnly', sql: 'm.admin_only', label: 'Admins only', type: 'boolean', format: 'boolean', sortable: true },
    { name: 'SuperAdminOnly', sql: 'm.super_admin_only', label: 'Super admins only', type: 'boolean', format: 'boolean', sortable: true },
    versionColumn('m'),
  ],
  fields: [
    { name: 'ParentID', label: 'Parent', input: 'select', rules: { digit: true }, options: { resource: 'menus', value: 'MenuID', label: 'Title' } },
    { name: 'Title', label: 'Title', input: 'text', rules: { required: true, maxLength: 60 } },
    { name: 'Url', label: 'URL', input: 'text', rules: { maxLength: 200, pattern: '/[A-Za-z0-9/_-]*' } },
    { name: 'Icon', label: 'Icon', input: 'text', rules: { maxLength: 30, pattern: '[a-z0-9-]*' } },
    { name: 'SortOrder', label: 'Order', input: 'number', rules: { required: true, number: true, step: 1, min: 0, max: 1000000 } },
    { name: 'RequiredRole', label: 'Role', input: 'text', rules: { pattern: roleCodes.join('|') } },
    { name: 'AdminOnly', label: 'Admins only', input: 'checkbox', rules: {} },
    { name: 'SuperAdminOnly', label: 'Super admins only', input: 'checkbox', rules: {} },
  ],
  defaultSort: [{ column: 'SortOrder', dir: 'asc' }],
  pageSize: 25,
  access: { list: { superAdmin: true }, export: { superAdmin: true }, add: { superAdmin: true }, edit: { superAdmin: true }, delete: { superAdmin: true } },
});
