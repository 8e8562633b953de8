// Cycles: the weekly and monthly reporting periods. Everyone reads them; administrators change them.
import { Version } from '../../common/resources/types.ts';
import { defineResource } from './define.ts';

export const cyclesDef = defineResource({
  name: 'cycles',
  title: 'Cycles',
  screen: '/cycles',
  menu: { section: 'stores', icon: 'calendar', order: 50 },
  table: 'cycles',
  alias: 'c',
  key: 'CycleID',
  version: 'Version',
  columns: [
    { name: 'CycleID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true, sql: 'c.cycle_id' },
    {
      name: 'Kind',
      label: 'Kind',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      values: ['weekly', 'monthly'],
      valueLabels: { weekly: 'Weekly', monthly: 'Monthly' },
      sql: 'c.kind',
      field: { kind: 'select', rules: { required: true } },
    },
    {
      name: 'Name',
      label: 'Name',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      total: 'count',
      sql: 'c.name',
      field: { kind: 'text', rules: { required: true, maxLength: 40 } },
    },
    {
      name: 'StartDate',
      label: 'Start',
      type: 'date',
      format: 'date',
      sortable: true,
      sql: 'c.start_date',
      field: { kind: 'date', rules: { required: true } },
    },
    {
      name: 'EndDate',
      label: 'End',
      type: 'date',
      format: 'date',
      sortable: true,
      sql: 'c.end_date',
      field: { kind: 'date', rules: { required: true } },
    },
    { ...Version, sql: 'c.version' },
  ],
  defaultSort: [{ column: 'StartDate', dir: 'desc' }],
  // The kind comes first in the table; the name names a cycle.
  names: ['Name'],
  pageSize: 25,
  access: { list: {}, export: {}, add: { admin: true }, edit: { admin: true }, delete: { admin: true } },
  // A cycle is one of its kind starting on its day (the table's unique key).
  import: { key: ['Kind', 'StartDate'] },
  constraints: { cycles_end_not_before_start: { field: 'EndDate', message: 'endBeforeStart' } },
});
