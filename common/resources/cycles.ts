// Cycles: the weekly and monthly reporting periods. Everyone reads them; administrators change them.
import { defineResource, versionColumn } from './types.ts';

export const cycles = defineResource({
  name: 'cycles',
  title: 'Cycles',
  table: 'cycles',
  alias: 'c',
  key: 'CycleID',
  version: 'Version',
  columns: [
    { name: 'CycleID', sql: 'c.cycle_id', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true },
    { name: 'Kind', sql: 'c.kind', label: 'Kind', type: 'text', format: 'text', sortable: true, searchable: true },
    { name: 'Name', sql: 'c.name', label: 'Name', type: 'text', format: 'text', sortable: true, searchable: true, total: 'count' },
    { name: 'StartDate', sql: 'c.start_date', label: 'Start', type: 'date', format: 'date', sortable: true },
    { name: 'EndDate', sql: 'c.end_date', label: 'End', type: 'date', format: 'date', sortable: true },
    versionColumn('c'),
  ],
  fields: [
    { name: 'Kind', label: 'Kind', input: 'text', rules: { required: true, pattern: 'weekly|monthly' } },
    { name: 'Name', label: 'Name', input: 'text', rules: { required: true, maxLength: 40 } },
    { name: 'StartDate', label: 'Start', input: 'date', rules: { required: true } },
    { name: 'EndDate', label: 'End', input: 'date', rules: { required: true } },
  ],
  constraints: { cycles_end_not_before_start: { field: 'EndDate', message: 'endBeforeStart' } },
  defaultSort: [{ column: 'StartDate', dir: 'desc' }],
  pageSize: 25,
  access: { list: {}, export: {}, add: { admin: true }, edit: { admin: true }, delete: { admin: true } },
});
