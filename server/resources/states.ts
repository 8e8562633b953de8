// States: the 50 states and DC with their regions. Everyone reads them; administrators change them.
import { Version } from '../../common/resources/types.ts';
import { defineResource } from './define.ts';

/** The chain's regions, by code: a state belongs to one. */
export const regionCodes = ['NE', 'SE', 'MW', 'SW', 'WE'] as const;
export type RegionCode = (typeof regionCodes)[number];

/** Each region's name, as the regional groups are named (server/demo/seed-places.ts). */
export const regionNames: Record<RegionCode, string> = { NE: 'Northeast', SE: 'Southeast', MW: 'Midwest', SW: 'Southwest', WE: 'West' };

export const statesDef = defineResource({
  name: 'states',
  title: 'States',
  screen: '/states',
  menu: { section: 'stores', icon: 'map', order: 40 },
  table: 'states',
  alias: 'st',
  key: 'StateID',
  version: 'Version',
  columns: [
    { name: 'StateID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true, sql: 'st.state_id' },
    {
      name: 'Code',
      label: 'Code',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      total: 'count',
      sql: 'st.code',
      field: { kind: 'text', rules: { required: true, pattern: '[A-Z]{2}' } },
    },
    {
      name: 'Name',
      label: 'Name',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      sql: 'st.name',
      field: { kind: 'text', rules: { required: true, maxLength: 40 } },
    },
    {
      name: 'Region',
      label: 'Region',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      values: regionCodes,
      valueLabels: regionNames,
      sql: 'st.region',
      field: { kind: 'select', rules: { required: true } },
    },
    { ...Version, sql: 'st.version' },
  ],
  defaultSort: [{ column: 'Name', dir: 'asc' }],
  names: ['Name'],
  pageSize: 25,
  access: { list: {}, export: {}, add: { admin: true }, edit: { admin: true }, delete: { admin: true } },
  import: { key: ['Code'] },
});
