// States: the 50 states and DC with their regions. Everyone reads them; administrators change them.
import { defineResource, Version } from './types.ts';

/** The chain's regions, by code: a state belongs to one. */
export const regionCodes = ['NE', 'SE', 'MW', 'SW', 'WE'] as const;
export type RegionCode = (typeof regionCodes)[number];

/** Each region's name, as the regional groups are named (server/db/seed-places.ts). */
export const regionNames: Record<RegionCode, string> = { NE: 'Northeast', SE: 'Southeast', MW: 'Midwest', SW: 'Southwest', WE: 'West' };

export const states = defineResource({
  name: 'states',
  title: 'States',
  screen: '/states',
  menu: { section: 'stores', icon: 'map', order: 40 },
  key: 'StateID',
  version: 'Version',
  columns: [
    { name: 'StateID', label: 'ID', type: 'integer', format: 'text', sortable: true, hidden: true, internal: true },
    { name: 'Code', label: 'Code', type: 'text', format: 'text', sortable: true, searchable: true, total: 'count' },
    { name: 'Name', label: 'Name', type: 'text', format: 'text', sortable: true, searchable: true },
    {
      name: 'Region',
      label: 'Region',
      type: 'text',
      format: 'text',
      sortable: true,
      searchable: true,
      values: regionCodes,
      valueLabels: regionNames,
    },
    Version,
  ],
  fields: [
    { name: 'Code', kind: 'text', rules: { required: true, pattern: '[A-Z]{2}' } },
    { name: 'Name', kind: 'text', rules: { required: true, maxLength: 40 } },
    { name: 'Region', kind: 'select', rules: { required: true } },
  ],
  defaultSort: [{ column: 'Name', dir: 'asc' }],
  pageSize: 25,
  access: { list: {}, export: {}, add: { admin: true }, edit: { admin: true }, delete: { admin: true } },
});
