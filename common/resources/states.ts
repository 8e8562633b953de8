// States: the 50 states and DC with their regions. Everyone reads them; administrators change them.
import { defineResource, versionColumn } from './types.ts';

export const states = defineResource({
  name: 'states',
  title: 'States',
  table: 'states',
  alias: 'st',
  key: 'StateID',
  version: 'Version',
  columns: [
    { name: 'StateID', sql: 'st.state_id', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true },
    { name: 'Code', sql: 'st.code', label: 'Code', type: 'text', format: 'text', sortable: true, searchable: true, total: 'count' },
    { name: 'Name', sql: 'st.name', label: 'Name', type: 'text', format: 'text', sortable: true, searchable: true },
    { name: 'Region', sql: 'st.region', label: 'Region', type: 'text', format: 'text', sortable: true, searchable: true },
    versionColumn('st'),
  ],
  fields: [
    { name: 'Code', label: 'Code', input: 'text', rules: { required: true, pattern: '[A-Z]{2}' } },
    { name: 'Name', label: 'Name', input: 'text', rules: { required: true, maxLength: 40 } },
    { name: 'Region', label: 'Region', input: 'text', rules: { required: true, maxLength: 20 } },
  ],
  defaultSort: [{ column: 'Name', dir: 'asc' }],
  pageSize: 25,
  access: { list: {}, export: {}, add: { admin: true }, edit: { admin: true }, delete: { admin: true } },
});
