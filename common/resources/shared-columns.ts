// Columns several resources show the same way, declared once: a store's state (its code, chosen among the
// states' codes) and a group's name (chosen among the groups'). A resource spreads one and adds what is its
// own (`{ ...StateCode, hiddenOnMobile: true }`).
import type { Column } from './types.ts';

export const StateCode = {
  name: 'StateCode',
  label: 'State',
  type: 'text',
  format: 'text',
  sortable: true,
  searchable: true,
  choicesFrom: { resource: 'states', column: 'Code' },
} as const satisfies Column;

export const GroupName = {
  name: 'GroupName',
  label: 'Group',
  type: 'text',
  format: 'text',
  sortable: true,
  searchable: true,
  choicesFrom: { resource: 'groups', column: 'Name' },
} as const satisfies Column;
