// The groups' SQL (common/resources/groups.ts).
import { groups } from '../../common/resources/groups.ts';
import { defineResourceSql } from './resource-def.ts';
import { groupRows } from '../stores/visible-stores.ts';

export const groupsDef = defineResourceSql(groups, {
  table: 'groups',
  alias: 'g',
  columns: {
    GroupID: 'g.group_id',
    Code: 'g.code',
    Name: 'g.name',
    Description: 'g.description',
    Version: 'g.version',
  },
  // Who does not see every store reaches only their own group (the one group a store they add may be in).
  scope: groupRows('GroupID'),
  // The head office group's code (HQ) is what makes its members see every store (migration 008).
  constraints: { groups_head_office_code: { field: 'Code', message: 'headOfficeCode' } },
});
