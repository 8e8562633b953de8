// The menus' SQL (common/resources/menus.ts): an entry and the entry it sits under.
import { menus } from '../../common/resources/menus.ts';
import { defineResourceSql } from './resource-def.ts';

export const menusDef = defineResourceSql(menus, {
  table: 'menus',
  alias: 'm',
  joins: [{ alias: 'p', table: 'menus', on: 'p.menu_id = m.parent_id', left: true }],
  columns: {
    MenuID: 'm.menu_id',
    ParentID: { sql: 'm.parent_id', nullable: true },
    ParentTitle: { sql: 'p.title', join: 'p', nullable: true },
    Title: 'm.title',
    Url: 'm.url',
    Icon: 'm.icon',
    SortOrder: 'm.sort_order',
    Version: 'm.version',
  },
});
