// Menus: the side menu's entries, their titles, places, order and icons. Who sees an entry is its page's
// rule, not the table's (server/shell/menu.ts). Super administrators only.
import { iconNames, iconWords } from '../icons.ts';
import { defineResource, Version } from './types.ts';

export const menus = defineResource({
  name: 'menus',
  title: 'Menus',
  screen: '/admin/menus',
  menu: { section: 'administration', icon: 'menu', order: 180 },
  key: 'MenuID',
  version: 'Version',
  columns: [
    { name: 'MenuID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true },
    { name: 'ParentID', label: 'Parent ID', type: 'integer', format: 'text', hidden: true, internal: true },
    { name: 'ParentTitle', label: 'Parent', type: 'text', format: 'text', sortable: true, searchable: true },
    { name: 'Title', label: 'Title', type: 'text', format: 'text', sortable: true, searchable: true, total: 'count' },
    { name: 'Url', label: 'URL', type: 'text', format: 'text', sortable: true, searchable: true },
    { name: 'Icon', label: 'Icon', type: 'text', format: 'text', hiddenOnMobile: true, values: iconNames, valueLabels: iconWords },
    { name: 'SortOrder', label: 'Order', type: 'integer', format: 'integer', sortable: true },
    Version,
  ],
  fields: [
    {
      name: 'ParentID',
      label: 'Parent',
      kind: 'select',
      rules: { digit: true },
      options: { resource: 'menus', value: 'MenuID', label: 'Title' },
    },
    { name: 'Title', kind: 'text', rules: { required: true, maxLength: 60 } },
    { name: 'Url', kind: 'text', rules: { maxLength: 200, pattern: '/[A-Za-z0-9/_-]*' } },
    { name: 'Icon', kind: 'select' },
    { name: 'SortOrder', kind: 'number', rules: { required: true, number: true, step: 1, min: 0, max: 1000000 } },
  ],
  defaultSort: [{ column: 'SortOrder', dir: 'asc' }],
  pageSize: 25,
  access: {
    list: { superAdmin: true },
    export: { superAdmin: true },
    add: { superAdmin: true },
    edit: { superAdmin: true },
    delete: { superAdmin: true },
  },
});
