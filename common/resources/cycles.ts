// Cycles: the weekly and monthly reporting periods. Everyone reads them; administrators change them.
import { defineResource, Version } from './types.ts';

export const cycles = defineResource({
  name: 'cycles',
  title: 'Cycles',
  screen: '/cycles',
  menu: { section: 'stores', icon: 'calendar', order: 50 },
  key: 'CycleID',
  version: 'Version',
  columns: [
    { name: 'CycleID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true },
    {
      name: 'Kind',
      label: 'Kind',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      values: ['weekly', 'monthly'],
      valueLabels: { weekly: 'Weekly', monthly: 'Monthly' },
    },
    { name: 'Name', label: 'Name', type: 'text', format: 'text', sortable: true, searchable: true, total: 'count' },
    { name: 'StartDate', label: 'Start', type: 'date', format: 'date', sortable: true },
    { name: 'EndDate', label: 'End', type: 'date', format: 'date', sortable: true },
    Version,
  ],
  fields: [
    { name: 'Kind', kind: 'select', rules: { required: true } },
    { name: 'Name', kind: 'text', rules: { required: true, maxLength: 40 } },
    { name: 'StartDate', kind: 'date', rules: { required: true } },
    { name: 'EndDate', kind: 'date', rules: { required: true } },
  ],
  defaultSort: [{ column: 'StartDate', dir: 'desc' }],
  pageSize: 25,
  access: { list: {}, export: {}, add: { admin: true }, edit: { admin: true }, delete: { admin: true } },
});
