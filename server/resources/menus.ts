// Menus: the side menu's entries, their titles, places, order and icons, each under the entry it sits under.
// Who sees an entry is its page's rule, not this table's (server/shell/menu.ts). Super administrators only.
import { iconNames, iconWords } from '../../common/icons.ts';
import { Version } from '../../common/resources/types.ts';
import { defineResource } from './define.ts';

export const menusDef = defineResource({
  name: 'menus',
  title: 'Menus',
  screen: '/admin/menus',
  menu: { section: 'administration', icon: 'menu', order: 180 },
  table: 'menus',
  alias: 'm',
  key: 'MenuID',
  version: 'Version',
  columns: [
    { name: 'MenuID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true, sql: 'm.menu_id' },
    // An entry under another: the menus' own rows, so a reference to itself is written out.
    {
      name: 'ParentID',
      label: 'Parent ID',
      type: 'integer',
      format: 'text',
      hidden: true,
      internal: true,
      sql: 'm.parent_id',
      nullable: true,
      field: { label: 'Parent', kind: 'select', rules: { digit: true }, options: { resource: 'menus', value: 'MenuID', label: 'Title' } },
    },
    {
      name: 'ParentTitle',
      label: 'Parent',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      // On a phone in the row's details: the title, address and order keep the row's room.
      hiddenOnMobile: true,
      sql: 'p.title',
      join: { alias: 'p', table: 'menus', on: 'p.menu_id = m.parent_id', left: true },
      nullable: true,
    },
    {
      name: 'Title',
      label: 'Title',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      total: 'count',
      sql: 'm.title',
      field: { kind: 'text', rules: { required: true, maxLength: 60 } },
    },
    {
      name: 'Url',
      label: 'URL',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      sql: 'm.url',
      field: { kind: 'text', rules: { maxLength: 200, pattern: '/[A-Za-z0-9/_-]*' } },
    },
    {
      name: 'Icon',
      label: 'Icon',
      type: 'text',
      format: 'text',
      hiddenOnMobile: true,
      values: iconNames,
      valueLabels: iconWords,
      sql: 'm.icon',
      field: { kind: 'select' },
    },
    {
      name: 'SortOrder',
      label: 'Order',
      type: 'integer',
      format: 'integer',
      sortable: true,
      sql: 'm.sort_order',
      field: { kind: 'number', rules: { required: true, number: true, step: 1, min: 0, max: 1000000 } },
    },
    { ...Version, sql: 'm.version' },
  ],
  defaultSort: [{ column: 'SortOrder', dir: 'asc' }],
  // Top-level entries have no parent: the title names an entry.
  names: ['Title'],
  pageSize: 25,
  access: {
    list: { superAdmin: true },
    export: { superAdmin: true },
    add: { superAdmin: true },
    edit: { superAdmin: true },
    delete: { superAdmin: true },
  },
});
